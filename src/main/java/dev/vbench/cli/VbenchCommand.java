package dev.vbench.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;

/** The top-level {@code vbench} command: subcommands only. */
@Command(
        name = "vbench",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Benchmark runner for JVM executor strategies: composes workloads (sleep I/O, pi CPU, …) with executors",
            "(fixed pool, virtual threads, …), records every task's latency in HdrHistograms and computes statistics",
            "over repeated trials.",
            "",
            "Examples:",
            "  vbench run --workload io --executor virtual --tasks 10000",
            "  vbench run -w io -e fixed:threads=200 -e virtual --tasks 10000 --format markdown",
            "  vbench compare before.json after.json --fail-on-regression 5%%",
            "  vbench list",
            "  vbench report io.json --format html -o io.html"
        },
        footer = {"", "Exit codes: 0 ok, 1 failed tasks or regression gate, 2 bad usage or input, 3 environment problem,",
            "4 internal error, 130 interrupted."},
        subcommands = {RunCommand.class, CompareCommand.class, ListCommand.class, ReportCommand.class, CalibrateCommand.class,
            HistoryCommand.class, ForkCellCommand.class, CompletionCommand.class, HelpCommand.class})
public final class VbenchCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                "missing command; use 'vbench run', 'vbench list' or 'vbench --help'");
    }
}
