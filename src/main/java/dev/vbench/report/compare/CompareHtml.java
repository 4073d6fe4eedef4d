package dev.vbench.report.compare;

import dev.vbench.compare.Change;
import dev.vbench.compare.Comparison;
import dev.vbench.compare.Dataset;
import dev.vbench.compare.Latencies;
import dev.vbench.compare.Layout;
import dev.vbench.compare.Row;
import dev.vbench.diagnose.ComparedPair;
import dev.vbench.diagnose.WhyLines;
import dev.vbench.report.ComparisonTables;
import dev.vbench.report.FlameGraphs;
import dev.vbench.report.Html;
import dev.vbench.report.LatencyCurves;
import dev.vbench.report.SvgChart;
import dev.vbench.report.Table;
import dev.vbench.report.WhyText;
import dev.vbench.result.MetricSummary;
import dev.vbench.text.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * The comparison as one self-contained HTML page, built from the parts of the run report
 * ({@link Html}, {@link SvgChart}, {@link LatencyCurves}): the table in the comparison's layout with
 * its footnotes; per matched row a bar chart of each file's median with its 95% CI as a whisker
 * and, for vbench inputs, the latency percentile curves of each file (its trials' histograms
 * merged); then each file's environment. Inline CSS and SVG, no script, nothing fetched.
 *
 * <p>Colours follow the files: the first file is the first palette colour in every chart.
 */
final class CompareHtml {

    /** Longest category label under a bar chart before the changes go to the caption only. */
    private static final int CATEGORY_CHARS = 56;

    private CompareHtml() {}

    static String render(Comparison c, boolean verbose, Latencies latencies) {
        return render(c, verbose, latencies, List.of(), List.of());
    }

    /**
     * @param pairs the matched cells behind each row's changes: their differential flame graphs follow
     *     the row's charts when both sides were profiled
     * @param why the explanations of the significant pairs, shown under the table
     */
    static String render(
            Comparison c,
            boolean verbose,
            Latencies latencies,
            List<ComparedPair> pairs,
            List<WhyLines.Explanation> why) {
        StringBuilder body = new StringBuilder();
        body.append("<section>\n<h2>Comparison</h2>\n")
                .append(Html.table(ComparisonTables.table(c, ComparisonTables.Style.compare(verbose))))
                .append(why.isEmpty() ? "" : WhyText.html(why))
                .append("</section>\n");
        body.append("<section>\n<h2>Per row</h2>\n");
        if (latencies.isEmpty()) {
            body.append("<ul class=\"notes\">\n<li>")
                    .append(Html.escape(
                            c.files().stream().allMatch(f -> f.kind().equals("jmh"))
                                    ? "JMH results carry no per-task latency histograms, so there are no latency curves."
                                    : "The inputs carry no latency histograms, so there are no latency curves."))
                    .append("</li>\n</ul>\n");
        }
        for (int r = 0; r < c.rows().size(); r++) {
            Row row = c.rows().get(r);
            if (!latencies.isEmpty()) {
                body.append("<h3>")
                        .append(Html.escape(row.label() + headingChange(c, row)))
                        .append("</h3>\n");
            }
            body.append(Html.figure(bars(c, row), barCaption(c, row)));
            latencyFigure(body, c, r, latencies);
            flames(body, pairs, row, r);
        }
        body.append("</section>\n");
        body.append(environment(c));
        return Html.page(
                "vbench compare",
                subtitle(c),
                body.toString(),
                FlameGraphs.present(body.toString()) ? FlameGraphs.HEAD : "");
    }

    /** The differential flame graphs of the pairs of row {@code r} (pairs come in row order). */
    private static void flames(StringBuilder body, List<ComparedPair> pairs, Row row, int r) {
        List<ComparedPair> ofRow = pairs.stream().filter(p -> sameRow(p, row)).toList();
        List<FlameGraphs.Flame> flames = FlameGraphs.differentials(ofRow);
        for (int i = 0; i < flames.size(); i++) {
            body.append(FlameGraphs.html(flames.get(i), "flame-" + (r + 1) + "-" + (i + 1)));
        }
    }

    private static boolean sameRow(ComparedPair p, Row row) {
        return p.change() != null && row.changes().stream().anyMatch(ch -> ch == p.change());
    }

    /** One group of bars: a bar per file with its median and the 95% CI of the median as a whisker. */
    static String bars(Comparison c, Row row) {
        List<SvgChart.Line> series = new ArrayList<>();
        double top = 0;
        for (int f = 0; f < c.files().size(); f++) {
            MetricSummary s = row.columns().get(f);
            double median = s == null ? Double.NaN : s.median();
            double low = s == null ? Double.NaN : s.ciLow();
            double high = s == null ? Double.NaN : s.ciHigh();
            top = Math.max(top, Double.isFinite(high) ? high : Double.isFinite(median) ? median : 0);
            series.add(new SvgChart.Line(
                    c.files().get(f).label(), null, new double[] {median}, new double[] {low}, new double[] {high}));
        }
        String direction = row.higherIsBetter() ? "higher is better" : "lower is better";
        SvgChart.Axis y =
                SvgChart.Axis.linear(row.mode() + " (" + row.unit() + "), " + direction, 0, top <= 0 ? 1 : top * 1.05);
        String changes = changes(c, row, false);
        boolean modeInLabel = row.key().stream().anyMatch(d -> d.name().equals("mode")); // JMH: mode=avgt
        return SvgChart.bars(
                row.label() + (modeInLabel ? "" : " — " + row.mode()),
                List.of(changes.length() <= CATEGORY_CHARS ? changes : ""),
                y,
                series);
    }

