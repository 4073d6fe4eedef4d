package dev.vbench.report;

import dev.vbench.compare.Change;
import dev.vbench.compare.Comparison;
import dev.vbench.compare.Comparison.GeomeanRow;
import dev.vbench.compare.Dim;
import dev.vbench.compare.Layout;
import dev.vbench.compare.Row;
import dev.vbench.result.MetricSummary;
import dev.vbench.text.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;
import java.util.function.DoubleFunction;

/**
 * The one place a comparison becomes a table, for {@code vbench compare} (columns are files) and for
 * the run, suite and sweep tables (columns are executors). Every number, test and verdict comes from
 * the {@link Comparison}; this class only lays it out in one of the {@link Layout}s:
 * <ul>
 *   <li>speedup (seed 000/004): {@code Files | A | B | Speedup} with {@code 46.4x};
 *   <li>change (seed 000): {@code Benchmark | a | b | Change} with {@code -4.0% (faster)};
 *   <li>baseline (seed 002): {@code Benchmark | Mode | Units | a | b | a% | b%}, integer % against
 *       the first column, {@code +0} on it;
 *   <li>chain (seed 001): {@code Threads | A | B | C | A → B | B → C}.
 * </ul>
 * A change that is not significant, or within the noise band, prints {@code ~} (or {@code within
 * variance} in the change layout) with its row's minimum detectable effect, {@code ~ (±4.2%)}: the
 * smallest change the row could have called ({@link Change#mde}); one footnote states the rule
 * ({@link #rule}) and one what the {@code ±} after a {@code ~} means ({@link #MDE_LEGEND}). With
 * {@code verbose}, every change cell ends in {@code (p=0.008 n=6+6)}: the Holm-adjusted p and the
 * samples on each side.
 */
public final class ComparisonTables {

    private ComparisonTables() {}

    /**
     * How rows are labelled and what a table adds to the comparison's columns.
     *
     * @param verbose add {@code (p=… n=…)} to every change
     * @param dimensionColumns one label column per dimension of the row key ({@code duration | tasks});
     *     otherwise one column with the row label (the dimensions that vary)
     * @param capitalize capitalise dimension headers ({@code Concurrency}, as the seed reports)
     * @param geomean show the geomean row when the comparison has one
     * @param extraHeader header suffix of an extra column after each value column ({@code avg/task}); null for none
     * @param extra the extra column's text for (row index, column index)
     */
    public record Style(
            boolean verbose,
            boolean dimensionColumns,
            boolean capitalize,
            boolean geomean,
            String extraHeader,
            BiFunction<Integer, Integer, String> extra) {

        /** {@code vbench compare}'s style: one label column, the geomean row. */
        public static Style compare(boolean verbose) {
            return new Style(verbose, false, false, true, null, null);
        }

        /** Run tables ({@code vbench run}, suites, sweeps): a column per row dimension, the geomean row. */
        public static Style run(boolean verbose) {
            return new Style(verbose, true, false, true, null, null);
        }

        public Style capitalized() {
            return new Style(verbose, dimensionColumns, true, geomean, extraHeader, extra);
        }

        public Style withoutGeomean() {
            return new Style(verbose, dimensionColumns, capitalize, false, extraHeader, extra);
        }

        public Style withExtraColumn(String header, BiFunction<Integer, Integer, String> text) {
            return new Style(verbose, dimensionColumns, capitalize, geomean, header, text);
        }
    }

    /** The table of {@code c} in its layout. */
    public static Table table(Comparison c, Style style) {
        return builder(c, style).build();
    }

    /** Like {@link #table}, left open for rows and footnotes a table adds (a sweep's {@code best} row). */
    public static Table.Builder builder(Comparison c, Style style) {
        Table.Builder b = new Table.Builder(c.title());
        labelHeaders(b, c, style);
        switch (c.layout()) {
            case SPEEDUP -> speedup(b, c, style);
            case CHANGE -> change(b, c, style);
            case BASELINE -> baseline(b, c, style);
            case CHAIN -> chain(b, c, style);
        }
        if (c.rows().stream()
                .flatMap(r -> r.changes().stream())
                .anyMatch(ch -> ch != null && !ch.real() && !ch.shedLoad() && !Double.isNaN(ch.mde()))) {
            b.footnote(c.layout() == Layout.CHANGE ? CHANGE_MDE_LEGEND : MDE_LEGEND);
        }
        if (style.geomean() && c.geomean() != null) {
            b.footnote(
                    "geomean: geometric mean of the medians of the rows every column has; its change is the geomean of"
                            + " the per-row ratios, shown when every row changed the same way, else ~");
        }
        c.notes().forEach(b::footnote);
        return b;
    }

