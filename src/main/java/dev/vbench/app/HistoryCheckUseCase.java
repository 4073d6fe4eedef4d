package dev.vbench.app;

import dev.vbench.compare.Gates;
import dev.vbench.config.Defaults;
import dev.vbench.history.Analysis;
import dev.vbench.history.Baseline;
import dev.vbench.history.GitInfo;
import dev.vbench.history.HistoryReports;
import dev.vbench.history.HistoryStore;
import dev.vbench.report.ConsoleRenderer;
import dev.vbench.report.MarkdownRenderer;
import dev.vbench.report.Table;
import dev.vbench.report.ci.GateReport;
import dev.vbench.report.ci.GateReports;
import dev.vbench.report.ci.JUnitXml;
import dev.vbench.stats.Descriptive;
import dev.vbench.stats.Verdict;
import dev.vbench.text.Numbers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code history check} use case, the gate for cron and CI: the newest run of each series against a
 * baseline ({@code --baseline}: the current segment of its history — since the last change point or
 * acknowledged change — by default; the previous run; the last N runs of its branch; or the runs of the
 * merge-base of HEAD and a branch, found by git), on the metric its tables show ({@link HistoryStore.SeriesInfo#defaultMetric}:
 * makespan for a task count, throughput for a window, p99 for a rate; a JMH series its mode) unless {@code --metric}
 * names one or {@code all}, Holm across every series × metric checked, per-benchmark gates and
 * {@code --fail-on-regression}.
 *
 * <pre>{@code
 * HistoryCheckUseCase.Outcome o = HistoryCheckUseCase.check(new HistoryCheckUseCase.Request(null, null, null, 0.01, 0.05, false,
 *         HistoryQueryUseCase.Settings.DEFAULTS));
 * o.rows().stream().filter(r -> r.verdict() == Verdict.SLOWER).count();
 * }</pre>
 */
public final class HistoryCheckUseCase {

    /** Runs read per series: enough before the baseline to find the segment's start. */
    public static final int TAIL_RUNS = 4 * 50 + Analysis.MAX_BASELINE_RUNS;
    /** The metric of an acknowledgement that covers every metric of its series. */
    public static final String EVERY_METRIC = HistoryStore.EVERY_METRIC;
    /** {@code --metric all}: gate every stored metric of each series, not only the one its tables show. */
    public static final String ALL_METRICS = "all";

    private HistoryCheckUseCase() {}

    /**
     * @param url the store ({@code --history}), or null for the default
     * @param metric only this metric; {@link #ALL_METRICS} for every stored one; null for each series' table metric
     * @param testbed only series of this machine, or null
     * @param noise noise band as a fraction
     * @param failOnRegression the gate as a fraction, or null for none
     * @param verbose every row in the table, not only the changed ones
     * @param settings how change points (the segments' starts) are found
     * @param baseline {@code --baseline}: {@code segment} (null means it), {@code previous}, {@code median:N},
     *     {@code merge-base[:BRANCH]}
     * @param directory the git working directory {@code merge-base} asks (the current directory)
     * @param gates {@code --gates}: per-benchmark thresholds and ignores, or null
     * @param format the output's format
     * @param ci the CI outputs ({@code --ci}, {@code --comment-file})
     */
    public record Request(
            String url,
            String metric,
            String testbed,
            double noise,
            Double failOnRegression,
            boolean verbose,
            HistoryQueryUseCase.Settings settings,
            String baseline,
            Path directory,
            Path gates,
            CheckFormat format,
            Ci ci) {

        public Request {
            format = format == null ? CheckFormat.TEXT : format;
            ci = ci == null ? Ci.NONE : ci;
            directory = directory == null ? Path.of("") : directory;
        }

        /** A check against each series' current segment, as text, without gates or CI outputs. */
        public Request(
                String url,
                String metric,
                String testbed,
                double noise,
                Double failOnRegression,
                boolean verbose,
                HistoryQueryUseCase.Settings settings) {
            this(
                    url,
                    metric,
                    testbed,
                    noise,
                    failOnRegression,
                    verbose,
                    settings,
                    null,
                    null,
                    null,
                    CheckFormat.TEXT,
                    Ci.NONE);
        }
    }

    /**
     * @param rows every series × metric checked, with its verdict
     * @param text the table of changed rows (every row with {@code verbose}) and its summary, or JUnit XML
     * @param failing the rows past the gate (empty without one)
     * @param gateLines what the gate says on stderr; empty when it passed
     * @param exitCode {@link ExitCodes#FAILED} when a row regressed past the gate, else {@link ExitCodes#OK}
     * @param baseline which baseline was used, with its commit where it is one commit's runs
     * @param gate the check as CI outputs show it
     * @param ci what the CI outputs add: workflow commands for stdout, warnings for stderr
     */
    public record Outcome(
            List<Analysis.CheckRow> rows,
            String text,
            List<Analysis.CheckRow> failing,
            List<String> gateLines,
            int exitCode,
            String baseline,
            GateReport gate,
            Ci.Published ci) {}

    /** Whether acknowledgement {@code a} covers a change of {@code metric}: its own metric, or every one. */
    public static boolean covers(HistoryStore.Ack a, String metric) {
        return a.covers(metric);
    }

    public static Outcome check(Request request) {
        Analysis.Settings settings = request.settings().checked();
        Gates gates = GateFiles.load(request.gates());
        request.ci().checkWritable();
        Baseline baseline = baseline(request);
        List<Analysis.CheckRow> rows = HistoryQueryUseCase.read(request.url(), store -> {
            List<Analysis.CheckInput> inputs = inputs(request, store, baseline instanceof Baseline.Commits);
            if (request.metric() != null && !ALL_METRICS.equals(request.metric()) && inputs.isEmpty()) {
                throw new UsageException(
                        "no series has the metric '" + request.metric() + "'; see 'vbench history show SERIES'");
            }
            return Analysis.check(inputs, settings, request.noise(), Defaults.ALPHA, baseline);
        });
        if (baseline instanceof Baseline.Commits c
                && !rows.isEmpty()
                && rows.stream().allMatch(r -> r.method().equals("no run of HEAD"))) {
            throw new UsageException(
                    "no run is stored for HEAD (commit " + shortCommit(c.head()) + "); store this commit's"
                            + " run first with 'vbench run … --history' (or 'vbench history add RESULT.json')");
        }
        String described = describe(baseline);
        Table table = table(rows);
        GateReport report = report(request, rows, table, gates, described);
        String text = switch (request.format()) {
            case JUNIT -> JUnitXml.render(report);
            case MARKDOWN -> render(request, rows, table, described, true);
            case TEXT -> render(request, rows, table, described, false);
        };
        return gate(request, rows, text, gates, described, report, request.ci().publish(report));
    }

    private static List<Analysis.CheckInput> inputs(Request request, HistoryStore store, boolean everyRun) {
        List<Analysis.CheckInput> inputs = new ArrayList<>();
        for (HistoryStore.SeriesInfo s : store.series(request.testbed())) {
            List<HistoryStore.Ack> acks = store.acks(s.id());
            Map<String, List<HistoryStore.Point>> byMetric = store.tail(s.id(), TAIL_RUNS + 1);
            if (byMetric.isEmpty()) {
                continue;
            }
            String only = request.metric() == null
                    ? s.defaultMetric(List.copyOf(byMetric.keySet()))
                    : ALL_METRICS.equals(request.metric()) ? null : request.metric();
            for (Map.Entry<String, List<HistoryStore.Point>> e : byMetric.entrySet()) {
                if (only != null && !only.equals(e.getKey())) {
                    continue;
                }
                // a merge-base's run may be older than the tail: read every run of the series
                List<HistoryStore.Point> points = everyRun ? store.points(s.id(), e.getKey()) : e.getValue();
                Set<Long> acked = new HashSet<>();
                acks.stream().filter(a -> covers(a, e.getKey())).forEach(a -> acked.add(a.runId()));
                inputs.add(new Analysis.CheckInput(
                        s.id(),
                        s.testbed() + " | " + s.key().label(),
                        e.getKey(),
                        e.getValue().get(0).higherIsBetter(),
                        points,
                        acked,
                        store::trials));
            }
        }
        return inputs;
    }

    /** {@code --baseline} as the analysis takes it: {@code merge-base[:BRANCH]} asks git in the working directory. */
    static Baseline baseline(Request request) {
        String text =
                request.baseline() == null ? "segment" : request.baseline().strip();
        if (!text.equals("merge-base") && !text.startsWith("merge-base:")) {
            try {
                return Baseline.parse(text);
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage(), e);
            }
        }
        Path dir = request.directory().toAbsolutePath();
        String head = GitInfo.of(dir).commit();
        if (head.isEmpty()) {
            throw new UsageException("--baseline merge-base needs a git checkout; " + dir
                    + " is not one (run vbench in the" + " repository, or use --baseline previous)");
        }
        String branch = text.equals("merge-base")
                ? GitInfo.defaultBranch(dir)
                : text.substring("merge-base:".length()).strip();
        if (branch.isEmpty()) {
            throw new UsageException("--baseline merge-base: this repository has no origin/HEAD, main or master branch;"
                    + " name the branch, e.g. --baseline merge-base:origin/develop");
        }
        String base = GitInfo.mergeBase(dir, "HEAD", branch);
        if (base.isEmpty()) {
            throw new UsageException(
                    "--baseline merge-base: git found no merge-base of HEAD and '" + branch + "' (does the"
                            + " branch exist here? a shallow clone needs the history: actions/checkout with fetch-depth: 0)");
        }
        return new Baseline.Commits(head, base, "merge-base of HEAD (" + shortCommit(head) + ") and " + branch);
    }

    /** Which baseline was used, for the output: {@code merge-base of HEAD (1a2b3c4) and main: commit 5d6e7f8}. */
    static String describe(Baseline b) {
        return switch (b) {
            case Baseline.Commits c -> c.description() + ": commit " + shortCommit(c.base());
            case Baseline.Previous p -> "the previous run of each series";
            case Baseline.Median m ->
                "the median of the last " + m.runs() + " runs on the branch of each series' newest run";
            case Baseline.Segment s ->
                "each series' current segment (the runs since its last change point or acknowledged" + " change)";
        };
    }

    private static String shortCommit(String commit) {
        return commit.length() > 12 ? commit.substring(0, 12) : commit;
    }

    /** Every row: series, metric, the newest run, the baseline, the change with its verdict. */
    private static Table table(List<Analysis.CheckRow> rows) {
        Table.Builder t = new Table.Builder("")
                .number("series")
                .text("metric")
                .number("run")
                .text("date")
                .text("commit")
                .number("newest")
                .number("baseline")
                .number("runs")
                .text("change")
                .text("p (Holm)")
                .text("configuration");
        for (Analysis.CheckRow r : rows) {
            t.row(List.of(
                    String.valueOf(r.input().seriesId()),
                    r.input().metric(),
                    String.valueOf(r.newest().runId()),
                    HistoryReports.date(r.newest().started()),
                    r.newest().commit().isEmpty() ? "-" : r.newest().commit(),
                    Numbers.fixed(r.newest().median(), 3),
                    Numbers.fixed(r.baseline(), 3),
                    String.valueOf(r.baselineRuns()),
                    change(r),
                    Numbers.pValue(r.pAdjusted()),
                    r.input().series()));
        }
        return t.build();
    }

    private static String change(Analysis.CheckRow r) {
        if (!r.tested()) {
            return r.method();
        }
        return Numbers.deltaPercent(r.delta()) + " "
                + (r.verdict() != Verdict.WITHIN_VARIANCE
                        ? r.verdict().word()
                        : Double.isNaN(r.mde()) ? "~" : "~ (" + Numbers.plusMinusPercent(r.mde()) + ")");
    }

    /**
     * "; a ~ could miss changes below ±4.2% (the median row's minimum detectable effect at 80% power;
     * rows from ±1.0% to ±12.3%)", or "" when no row was tested (docs/statistics.md rule 13).
     */
    static String detectable(List<Analysis.CheckRow> rows) {
        double[] mde = rows.stream()
                .mapToDouble(Analysis.CheckRow::mde)
                .filter(v -> !Double.isNaN(v))
                .sorted()
                .toArray();
        if (mde.length == 0) {
            return "";
        }
        String median = Numbers.plusMinusPercent(Descriptive.medianOfSorted(mde));
        return "; a ~ could miss changes below " + median + " (the median row's minimum detectable effect at 80% power"
                + (mde.length > 1 && mde[0] != mde[mde.length - 1]
                        ? "; rows from " + Numbers.plusMinusPercent(mde[0]) + " to "
                                + Numbers.plusMinusPercent(mde[mde.length - 1])
                        : "")
                + ")";
    }

    private static String summary(Request request, List<Analysis.CheckRow> rows) {
        long regressions =
                rows.stream().filter(r -> r.verdict() == Verdict.SLOWER).count();
        long improvements =
                rows.stream().filter(r -> r.verdict() == Verdict.FASTER).count();
        long series = rows.stream().map(r -> r.input().seriesId()).distinct().count();
        Set<String> metrics = new TreeSet<>();
        rows.forEach(r -> metrics.add(r.input().metric()));
        String which = request.metric() == null
                ? "on the metric its tables show (" + String.join(", ", metrics)
                        + "; --metric all checks every stored metric)"
                : ALL_METRICS.equals(request.metric())
                        ? "on every stored metric (" + rows.size() + " checks)"
                        : "on " + request.metric();
        return series + " series checked " + which + ": " + regressions + " slower, " + improvements + " faster;"
                + " faster/slower only when the Holm-adjusted p across all of them is below " + Defaults.ALPHA
                + " and the change exceeds the " + Percentages.format(request.noise()) + " noise band (--noise);"
                + " ~ = within variance" + detectable(rows);
    }

    /** The text: the changed rows (every row with verbose), the summary and the baseline. */
    private static String render(
            Request request, List<Analysis.CheckRow> rows, Table all, String baseline, boolean markdown) {
        List<List<String>> shown = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            if (request.verbose() || rows.get(i).verdict() != Verdict.WITHIN_VARIANCE) {
                shown.add(all.rows().get(i));
            }
        }
        String summary = summary(request, rows);
        String against = request.baseline() == null ? "" : "baseline: " + baseline;
        List<String> footnotes = against.isEmpty() ? List.of(summary) : List.of(summary, against);
        if (shown.isEmpty()) {
            return String.join("\n", footnotes) + "\n";
        }
        Table table = new Table(all.title(), all.headers(), all.rightAligned(), shown, footnotes);
        return markdown ? MarkdownRenderer.render(table) : ConsoleRenderer.render(table);
    }

    /** The check as CI shows it: a check per row, the gates' and --fail-on-regression's outcome. */
    private static GateReport report(
            Request request, List<Analysis.CheckRow> rows, Table table, Gates gates, String baseline) {
        List<GateReport.Check> checks = new ArrayList<>();
        List<GateReport.Place> places = new ArrayList<>();
        for (Analysis.CheckRow r : rows) {
            Gates.Decision d = gates.decide(r.input().series(), r.input().metric(), request.failOnRegression());
            GateReport.Outcome outcome = GateReport.outcome(
                    r.verdict(), r.delta(), r.p(), r.input().higherIsBetter(), d.threshold(), d.ignored());
            String note = d.ignored() ? GateReports.ignoredNote(d) : r.tested() ? "" : r.method();
            String from = r.baselineRuns() == 1 && !r.baselineCommit().isEmpty()
                    ? "baseline " + shortCommit(r.baselineCommit())
                    : "baseline (" + r.baselineRuns() + " runs)";
            checks.add(new GateReport.Check(
                    "series " + r.input().seriesId() + " " + r.input().series(),
                    r.input().metric(),
                    r.newest().unit(),
                    from,
                    "run " + r.newest().runId(),
                    r.baseline(),
                    r.newest().median(),
                    r.delta(),
                    r.pAdjusted(),
                    r.baselineRuns(),
                    1,
                    r.verdict(),
                    outcome,
                    d.threshold(),
                    note,
                    r.mde()));
            places.add(GateReport.Place.of(List.of(r.verdict())));
        }
        return new GateReport(
                "history check",
                "",
                baseline,
                request.failOnRegression(),
                checks,
                table,
                places,
                List.of(summary(request, rows)));
    }

    private static Outcome gate(
            Request request,
            List<Analysis.CheckRow> rows,
            String text,
            Gates gates,
            String baseline,
            GateReport report,
            Ci.Published ci) {
        Double threshold = request.failOnRegression();
        List<Analysis.CheckRow> failing = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            if (report.checks().get(i).outcome() == GateReport.Outcome.FAILED) {
                failing.add(rows.get(i));
            }
        }
        if (failing.isEmpty()) {
            return new Outcome(rows, text, failing, List.of(), ExitCodes.OK, baseline, report, ci);
        }
        List<String> lines = new ArrayList<>();
        lines.add(failing.size() + " regression(s) larger than "
                + (threshold == null || !gates.gates().isEmpty() ? "their gate" : Percentages.format(threshold)) + " ("
                + (gates.gates().isEmpty() ? "--fail-on-regression" : "--fail-on-regression, --gates " + gates.source())
                + ")" + (request.baseline() == null ? "" : ", against " + baseline) + ":");
        for (Analysis.CheckRow r : failing) {
            lines.add("  series " + r.input().seriesId() + " " + r.input().metric() + " run "
                    + r.newest().runId() + ": " + Numbers.deltaPercent(r.delta()) + " (p="
                    + Numbers.pValue(r.pAdjusted())
                    + " against " + r.baselineRuns() + " run(s)) " + r.input().series());
        }
        return new Outcome(rows, text, failing, lines, ExitCodes.FAILED, baseline, report, ci);
    }
}
