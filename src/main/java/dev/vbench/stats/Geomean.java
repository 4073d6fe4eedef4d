package dev.vbench.stats;

/**
 * Geometric mean, for the summary row of a comparison table (docs/statistics.md rule 8, benchstat's
 * {@code geomean} row): the geomean of the centres of each column, and as the row's change the
 * geomean of the per-row ratios (not the ratio of the geomeans; the two agree only when every
 * column has the same rows). Computed as exp(mean(ln x)) to avoid overflow.
 */
public final class Geomean {

    private Geomean() {}

    /** exp(Σ ln xᵢ / n); NaN when empty or when any value is not positive (a geomean needs x &gt; 0). */
    public static double of(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double sumOfLogs = 0;
        for (double v : values) {
            if (!(v > 0) || Double.isInfinite(v)) {
                return Double.NaN;
            }
            sumOfLogs += Math.log(v);
        }
        return Math.exp(sumOfLogs / values.length);
    }
}
