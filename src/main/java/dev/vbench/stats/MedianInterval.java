package dev.vbench.stats;

import org.apache.commons.statistics.distribution.BinomialDistribution;

/**
 * Distribution-free confidence interval for the median from order statistics.
 *
 * <p>Source: the number of samples below the population median is Binomial(n, ½) (Conover,
 * <i>Practical Nonparametric Statistics</i>, 3rd ed., §3.2); benchstat uses the same construction
 * ({@code golang.org/x/perf/benchmath}, {@code assume=nothing}). The interval is
 * [x(k), x(n−k+1)] (1-based order statistics) for the largest k with
 * P(B ≤ k−1) ≤ (1 − level)/2, which gives coverage 1 − 2·P(B ≤ k−1) ≥ level. When no such k exists
 * (n ≤ 5 at 95%) the interval is not finite.
 */
public final class MedianInterval {

    private MedianInterval() {}

    /**
     * The 1-based rank k of the lower bound, or 0 when the interval is not finite.
     *
     * @param n sample size
     * @param level confidence level, e.g. 0.95
     */
    public static int lowerRank(int n, double level) {
        if (n < 1) {
            return 0;
        }
        BinomialDistribution b = BinomialDistribution.of(n, 0.5);
        double tail = (1 - level) / 2;
        int k = 0;
        while (k + 1 <= (n + 1) / 2 && b.cumulativeProbability(k) <= tail) {
            k++;
        }
        return k;
    }

    /**
     * {lo, hi} for sorted data; {NaN, NaN} when the sample is too small for the level.
     */
    public static double[] of(double[] sorted, double level) {
        int k = lowerRank(sorted.length, level);
        if (k == 0) {
            return new double[] {Double.NaN, Double.NaN};
        }
        return new double[] {sorted[k - 1], sorted[sorted.length - k]};
    }
}
