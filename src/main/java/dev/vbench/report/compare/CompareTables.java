package dev.vbench.report.compare;

import dev.vbench.compare.Change;
import dev.vbench.compare.Comparison;
import dev.vbench.compare.Comparison.GeomeanRow;
import dev.vbench.compare.Dataset;
import dev.vbench.compare.Row;
import dev.vbench.report.Numbers;
import dev.vbench.report.Table;
import dev.vbench.result.MetricSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Builds the table of a comparison in its layout:
 * <ul>
 *   <li>change (seed 000): {@code Benchmark | a | b | Change} with {@code -4.0% (faster)};
 *   <li>baseline (seed 002): {@code Benchmark | Mode | Units | a | b | a% | b%}, integer % against
 *       the first file, {@code +0} on it, {@code ~} where the change is within variance;
 *   <li>chain (seed 001): {@code Threads | A | B | C | A → B | B → C}.
 * </ul>
 * With {@code verbose}, every change cell ends in {@code (p=0.008 n=6+6)}: the Holm-adjusted p and
 * the samples on each side.
 */
public final class CompareTables {

    private CompareTables() {}

    public static Table table(Comparison c, boolean verbose) {
        return switch (c.layout()) {
            case CHANGE -> change(c, verbose);
            case BASELINE -> baseline(c, verbose);
            case CHAIN -> chain(c, verbose);
            case SPEEDUP -> speedup(c, verbose);
        };
    }

    private static Table change(Comparison c, boolean verbose) {
        Table.Builder b = new Table.Builder(c.title()).text(c.rowHeader());
        c.files().forEach(f -> b.number(f.label()));
        b.text("Change");
        for (Row row : c.rows()) {
            List<String> cells = new ArrayList<>(List.of(row.label()));
            row.columns().forEach(s -> cells.add(valueWithCi(s)));
            Change ch = row.changes().get(0);
            cells.add(ch == null ? "—" : Numbers.deltaPercent(ch.delta()) + " (" + ch.verdict().word() + ")" + detail(ch, verbose));
            b.row(cells);
        }
        GeomeanRow g = c.geomean();
        if (g != null) {
            List<String> cells = new ArrayList<>(List.of("geomean"));
            g.centres().forEach(v -> cells.add(Numbers.metric(v, g.unit())));
            cells.add(Numbers.deltaPercent(g.ratios().get(0) - 1));
            b.row(cells);
        }
        b.footnote("Change: median of " + c.files().get(1).label() + " vs " + c.files().get(0).label() + "; " + rule(c)
                + "; ± is the 95% CI of the median");
        return withNotes(b, c);
    }

    private static Table speedup(Comparison c, boolean verbose) {
        Table.Builder b = new Table.Builder(c.title()).text(c.rowHeader());
        c.files().forEach(f -> b.number(f.label()));
        c.pairs().forEach(p -> b.number(c.pairs().size() == 1 ? "Speedup" : "Speedup " + c.files().get(p[1]).label()));
        for (Row row : c.rows()) {
            List<String> cells = new ArrayList<>(List.of(row.label()));
            row.columns().forEach(s -> cells.add(valueWithCi(s)));
            for (Change ch : row.changes()) {
                cells.add(ch == null ? "—" : (ch.real() ? Numbers.speedup(row.higherIsBetter() ? ch.ratio() : 1 / ch.ratio())
                        : "~") + detail(ch, verbose));
            }
            b.row(cells);
        }
        b.footnote("Speedup: how many times better than " + c.files().get(0).label() + " by the median; ~ = within variance: "
                + rule(c));
        return withNotes(b, c);
    }

