package dev.vbench.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code vbench history}: the stored results of every run, their trends and change points. */
@Command(name = "history", sortOptions = false,
        description = {"The results history: every run stored (embedded H2 by default, PostgreSQL for teams),",
            "series per machine and cell configuration, change points (e-divisive means with a t-test, as Apache",
            "Otava) and a gate for cron. Store runs with 'vbench run … --history' or 'vbench history add FILE'.", "",
            "Examples:",
            "  vbench run -w io -e virtual --history -o nightly.json",
            "  vbench history runs",
            "  vbench history analyze --metric makespan",
            "  vbench history check --fail-on-regression 5%%",
            "  vbench history show 3 --format html -o trend.html"},
        subcommands = {HistoryAddCommand.class, HistoryRunsCommand.class, HistorySeriesCommand.class,
            HistoryShowCommand.class, HistoryAnalyzeCommand.class, HistoryCheckCommand.class, HistoryAckCommand.class,
            HistoryExcludeCommand.class, HistoryExportCommand.class, HistoryCompactCommand.class})
public final class HistoryCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                "missing verb; use 'vbench history runs', 'add', 'series', 'show', 'analyze', 'check', 'ack', 'exclude', 'export' or 'compact'");
    }
}
