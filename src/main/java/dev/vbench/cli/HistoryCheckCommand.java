package dev.vbench.cli;

import dev.vbench.history.Analysis;
import dev.vbench.history.HistoryReports;
import dev.vbench.history.HistoryStore;
import dev.vbench.report.ConsoleRenderer;
import dev.vbench.report.Table;
import dev.vbench.stats.MannWhitney;
import dev.vbench.stats.Verdict;
import dev.vbench.text.Numbers;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code vbench history check}: the cron gate. */
@Command(name = "check", sortOptions = false,
        description = {"The gate for cron and CI: the newest run of each series against the current segment of its",
            "history (the runs since the last change point or acknowledged change, at most 64): a Student-t",
            "prediction interval over their medians (Mann-Whitney over the trials against the previous run",
            "when fewer than 5), Holm-corrected across all series × metrics. Prints the rows that changed.",
            "With --fail-on-regression, exit 1 and list the regressions larger than the threshold.", "",
            "Examples:",
            "  vbench history check --fail-on-regression 5%%",
            "  vbench history check --metric makespan --testbed ci-runner-1 --verbose"})
final class HistoryCheckCommand extends HistoryVerb {

    /** Runs read per series: enough before the baseline to find the segment's start. */
    static final int TAIL_RUNS = 4 * 50 + Analysis.MAX_BASELINE_RUNS;

    @Option(names = "--fail-on-regression", paramLabel = "PERCENT",
            description = "Exit 1 when a significant regression is larger than PERCENT (e.g. 5%%).")
    String failOnRegression;

    @Option(names = "--noise", paramLabel = "PERCENT", defaultValue = "1%",
            description = "Noise band: smaller changes are within variance even when significant.")
    String noise;

    @Option(names = "--metric", paramLabel = "METRIC", description = "Only this metric; default every stored metric.")
    String metric;

    @Option(names = "--testbed", paramLabel = "NAME", description = "Only series of this machine.")
    String testbed;

    @Option(names = "--verbose", description = "Print every row, not only the changed ones.")
    boolean verbose;

    @Mixin
    HistoryAnalysisOptions analysis;

    @Override
    int execute() {
        Analysis.Settings settings = analysis.settings();
        double noiseBand = Percentages.parse("--noise", noise, "1%");
        Double threshold = failOnRegression == null ? null
                : Percentages.parse("--fail-on-regression", failOnRegression, "5%");
        List<Analysis.CheckInput> inputs = new ArrayList<>();
        List<Analysis.CheckRow> rows;
        try (HistoryStore store = open(false)) {
            for (HistoryStore.SeriesInfo s : store.series(testbed)) {
                List<HistoryStore.Ack> acks = store.acks(s.id());
                for (Map.Entry<String, List<HistoryStore.Point>> e : store.tail(s.id(), TAIL_RUNS + 1).entrySet()) {
                    if (metric != null && !metric.equals(e.getKey())) {
                        continue;
                    }
                    Set<Long> acked = new HashSet<>();
                    acks.stream().filter(a -> a.metric().equals(e.getKey()) || a.metric().equals("*"))
                            .forEach(a -> acked.add(a.runId()));
                    inputs.add(new Analysis.CheckInput(s.id(), s.testbed() + " | " + s.key().label(), e.getKey(),
                            e.getValue().get(0).higherIsBetter(), e.getValue(), acked, store::trials));
                }
            }
            if (metric != null && inputs.isEmpty()) {
                throw new UsageException("no series has the metric '" + metric + "'; see 'vbench history show SERIES'");
            }
            rows = Analysis.check(inputs, settings, noiseBand, MannWhitney.ALPHA);
        }
        Table.Builder t = new Table.Builder("").number("series").text("metric").number("run").text("date").text("commit")
                .number("newest").number("baseline").number("runs").text("change").text("p (Holm)").text("configuration");
        int regressions = 0;
        int improvements = 0;
        for (Analysis.CheckRow r : rows) {
            regressions += r.verdict() == Verdict.SLOWER ? 1 : 0;
            improvements += r.verdict() == Verdict.FASTER ? 1 : 0;
            if (verbose || r.verdict() != Verdict.WITHIN_VARIANCE) {
                t.row(List.of(String.valueOf(r.input().seriesId()), r.input().metric(), String.valueOf(r.newest().runId()),
                        HistoryReports.date(r.newest().started()), r.newest().commit().isEmpty() ? "-" : r.newest().commit(),
                        Numbers.fixed(r.newest().median(), 3), Numbers.fixed(r.baseline(), 3), String.valueOf(r.baselineRuns()),
                        Numbers.deltaPercent(r.delta()) + " " + (r.verdict() == Verdict.WITHIN_VARIANCE ? "~" : r.verdict().word()),
                        Numbers.pValue(r.pAdjusted()), r.input().series()));
            }
        }
        String summary = rows.size() + " series × metric(s) checked: " + regressions + " slower, " + improvements + " faster;"
                + " faster/slower only when the Holm-adjusted p across all of them is below " + MannWhitney.ALPHA
                + " and the change exceeds the " + Percentages.format(noiseBand) + " noise band (--noise); ~ = within variance";
        Table table = t.footnote(summary).build();
        out().print(table.rows().isEmpty() ? summary + "\n" : ConsoleRenderer.render(table));
        out().flush();
        if (threshold == null) {
            return ExitCodes.OK;
        }
        List<Analysis.CheckRow> failing = rows.stream().filter(r -> r.regression(threshold)).toList();
        if (failing.isEmpty()) {
            return ExitCodes.OK;
        }
        err().println("vbench: " + failing.size() + " regression(s) larger than " + Percentages.format(threshold)
                + " (--fail-on-regression):");
        for (Analysis.CheckRow r : failing) {
            err().println("vbench:   series " + r.input().seriesId() + " " + r.input().metric() + " run "
                    + r.newest().runId() + ": " + Numbers.deltaPercent(r.delta()) + " (p=" + Numbers.pValue(r.pAdjusted())
                    + " against " + r.baselineRuns() + " run(s)) " + r.input().series());
        }
        err().flush();
        return ExitCodes.FAILED;
    }
}