    private static Table baseline(Comparison c, boolean verbose) {
        Table.Builder b = new Table.Builder(c.title()).text(c.rowHeader()).text("Mode").text("Units");
        c.files().forEach(f -> b.number(f.label()));
        c.files().forEach(f -> b.number(f.label() + "%"));
        for (Row row : c.rows()) {
            List<String> cells = new ArrayList<>(List.of(row.label(), row.mode(), row.unit()));
            row.columns().forEach(s -> cells.add(s == null ? "—" : Numbers.fixed(s.median(), 3)));
            cells.add(row.columns().get(0) == null ? "—" : "+0");
            for (Change ch : row.changes()) {
                cells.add(ch == null ? "—" : (ch.real() ? percent(ch.ratio()) : "~") + detail(ch, verbose));
            }
            b.row(cells);
        }
        GeomeanRow g = c.geomean();
        if (g != null) {
            List<String> cells = new ArrayList<>(List.of("geomean", "", g.unit()));
            g.centres().forEach(v -> cells.add(Numbers.fixed(v, 3)));
            cells.add("+0");
            g.ratios().forEach(r -> cells.add(percent(r)));
            b.row(cells);
        }
        b.footnote("%: change of the median against " + c.files().get(0).label() + " in whole percent (+0 on "
                + c.files().get(0).label() + "); ~ = within variance: " + rule(c));
        return withNotes(b, c);
    }

    private static Table chain(Comparison c, boolean verbose) {
        Table.Builder b = new Table.Builder(c.title()).text(c.rowHeader());
        c.files().forEach(f -> b.number(f.label()));
        List<Dataset> files = c.files();
        c.pairs().forEach(p -> b.number(files.get(p[0]).label() + " → " + files.get(p[1]).label()));
        for (Row row : c.rows()) {
            List<String> cells = new ArrayList<>(List.of(row.label()));
            row.columns().forEach(s -> cells.add(s == null ? "—" : Numbers.metric(s.median(), s.unit())));
            for (Change ch : row.changes()) {
                cells.add(ch == null ? "—" : (ch.real() ? Numbers.deltaPercent(ch.delta()) : "~") + detail(ch, verbose));
            }
            b.row(cells);
        }
        GeomeanRow g = c.geomean();
        if (g != null) {
            List<String> cells = new ArrayList<>(List.of("geomean"));
            g.centres().forEach(v -> cells.add(Numbers.metric(v, g.unit())));
            g.ratios().forEach(r -> cells.add(Numbers.deltaPercent(r - 1)));
            b.row(cells);
        }
        b.footnote("A → B: change of the median from one file to the next; ~ = within variance: " + rule(c));
        return withNotes(b, c);
    }

    /** The decision rule, with the numbers in effect. */
    private static String rule(Comparison c) {
        return "faster/slower only when the two-sided Mann-Whitney p over trials, Holm-adjusted across "
                + c.rows().size() + (c.rows().size() == 1 ? " row" : " rows") + ", is below "
                + Numbers.fixed(c.alpha(), 2) + " and the change exceeds the " + Numbers.fixed(c.noise() * 100, 1)
                + "% noise band (--noise), else within variance";
    }

    private static Table withNotes(Table.Builder b, Comparison c) {
        if (c.geomean() != null) {
            b.footnote("geomean: geometric mean of the medians of the rows every file has; its change is the geomean of"
                    + " the per-row ratios");
        }
        c.notes().forEach(b::footnote);
        return b.build();
    }

    private static String valueWithCi(MetricSummary s) {
        return s == null ? "—" : Numbers.metric(s.median(), s.unit()) + " " + Numbers.plusMinusPercent(s.ciRelative());
    }

    /** Integer percent change as seed 002 prints it: {@code -68}, {@code +0}. */
    static String percent(double ratio) {
        if (Double.isNaN(ratio) || Double.isInfinite(ratio)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, "%+d", Math.round((ratio - 1) * 100));
    }

    private static String detail(Change ch, boolean verbose) {
        if (!verbose) {
            return "";
        }
        return " (p=" + (Double.isNaN(ch.pAdjusted()) ? "n/a" : Numbers.fixed(ch.pAdjusted(), 3)) + " n=" + ch.nFrom()
                + "+" + ch.nTo() + ")";
    }
}
