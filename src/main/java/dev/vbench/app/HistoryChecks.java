package dev.vbench.app;

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

/**
 * The {@code history check} use case, the gate for cron and CI: the newest run of each series against
 * the current segment of its history (since the last change point or acknowledged change), on the metric its
 * tables show ({@link HistoryQueries#defaultMetric}: makespan for a task count, throughput for a window, p99 for
 * a rate; a JMH series its mode) unless {@code --metric} names one or {@code all}, Holm across every series ×
 * metric checked, and {@code --fail-on-regression}.
 *
 * <pre>{@code
 * HistoryChecks.Outcome o = HistoryChecks.check(new HistoryChecks.Request(null, null, null, 0.01, 0.05, false,
 *         HistoryQueries.Settings.DEFAULTS));
 * o.rows().stream().filter(r -> r.verdict() == Verdict.SLOWER).count();
 * }</pre>
 */
public final class HistoryChecks {

    /** Runs read per series: enough before the baseline to find the segment's start. */
    public static final int TAIL_RUNS = 4 * 50 + Analysis.MAX_BASELINE_RUNS;
    /** The metric of an acknowledgement that covers every metric of its series. */
    public static final String EVERY_METRIC = "*";
    /** {@code --metric all}: gate every stored metric of each series, not only the one its tables show. */
    public static final String ALL_METRICS = "all";

    private HistoryChecks() {}

    /**
     * @param url the store ({@code --history}), or null for the default
     * @param metric only this metric; {@link #ALL_METRICS} for every stored one; null for each series' table metric
     * @param testbed only series of this machine, or null
     * @param noise noise band as a fraction
     * @param failOnRegression the gate as a fraction, or null for none
     * @param verbose every row in the table, not only the changed ones
     * @param settings how change points (the segments' starts) are found
     */
    public record Request(String url, String metric, String testbed, double noise, Double failOnRegression, boolean verbose,
            HistoryQueries.Settings settings) {}

    /**
     * @param rows every series × metric checked, with its verdict
     * @param text the table of changed rows (every row with {@code verbose}) and its summary
     * @param failing the rows past the gate (empty without one)
     * @param gateLines what the gate says on stderr; empty when it passed
     * @param exitCode {@link ExitCodes#FAILED} when a row regressed past the gate, else {@link ExitCodes#OK}
     */
    public record Outcome(List<Analysis.CheckRow> rows, String text, List<Analysis.CheckRow> failing, List<String> gateLines,
            int exitCode) {}

    /** Whether acknowledgement {@code a} covers a change of {@code metric}: its own metric, or every one. */
    public static boolean covers(HistoryStore.Ack a, String metric) {
        return a.metric().equals(metric) || a.metric().equals(EVERY_METRIC);
    }

    public static Outcome check(Request request) {
        Analysis.Settings settings = request.settings().checked();
        List<Analysis.CheckRow> rows = HistoryQueries.read(request.url(), store -> {
            List<Analysis.CheckInput> inputs = new ArrayList<>();
            for (HistoryStore.SeriesInfo s : store.series(request.testbed())) {
                List<HistoryStore.Ack> acks = store.acks(s.id());
                Map<String, List<HistoryStore.Point>> tail = store.tail(s.id(), TAIL_RUNS + 1);
                if (tail.isEmpty()) {
                    continue;
                }
                String only = request.metric() == null ? HistoryQueries.defaultMetric(s, List.copyOf(tail.keySet()))
                        : ALL_METRICS.equals(request.metric()) ? null : request.metric();
                for (Map.Entry<String, List<HistoryStore.Point>> e : tail.entrySet()) {
                    if (only != null && !only.equals(e.getKey())) {
                        continue;
                    }
                    Set<Long> acked = new HashSet<>();
                    acks.stream().filter(a -> covers(a, e.getKey())).forEach(a -> acked.add(a.runId()));
                    inputs.add(new Analysis.CheckInput(s.id(), s.testbed() + " | " + s.key().label(), e.getKey(),
                            e.getValue().get(0).higherIsBetter(), e.getValue(), acked, store::trials));
                }
            }
            if (request.metric() != null && !ALL_METRICS.equals(request.metric()) && inputs.isEmpty()) {
                throw new UsageException("no series has the metric '" + request.metric()
                        + "'; see 'vbench history show SERIES'");
            }
            return Analysis.check(inputs, settings, request.noise(), MannWhitney.ALPHA);
        });
        return gate(request, rows, table(request, rows));
    }

