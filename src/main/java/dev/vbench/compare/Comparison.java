package dev.vbench.compare;

import dev.vbench.stats.Holm;
import dev.vbench.stats.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * The result of {@code vbench compare}: everything a renderer prints, already computed.
 *
 * @param files the inputs, in column order
 * @param layout the table shape; decides {@link #pairs()}
 * @param pairs {@code {from, to}} file indexes of each column of changes
 * @param noise noise band as a fraction
 * @param alpha significance level
 * @param title the configuration shared by every row (e.g. {@code io duration=20ms tasks=2000}) and the metric
 * @param rowHeader header of the label column ({@code Benchmark}, or the one dimension that varies)
 * @param rows matched rows, in the order of the first file that has them
 * @param geomean the summary row, or null when it does not apply (fewer than two complete rows, mixed units)
 * @param notes footnotes: rows in one file only, environment differences, too few samples, ignored dimensions
 */
public record Comparison(
        List<Dataset> files,
        Layout layout,
        List<int[]> pairs,
        double noise,
        double alpha,
        String title,
        String rowHeader,
        List<Row> rows,
        GeomeanRow geomean,
        List<String> notes) {

    public Comparison {
        files = List.copyOf(files);
        pairs = List.copyOf(pairs);
        rows = List.copyOf(rows);
        notes = List.copyOf(notes);
    }

    /**
     * The geomean row: per file the geomean of the medians of the complete rows, per pair the geomean
     * of the per-row ratios.
     *
     * @param centres geomean of the medians, per file
     * @param ratios geomean of median(to)/median(from), per pair
     * @param unit unit of the centres
     * @param verdicts per pair: faster or slower only when every row's change in that column is, in the same
     *     direction (a summary claims no more than its rows), else within variance
     */
    public record GeomeanRow(List<Double> centres, List<Double> ratios, String unit, List<Verdict> verdicts) {
        public GeomeanRow {
            centres = List.copyOf(centres);
            ratios = List.copyOf(ratios);
            verdicts = List.copyOf(verdicts);
        }

        /** Whether the change of pair {@code i} is a real one (faster or slower). */
        public boolean real(int i) {
            return verdicts.get(i) != Verdict.WITHIN_VARIANCE;
        }
    }

    /** This comparison under another title (a run table names its workload, trials and metric). */
    public Comparison withTitle(String newTitle) {
        return new Comparison(files, layout, pairs, noise, alpha, newTitle, rowHeader, rows, geomean, notes);
    }

    /**
     * A row's change the gate looked at.
     *
     * @param pGate the change's p after Holm across every change the gate looked at
     */
    public record Regression(Row row, Change change, double pGate) {}

    /**
     * What a gate decided.
     *
     * @param regressions the changes that fail it
     * @param notHeld changes slower by more than their threshold in their own column whose p does not stay below
     *     α once Holm counts every change the gate looks at: not failing (never with two files, where those
     *     changes are the one column's rows and the table's correction is the gate's)
     * @param tested how many changes the gate looked at: its Holm factor
     */
    public record Gate(List<Regression> regressions, List<Regression> notHeld, int tested) {}

    /**
     * Rows whose change is {@code slower} (significant and beyond the noise band) by more than
     * {@code threshold} (a fraction: 0.05 = 5%) in the bad direction of the metric
     * ({@link Verdict#regressionBeyond}).
     */
    public List<Regression> regressions(double threshold) {
        return regressions(Gates.NONE, threshold);
    }

    /** The changes that fail the gate: {@link #gate}'s regressions. */
    public List<Regression> regressions(Gates gates, Double threshold) {
        return gate(gates, threshold).regressions();
    }

    /**
     * The gate ({@code --fail-on-regression}, {@code --gates}): a change fails it when the table calls it slower by
     * more than the threshold {@code gates} decide for its row ({@link Gates#decide}, else {@code threshold}; null
     * for none; ignored rows never) and its p stays below α after Holm across every change the gate looks at. The
     * gate is one decision over all of them, as {@code history check}'s is over every series it checks: with three
     * files or more, each column's own correction alone would let each further column add its chance of a false
     * failure (docs/statistics.md rule 5).
     */
    public Gate gate(Gates gates, Double threshold) {
        List<Row> rowOf = new ArrayList<>();
        List<Change> looked = new ArrayList<>();
        List<Double> thresholds = new ArrayList<>();
        for (Row row : rows) {
            Gates.Decision d = gates.decide(row.configuration(), row.mode(), threshold);
            if (d.ignored() || d.threshold() == null) {
                continue;
            }
            for (Change c : row.changes()) {
                if (c != null && !Double.isNaN(c.p())) {
                    rowOf.add(row);
                    looked.add(c);
                    thresholds.add(d.threshold());
                }
            }
        }
        double[] adjusted = Holm.adjust(looked.stream().mapToDouble(Change::p).toArray());
        List<Regression> regressions = new ArrayList<>();
        List<Regression> notHeld = new ArrayList<>();
        for (int i = 0; i < looked.size(); i++) {
            Change c = looked.get(i);
            if (c.verdict().regressionBeyond(c.delta(), rowOf.get(i).higherIsBetter(), thresholds.get(i))) {
                (adjusted[i] < alpha ? regressions : notHeld).add(new Regression(rowOf.get(i), c, adjusted[i]));
            }
        }
        return new Gate(regressions, notHeld, looked.size());
    }
}
