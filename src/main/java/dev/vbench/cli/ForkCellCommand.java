package dev.vbench.cli;

import dev.vbench.app.ForkUseCase;
import dev.vbench.app.RunRequest;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The child side of {@code vbench run --forks N} (hidden): reads the fork plan the parent
 * (engine/ForkRunner) sends on its stdin, runs that cell's warmup and measured trials in this JVM and writes
 * them as a vbench result file; a calibration fork ({@code vbench calibrate --forks}) measures the rounds its
 * plan names instead and writes them. The plan is the whole protocol. The parent's own command line
 * ({@code fork-cell - RESULT FORK}) is run by {@link Cli} without picocli's model; this command is the rest
 * (a plan file, {@code --stacktrace}, {@code --help}).
 */
@Command(
        name = RunRequest.FORK_COMMAND,
        hidden = true,
        description = "Internal: run the cell of a fork plan in this JVM and write its trials to RESULT"
                + " (used by 'vbench run --forks').")
public final class ForkCellCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Parameters(
            index = "0",
            paramLabel = "PLAN",
            description = "'-': the fork plan (JSON) is the first line of stdin, as"
                    + " the parent sends it; else a file holding one.")
    String plan;

    @Parameters(index = "1", paramLabel = "RESULT", description = "Where to write the trials (a vbench result file).")
    Path out;

    @Parameters(index = "2", paramLabel = "FORK", description = "This fork's number, from 1.")
    int fork;

    @Override
    public Integer call() throws Exception {
        return ForkUseCase.runCell(
                plan, out, fork, VersionProvider.version(), spec.commandLine().getErr());
    }
}
