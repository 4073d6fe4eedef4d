package dev.vbench.report.ci;

import dev.vbench.compare.Change;
import dev.vbench.compare.Comparison;
import dev.vbench.compare.Gates;
import dev.vbench.compare.Row;
import dev.vbench.report.ComparisonTables;
import dev.vbench.report.Table;
import dev.vbench.result.MetricSummary;
import dev.vbench.stats.Verdict;
import dev.vbench.text.Numbers;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Builds the {@link GateReport} of a comparison: a check per change, the table in the comparison's layout. */
public final class GateReports {

    private GateReports() {}

    /**
     * @param gates per-benchmark gates ({@link Gates#NONE} for none)
     * @param threshold {@code --fail-on-regression} as a fraction, or null
     * @param verbose add {@code (p=… n=…)} to the table's change cells
     */
    public static GateReport of(Comparison c, Gates gates, Double threshold, boolean verbose) {
        return of(c, c.gate(gates, threshold), gates, threshold, verbose);
    }

    /**
     * As {@link #of(Comparison, Gates, Double, boolean)}, with the gate already decided ({@link Comparison#gate} of
     * the same {@code gates} and {@code threshold}): the gate is one decision over every change it looks at, and
     * its own Holm decides which fail.
     */
    public static GateReport of(Comparison c, Comparison.Gate gate, Gates gates, Double threshold, boolean verbose) {
        List<GateReport.Check> checks = new ArrayList<>();
        List<GateReport.Place> places = new ArrayList<>();
        Map<Change, Comparison.Regression> notHeld = new IdentityHashMap<>();
        gate.notHeld().forEach(r -> notHeld.put(r.change(), r));
        for (Row row : c.rows()) {
            String configuration = row.configuration();
            Gates.Decision d = gates.decide(configuration, row.mode(), threshold);
            List<Verdict> verdicts = new ArrayList<>();
            for (int i = 0; i < c.pairs().size(); i++) {
                Change ch = row.changes().get(i);
                int[] pair = c.pairs().get(i);
                String name = configuration
                        + (c.pairs().size() > 1 ? " (" + label(c, pair[0]) + " → " + label(c, pair[1]) + ")" : "");
                checks.add(check(c, row, ch, pair, name, d, notHeld.get(ch), gate.tested()));
                verdicts.add(ch == null ? Verdict.WITHIN_VARIANCE : ch.verdict());
            }
            places.add(GateReport.Place.of(verdicts));
        }
        Table table = ComparisonTables.table(c, ComparisonTables.Style.compare(verbose));
        while (places.size() < table.rows().size()) {
            places.add(GateReport.Place.SHOWN); // the geomean row: a summary, always shown
        }
        String title = c.files().stream().map(f -> f.label()).collect(Collectors.joining(" → "));
        return new GateReport("compare", title, "", threshold, checks, table, places, table.footnotes());
    }

    private static GateReport.Check check(
            Comparison c,
            Row row,
            Change ch,
            int[] pair,
            String name,
            Gates.Decision d,
            Comparison.Regression notHeld,
            int tested) {
        MetricSummary from = row.columns().get(pair[0]);
        MetricSummary to = row.columns().get(pair[1]);
        double base = from == null ? Double.NaN : from.median();
        double head = to == null ? Double.NaN : to.median();
        if (ch == null) {
            String missing = from == null ? label(c, pair[0]) : label(c, pair[1]);
            return new GateReport.Check(
                    name,
                    row.mode(),
                    row.unit(),
                    label(c, pair[0]),
                    label(c, pair[1]),
                    base,
                    head,
                    Double.NaN,
                    Double.NaN,
                    from == null ? 0 : from.n(),
                    to == null ? 0 : to.n(),
                    Verdict.WITHIN_VARIANCE,
                    d.ignored() ? GateReport.Outcome.IGNORED : GateReport.Outcome.UNTESTED,
                    d.threshold(),
                    d.ignored() ? ignoredNote(d) : "not in " + missing,
                    Double.NaN);
        }
        GateReport.Outcome outcome = GateReport.outcome(
                ch.verdict(), ch.delta(), ch.pAdjusted(), row.higherIsBetter(), d.threshold(), d.ignored());
        String note = d.ignored() ? ignoredNote(d) : ch.shedLoad() ? "a side shed load: not tested" : "";
        if (notHeld != null && outcome == GateReport.Outcome.FAILED) {
            outcome = GateReport.Outcome.SLOWER;
            note = "slower than the gate in its own column, but not once Holm counts the " + tested
                    + " changes the gate looks at (p=" + Numbers.pValue(notHeld.pGate()) + ")";
        }
        return new GateReport.Check(
                name,
                row.mode(),
                row.unit(),
                label(c, ch.from()),
                label(c, ch.to()),
                base,
                head,
                ch.delta(),
                ch.pAdjusted(),
                ch.nFrom(),
                ch.nTo(),
                ch.verdict(),
                outcome,
                d.threshold(),
                note,
                ch.mde());
    }

    /** {@code ignored by gates.yaml:4 (flaky on shared runners)}. */
    public static String ignoredNote(Gates.Decision d) {
        return "ignored by " + d.at() + (d.reason().isEmpty() ? "" : " (" + d.reason() + ")");
    }

    private static String label(Comparison c, int file) {
        return c.files().get(file).label();
    }
}