    private static String barCaption(Comparison c, Row row) {
        List<String> missing = new ArrayList<>();
        for (int f = 0; f < c.files().size(); f++) {
            if (row.columns().get(f) == null) {
                missing.add(c.files().get(f).label());
            }
        }
        return "Median " + row.mode() + " per file; whiskers: 95% confidence interval of the median (none with fewer"
                + " than 6 samples). " + changes(c, row, true) + "."
                + (missing.isEmpty() ? "" : " Not in " + String.join(", ", missing) + ".");
    }

    /** The row's changes, e.g. {@code after vs before: +5.0% (slower)}; with detail, p and n as well. */
    private static String changes(Comparison c, Row row, boolean detail) {
        List<String> parts = new ArrayList<>();
        for (Change ch : row.changes()) {
            if (ch == null) {
                continue;
            }
            parts.add(c.files().get(ch.to()).label() + " vs "
                    + c.files().get(ch.from()).label() + ": "
                    + Numbers.deltaPercent(ch.delta()) + " (" + ch.verdict().word()
                    + (detail
                            ? ", Holm-adjusted p=" + Numbers.pValue(ch.pAdjusted()) + ", n=" + ch.nFrom() + "+"
                                    + ch.nTo()
                            : "")
                    + ")");
        }
        return String.join("; ", parts);
    }

    /** The verdict in a row's heading when the layout has one pair: {@code  — +5.0% (slower)}. */
    private static String headingChange(Comparison c, Row row) {
        if (c.pairs().size() != 1 || row.changes().get(0) == null) {
            return "";
        }
        Change ch = row.changes().get(0);
        return " — " + Numbers.deltaPercent(ch.delta()) + " (" + ch.verdict().word() + ")";
    }

    /** The row's latency percentile curves, a curve per file that has histograms for it. */
    private static void latencyFigure(StringBuilder body, Comparison c, int r, Latencies latencies) {
        List<String> names = new ArrayList<>();
        List<Histogram> histograms = new ArrayList<>();
        boolean corrected = false;
        boolean plain = false;
        for (int f = 0; f < c.files().size(); f++) {
            Latencies.Merged m = latencies.get(r, f);
            names.add(c.files().get(f).label());
            histograms.add(m == null ? null : m.histogram());
            corrected |= m != null && m.corrected();
            plain |= m != null && !m.corrected();
        }
        Row row = c.rows().get(r);
        String yLabel = corrected && !plain ? "latency from intended start" : "end-to-end latency";
        LatencyCurves.Chart chart =
                LatencyCurves.chart(row.label() + " — latency by percentile", yLabel, names, histograms);
        if (chart == null) {
            return;
        }
        String what = corrected && plain
                ? "Latency of every task (submit → end; open-model cells from the intended start, corrected for"
                        + " coordinated omission)"
                : corrected
                        ? "Latency of every task from its intended start (open model, corrected for coordinated omission)"
                        : "End-to-end latency (submit → end) of every task";
        body.append(Html.figure(
                chart.svg(),
                what + ", each file's measured trials merged; x: percentile on a log scale"
                        + " of 1/(1−p), as HdrHistogram plots it"
                        + (chart.logY()
                                ? "; y on a log scale because the files differ by more than "
                                        + (int) LatencyCurves.LOG_Y_SPREAD + "x."
                                : ".")));
    }

    private static String subtitle(Comparison c) {
        List<String> paths = c.files().stream().map(Dataset::path).toList();
        if (c.layout() == Layout.BASELINE) {
            return paths.get(0) + " (base) vs " + String.join(", ", paths.subList(1, paths.size()));
        }
        return String.join(" → ", paths);
    }

    /** A column per file: its path and kind, then each environment fact the files record. */
    private static String environment(Comparison c) {
        Table.Builder b = new Table.Builder("").text("field");
        c.files().forEach(f -> b.text(f.label()));
        List<String> file = new ArrayList<>(List.of("file"));
        List<String> kind = new ArrayList<>(List.of("kind"));
        Set<String> facts = new LinkedHashSet<>();
        for (Dataset f : c.files()) {
            file.add(f.path());
            kind.add(f.kind().equals("jmh") ? "JMH result" : "vbench result");
            facts.addAll(f.environment().keySet());
        }
        b.row(file);
        b.row(kind);
        for (String fact : facts) {
            List<String> cells = new ArrayList<>(List.of(fact));
            c.files().forEach(f -> cells.add(f.environment().getOrDefault(fact, "—")));
            b.row(cells);
        }
        return "<section class=\"env\">\n<h2>Environment</h2>\n" + Html.table(b.build()) + "</section>\n";
    }
}
