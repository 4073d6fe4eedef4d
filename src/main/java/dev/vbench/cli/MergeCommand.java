package dev.vbench.cli;

import dev.vbench.app.ExitCodes;
import dev.vbench.app.MergeUseCase;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code vbench merge}: one result from the shards of one plan ({@code vbench run … --shard K/N}). */
@Command(
        name = "merge",
        sortOptions = false,
        showDefaultValues = true,
        description = {
            "Merge the results of the shards of one plan into one result.",
            "",
            "The shards are the JSON results of 'vbench run … --shard K/N -o shard-K.json'.",
            "Refuses shards of different plans, a missing or repeated shard, a shard that did not finish,",
            "and shards from machines that differ (CPU model and count, OS, JDK) unless --allow-mixed-testbeds.",
            "The merged result records which host ran which cell; report, compare and history add read it",
            "like any result.",
            "",
            "Examples:",
            "  vbench merge shard-*.json -o all.json",
            "  vbench merge shard-*.json -o all.json --allow-mixed-testbeds"
        })
public final class MergeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Parameters(
            arity = "1..*",
            paramLabel = "SHARD.json",
            description = "Each shard's result (vbench run … --shard K/N -o FILE.json).")
    List<Path> inputs = new ArrayList<>();

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE.json",
            required = true,
            description =
                    "Where the merged JSON result goes (written atomically; nothing is written when a check fails).")
    Path output;

    @Option(
            names = "--allow-mixed-testbeds",
            description = "Merge shards from machines that differ; tables footnote the cells measured on other hosts.")
    boolean allowMixedTestbeds;

    @Option(
            names = {"-q", "--quiet"},
            description = "Print nothing on stderr when the merge succeeds.")
    boolean quiet;

    @Override
    public Integer call() {
        MergeUseCase.Outcome outcome = MergeUseCase.merge(new MergeUseCase.Request(inputs, output, allowMixedTestbeds));
        if (!quiet) {
            PrintWriter err = spec.commandLine().getErr();
            outcome.lines().forEach(line -> err.println("vbench: " + line));
            err.flush();
        }
        return ExitCodes.OK;
    }
}
