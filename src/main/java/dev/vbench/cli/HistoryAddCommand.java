package dev.vbench.cli;

import dev.vbench.app.ExitCodes;
import dev.vbench.app.HistoryAddUseCase;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code vbench history add FILE…}: stores result files (vbench of any schema version, JMH JSON). */
@Command(
        name = "add",
        sortOptions = false,
        description = {
            "Store result files (vbench or JMH JSON) in the history.",
            "",
            "Store result files in the history: vbench results (every schema version) and JMH JSON",
            "(-rf json). Each file is one run, stored whole or not at all, at the time inside it (JMH files:",
            "their modification time). All files are read before any is stored. The files were measured",
            "earlier, so the working directory's git is not read: --branch and --commit are stored as given",
            "(- when not given).",
            "",
            "Examples:",
            "  vbench history add nightly/*.json",
            "  vbench history add --history jdbc:postgresql://db/bench \\",
            "      --branch main --commit 1a2b3c jmh.json"
        })
public final class HistoryAddCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Mixin
    HistoryOptions history;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Result files to store.")
    List<Path> files = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        HistoryAddUseCase.add(history.target(), files, out::println);
        out.flush();
        return ExitCodes.OK;
    }
}
