package dev.vbench.compare;

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

    /** A row that got significantly worse by more than a threshold. */
    public record Regression(Row row, Change change) {}

    /**
     * Rows whose change is {@code slower} (significant and beyond the noise band) by more than
     * {@code threshold} (a fraction: 0.05 = 5%) in the bad direction of the metric
     * ({@link Verdict#regressionBeyond}).
     */
    public List<Regression> regressions(double threshold) {
        return regressions(Gates.NONE, threshold);
    }

    /**
     * Rows past their gate: the threshold {@code gates} decide for the row ({@link Gates#decide}, else
     * {@code threshold}, null for none), ignored rows never.
     */
    public List<Regression> regressions(Gates gates, Double threshold) {
        List<Regression> out = new ArrayList<>();
        for (Row row : rows) {
            Gates.Decision d = gates.decide(row.configuration(), row.mode(), threshold);
            if (d.ignored() || d.threshold() == null) {
                continue;
            }
            for (Change c : row.changes()) {
                if (c != null && c.verdict().regressionBeyond(c.delta(), row.higherIsBetter(), d.threshold())) {
                    out.add(new Regression(row, c));
                }
            }
        }
        return out;
    }
}
