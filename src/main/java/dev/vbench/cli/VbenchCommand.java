package dev.vbench.cli;

import dev.vbench.app.RunRequest;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;

/**
 * The top-level {@code vbench} command: subcommands only. They are listed in {@link #SUBCOMMANDS}
 * rather than in the annotation so that {@link Cli#run} builds only the one a command line names:
 * picocli reflects over every option of every command it is given, a fifth of the start-up time.
 */
@Command(
        name = "vbench",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "A benchmark runner for the JVM: workloads on executors, tested for significance.",
            "",
            "Composes workloads (blocking I/O, CPU, JDBC, HTTP, your own method) with executors (a fixed pool,",
            "a virtual thread per task, …), records every task's latency in HdrHistograms, repeats each",
            "combination in trials and tests every speedup and change for significance over the trials.",
            "",
            "Examples:",
            "  vbench run --workload io --executor virtual --tasks 10000",
            "  vbench run -w io -e fixed:threads=200 -e virtual --tasks 10000 -f markdown",
            "  vbench compare before.json after.json --fail-on-regression 5%%",
            "  vbench list",
            "  vbench report io.json --format html -o io.html"
        },
        footer = {
            "",
            "Exit codes: 0 ok, 1 failed tasks or a regression gate, 2 bad usage or input, 3 environment problem,",
            "4 internal error (a bug in vbench), 5 a cell got stuck, 6 user code ended the JVM, 130 interrupted.",
            "",
            "Documentation: README.md and docs/ of the release archive or the source tree."
        })
public final class VbenchCommand implements Runnable {

    /** Every subcommand by name, in help order. */
    static final Map<String, Supplier<Object>> SUBCOMMANDS = new LinkedHashMap<>();

    static {
        SUBCOMMANDS.put("run", RunCommand::new);
        SUBCOMMANDS.put("compare", CompareCommand::new);
        SUBCOMMANDS.put("list", ListCommand::new);
        SUBCOMMANDS.put("report", ReportCommand::new);
        SUBCOMMANDS.put("merge", MergeCommand::new);
        SUBCOMMANDS.put("calibrate", CalibrateCommand::new);
        SUBCOMMANDS.put("noise", NoiseCommand::new);
        SUBCOMMANDS.put("history", HistoryCommand::new);
        SUBCOMMANDS.put(RunRequest.FORK_COMMAND, ForkCellCommand::new);
        SUBCOMMANDS.put("generate-completion", CompletionCommand::new);
        SUBCOMMANDS.put("help", HelpCommand::new);
    }

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(
                spec.commandLine(), "missing command; use 'vbench run', 'vbench list' or 'vbench --help'");
    }
}
