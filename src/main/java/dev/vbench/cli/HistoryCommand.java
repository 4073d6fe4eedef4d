package dev.vbench.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code vbench history}: the stored results of every run, their trends and change points. */
@Command(
        name = "history",
        sortOptions = false,
        description = {
            "The results history: stored runs, their series, change points and a gate.",
            "",
            "Every run stored (embedded H2 by default, PostgreSQL for teams),",
            "series per machine and cell configuration, change points (e-divisive means with a t-test, as Apache",
            "Otava) and a gate for cron. Store runs with 'vbench run … --history' or 'vbench history add FILE'.",
            "",
            "Examples:",
            "  vbench run -w io -e virtual --history -o nightly.json",
            "  vbench history runs",
            "  vbench history analyze --metric makespan",
            "  vbench history check --fail-on-regression 5%%",
            "  vbench history show 3 --format html -o trend.html",
            "  vbench history serve"
        })
public final class HistoryCommand implements Runnable {

    /**
     * Every verb by name, in help order: listed here rather than in the annotation so that {@link Cli#run}
     * builds only the one a command line names (picocli reflects over every option of every command it is given).
     */
    static final Map<String, Supplier<Object>> VERBS = new LinkedHashMap<>();

    static {
        VERBS.put("add", HistoryAddCommand::new);
        VERBS.put("runs", HistoryRunsCommand::new);
        VERBS.put("series", HistorySeriesCommand::new);
        VERBS.put("show", HistoryShowCommand::new);
        VERBS.put("analyze", HistoryAnalyzeCommand::new);
        VERBS.put("check", HistoryCheckCommand::new);
        VERBS.put("ack", HistoryAckCommand::new);
        VERBS.put("exclude", HistoryExcludeCommand::new);
        VERBS.put("export", HistoryExportCommand::new);
        VERBS.put("compact", HistoryCompactCommand::new);
        VERBS.put("serve", HistoryServeCommand::new);
    }

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(
                spec.commandLine(),
                "missing verb; use 'vbench history runs', 'add', 'series', 'show', 'analyze', 'check', 'ack', 'exclude', 'export', 'compact' or 'serve'");
    }
}