    private static void speedup(Table.Builder b, Comparison c, Style style) {
        valueHeaders(b, c, style);
        c.pairs().forEach(p -> b.number(c.pairs().size() == 1 ? "Speedup" : "Speedup " + label(c, p[1])));
        for (int r = 0; r < c.rows().size(); r++) {
            Row row = c.rows().get(r);
            List<String> cells = labelCells(row, c, style);
            values(cells, row, r, style, true);
            for (Change ch : row.changes()) {
                cells.add(ch == null ? "—" : changeText(ch, style, Numbers.speedup(better(row, ch.ratio()))));
            }
            b.row(cells);
        }
        geomean(
                b,
                c,
                style,
                (g, i) -> Numbers.speedup(better(c.rows().get(0), g.ratios().get(i))),
                v -> Numbers.metric(v, c.geomean().unit()));
        if (!c.pairs().isEmpty()) {
            b.footnote("Speedup: how many times better than " + label(c, 0) + " by the median " + mode(c)
                    + "; ~ = within variance: " + rule(c) + "; ± is the 95% CI of the median");
        } else {
            b.footnote("median of trials; ± is the 95% CI of the median");
        }
    }

    private static void change(Table.Builder b, Comparison c, Style style) {
        valueHeaders(b, c, style);
        b.text("Change");
        for (int r = 0; r < c.rows().size(); r++) {
            Row row = c.rows().get(r);
            List<String> cells = labelCells(row, c, style);
            values(cells, row, r, style, true);
            Change ch = row.changes().get(0);
            cells.add(
                    ch == null
                            ? "—"
                            : ch.shedLoad()
                                    ? shed()
                                    : Numbers.deltaPercent(ch.delta()) + " ("
                                            + ch.verdict().word()
                                            + (ch.real() || Double.isNaN(ch.mde())
                                                    ? ""
                                                    : " " + Numbers.plusMinusPercent(ch.mde()))
                                            + ")"
                                            + detail(ch, style));
            b.row(cells);
        }
        geomean(
                b,
                c,
                style,
                (g, i) -> Numbers.deltaPercent(g.ratios().get(i) - 1),
                v -> Numbers.metric(v, c.geomean().unit()));
        b.footnote("Change: median of " + label(c, 1) + " vs " + label(c, 0) + "; " + rule(c)
                + "; ± is the 95% CI of the median");
    }

    private static void baseline(Table.Builder b, Comparison c, Style style) {
        b.text("Mode").text("Units");
        c.files().forEach(f -> b.number(f.label()));
        c.files().forEach(f -> b.number(f.label() + "%"));
        for (Row row : c.rows()) {
            List<String> cells = labelCells(row, c, style);
            cells.add(row.mode());
            cells.add(row.unit());
            row.columns().forEach(s -> cells.add(s == null ? "—" : Numbers.fixed(s.median(), 3)));
            cells.add(row.columns().get(0) == null ? "—" : "+0");
            for (Change ch : row.changes()) {
                cells.add(ch == null ? "—" : changeText(ch, style, percent(ch.ratio())));
            }
            b.row(cells);
        }
        GeomeanRow g = c.geomean();
        if (style.geomean() && g != null) {
            List<String> cells = new ArrayList<>(geomeanLabel(c, style));
            cells.add("");
            cells.add(g.unit());
            g.centres().forEach(v -> cells.add(Numbers.fixed(v, 3)));
            cells.add("+0");
            for (int i = 0; i < g.ratios().size(); i++) {
                cells.add(g.real(i) ? percent(g.ratios().get(i)) : "~");
            }
            b.row(cells);
        }
        b.footnote("%: change of the median against " + label(c, 0) + " in whole percent (+0 on " + label(c, 0)
                + "); ~ = within variance: " + rule(c));
    }

    private static void chain(Table.Builder b, Comparison c, Style style) {
        valueHeaders(b, c, style);
        c.pairs().forEach(p -> b.number(label(c, p[0]) + " → " + label(c, p[1])));
        for (int r = 0; r < c.rows().size(); r++) {
            Row row = c.rows().get(r);
            List<String> cells = labelCells(row, c, style);
            values(cells, row, r, style, false);
            for (Change ch : row.changes()) {
                cells.add(ch == null ? "—" : changeText(ch, style, Numbers.deltaPercent(ch.delta())));
            }
            b.row(cells);
        }
        geomean(
                b,
                c,
                style,
                (g, i) -> Numbers.deltaPercent(g.ratios().get(i) - 1),
                v -> Numbers.metric(v, c.geomean().unit()));
        if (!c.pairs().isEmpty()) {
            boolean higher = !c.rows().isEmpty() && c.rows().get(0).higherIsBetter();
            b.footnote("A → B: change of the median " + mode(c) + " from one column to the next ("
                    + (higher ? "higher" : "lower") + " is better); ~ = within variance: " + rule(c));
        }
    }

    /**
     * The decision rule, with the numbers in effect: the one wording of it in every table.
     */
    public static String rule(Comparison c) {
        return "faster/slower only when the two-sided Mann-Whitney p over trials, Holm-adjusted across "
                + c.rows().size() + (c.rows().size() == 1 ? " row" : " rows") + ", is below "
                + Numbers.fixed(c.alpha(), 2) + " and the change exceeds the " + Numbers.fixed(c.noise() * 100, 1)
                + "% noise band, else within variance";
    }

    private static final String MDE_MEANING = "x is the row's minimum detectable effect, the smallest change this rule"
            + " would call with 80% power given the trials' spread (±∞: none with these trials and rows)";

