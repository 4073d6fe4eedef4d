package dev.vbench.result;

import java.util.List;

/**
 * Statistics of one metric over the measured trials of a cell (trials are the samples; see
 * docs/statistics.md rule 1).
 *
 * @param unit unit of every value here, e.g. {@code ms}, {@code tasks/s}
 * @param n number of trials
 * @param median median of the trials
 * @param ciLow lower end of the distribution-free 95% confidence interval of the median, NaN when n is too small
 * @param ciHigh upper end of that interval, NaN when n is too small
 * @param mean arithmetic mean
 * @param meanError99_9 half-width of the 99.9% Student-t interval of the mean (JMH's "±"), NaN when n &lt; 2
 * @param stdev sample standard deviation (n − 1)
 * @param min smallest trial value
 * @param max largest trial value
 * @param outliers indexes of trials whose modified z-score exceeds 10 (flagged, never dropped)
 */
public record MetricSummary(
        String unit,
        int n,
        double median,
        double ciLow,
        double ciHigh,
        double mean,
        double meanError99_9,
        double stdev,
        double min,
        double max,
        List<Integer> outliers) {

    public MetricSummary {
        outliers = List.copyOf(outliers);
    }

    /** Relative half-width of the median CI, {@code max(hi/m − 1, 1 − lo/m)}; +∞ when unknown. */
    public double ciRelative() {
        if (Double.isNaN(ciLow) || Double.isNaN(ciHigh) || median == 0) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.max(ciHigh / median - 1, 1 - ciLow / median);
    }
}