    private static String table(Request request, List<Analysis.CheckRow> rows) {
        Table.Builder t = new Table.Builder("").number("series").text("metric").number("run").text("date").text("commit")
                .number("newest").number("baseline").number("runs").text("change").text("p (Holm)").text("configuration");
        int regressions = 0;
        int improvements = 0;
        for (Analysis.CheckRow r : rows) {
            regressions += r.verdict() == Verdict.SLOWER ? 1 : 0;
            improvements += r.verdict() == Verdict.FASTER ? 1 : 0;
            if (request.verbose() || r.verdict() != Verdict.WITHIN_VARIANCE) {
                t.row(List.of(String.valueOf(r.input().seriesId()), r.input().metric(), String.valueOf(r.newest().runId()),
                        HistoryReports.date(r.newest().started()), r.newest().commit().isEmpty() ? "-" : r.newest().commit(),
                        Numbers.fixed(r.newest().median(), 3), Numbers.fixed(r.baseline(), 3), String.valueOf(r.baselineRuns()),
                        Numbers.deltaPercent(r.delta()) + " " + (r.verdict() != Verdict.WITHIN_VARIANCE ? r.verdict().word()
                                : Double.isNaN(r.mde()) ? "~" : "~ (" + Numbers.plusMinusPercent(r.mde()) + ")"),
                        Numbers.pValue(r.pAdjusted()), r.input().series()));
            }
        }
        long series = rows.stream().map(r -> r.input().seriesId()).distinct().count();
        Set<String> metrics = new java.util.TreeSet<>();
        rows.forEach(r -> metrics.add(r.input().metric()));
        String which = request.metric() == null ? "on the metric its tables show (" + String.join(", ", metrics)
                + "; --metric all checks every stored metric)"
                : ALL_METRICS.equals(request.metric()) ? "on every stored metric (" + rows.size() + " checks)"
                : "on " + request.metric();
        String summary = series + " series checked " + which + ": " + regressions + " slower, " + improvements + " faster;"
                + " faster/slower only when the Holm-adjusted p across all of them is below " + MannWhitney.ALPHA
                + " and the change exceeds the " + Percentages.format(request.noise()) + " noise band (--noise);"
                + " ~ = within variance" + detectable(rows);
        Table table = t.footnote(summary).build();
        return table.rows().isEmpty() ? summary + "\n" : ConsoleRenderer.render(table);
    }

    /**
     * "; a ~ could miss changes below ±4.2% (the median row's minimum detectable effect at 80% power;
     * rows from ±1.0% to ±12.3%)", or "" when no row was tested (docs/statistics.md rule 13).
     */
    static String detectable(List<Analysis.CheckRow> rows) {
        double[] mde = rows.stream().mapToDouble(Analysis.CheckRow::mde).filter(v -> !Double.isNaN(v)).sorted().toArray();
        if (mde.length == 0) {
            return "";
        }
        String median = Numbers.plusMinusPercent(dev.vbench.stats.Descriptive.medianOfSorted(mde));
        return "; a ~ could miss changes below " + median + " (the median row's minimum detectable effect at 80% power"
                + (mde.length > 1 && mde[0] != mde[mde.length - 1] ? "; rows from " + Numbers.plusMinusPercent(mde[0]) + " to "
                        + Numbers.plusMinusPercent(mde[mde.length - 1]) : "") + ")";
    }

    private static Outcome gate(Request request, List<Analysis.CheckRow> rows, String text) {
        Double threshold = request.failOnRegression();
        if (threshold == null) {
            return new Outcome(rows, text, List.of(), List.of(), ExitCodes.OK);
        }
        List<Analysis.CheckRow> failing = rows.stream().filter(r -> r.regression(threshold)).toList();
        if (failing.isEmpty()) {
            return new Outcome(rows, text, failing, List.of(), ExitCodes.OK);
        }
        List<String> lines = new ArrayList<>();
        lines.add(failing.size() + " regression(s) larger than " + Percentages.format(threshold) + " (--fail-on-regression):");
        for (Analysis.CheckRow r : failing) {
            lines.add("  series " + r.input().seriesId() + " " + r.input().metric() + " run "
                    + r.newest().runId() + ": " + Numbers.deltaPercent(r.delta()) + " (p=" + Numbers.pValue(r.pAdjusted())
                    + " against " + r.baselineRuns() + " run(s)) " + r.input().series());
        }
        return new Outcome(rows, text, failing, lines, ExitCodes.FAILED);
    }
}