    /**
     * What the {@code ±} after a {@code ~} means, under every table that shows one (docs/statistics.md rule 13).
     */
    public static final String MDE_LEGEND = "~ (±x%): within variance; " + MDE_MEANING;

    /** {@link #MDE_LEGEND} for the change layout, whose cells spell the verdict out: {@code +3.7% (within variance ±5.3%)}. */
    static final String CHANGE_MDE_LEGEND = "within variance ±x%: " + MDE_MEANING;

    /**
     * A change cell: its text when the verdict is faster or slower, {@code ~ (±4.2%)} within variance (with
     * its minimum detectable effect when known), {@code n/a †} when a side shed load.
     */
    private static String changeText(Change ch, Style style, String real) {
        if (ch.shedLoad()) {
            return shed();
        }
        return (ch.real() ? real : withinVariance(ch)) + detail(ch, style);
    }

    /** {@code ~ (±4.2%)}, {@code ~ (±∞)}, or {@code ~} when the detectable effect is unknown. */
    public static String withinVariance(Change ch) {
        return Double.isNaN(ch.mde()) ? "~" : "~ (" + Numbers.plusMinusPercent(ch.mde()) + ")";
    }

    private static String shed() {
        return "n/a " + LoadTables.SHED_MARK;
    }

    private static void labelHeaders(Table.Builder b, Comparison c, Style style) {
        if (style.dimensionColumns()
                && c.layout() != Layout.BASELINE
                && !c.rows().isEmpty()) {
            c.rows().get(0).key().forEach(d -> b.text(style.capitalize() ? capitalized(d.name()) : d.name()));
        } else {
            b.text(c.rowHeader());
        }
    }

    private static List<String> labelCells(Row row, Comparison c, Style style) {
        if (style.dimensionColumns() && c.layout() != Layout.BASELINE) {
            return new ArrayList<>(row.key().stream().map(Dim::value).toList());
        }
        return new ArrayList<>(List.of(row.label()));
    }

    private static List<String> geomeanLabel(Comparison c, Style style) {
        List<String> cells = new ArrayList<>(List.of("geomean"));
        int labelColumns = style.dimensionColumns() && c.layout() != Layout.BASELINE
                ? c.rows().get(0).key().size()
                : 1;
        for (int i = 1; i < labelColumns; i++) {
            cells.add("");
        }
        return cells;
    }

    private static void valueHeaders(Table.Builder b, Comparison c, Style style) {
        c.files().forEach(f -> {
            b.number(f.label());
            if (style.extraHeader() != null) {
                b.number(f.label() + " " + style.extraHeader());
            }
        });
    }

    private static void values(List<String> cells, Row row, int r, Style style, boolean withCi) {
        for (int f = 0; f < row.columns().size(); f++) {
            MetricSummary s = row.columns().get(f);
            String mark = row.shedLoad().get(f) ? " " + LoadTables.SHED_MARK : "";
            cells.add(
                    s == null
                            ? "—"
                            : Numbers.metric(s.median(), s.unit())
                                    + (withCi ? " " + Numbers.plusMinusPercent(s.ciRelative()) : "")
                                    + mark);
            if (style.extraHeader() != null) {
                cells.add(style.extra().apply(r, f));
            }
        }
    }

    /** The geomean row: centres, then per pair its change (when {@link GeomeanRow#real}) or {@code ~}. */
    private static void geomean(
            Table.Builder b,
            Comparison c,
            Style style,
            BiFunction<GeomeanRow, Integer, String> change,
            DoubleFunction<String> value) {
        GeomeanRow g = c.geomean();
        if (!style.geomean() || g == null) {
            return;
        }
        List<String> cells = geomeanLabel(c, style);
        for (double v : g.centres()) {
            cells.add(value.apply(v));
            if (style.extraHeader() != null) {
                cells.add("");
            }
        }
        for (int i = 0; i < g.ratios().size(); i++) {
            cells.add(g.real(i) ? change.apply(g, i) : "~");
        }
        b.row(cells);
    }

    /** How many times better {@code ratio} (to/from) is, in the metric's direction. */
    private static double better(Row row, double ratio) {
        return row.higherIsBetter() ? ratio : 1 / ratio;
    }

    private static String mode(Comparison c) {
        return c.rows().isEmpty() ? "" : c.rows().get(0).mode();
    }

    private static String label(Comparison c, int column) {
        return c.files().get(column).label();
    }

    private static String capitalized(String name) {
        return name.isEmpty() ? name : name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
    }

    /** Integer percent change as seed 002 prints it: {@code -68}, {@code +0}. */
    static String percent(double ratio) {
        if (Double.isNaN(ratio) || Double.isInfinite(ratio)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, "%+d", Math.round((ratio - 1) * 100));
    }

    private static String detail(Change ch, Style style) {
        if (!style.verbose()) {
            return "";
        }
        return " (p=" + Numbers.pValue(ch.pAdjusted()) + " n=" + ch.nFrom() + "+" + ch.nTo() + ")";
    }
}
