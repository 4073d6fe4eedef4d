package dev.vbench.stats;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Student-t confidence interval of the mean, as JMH prints it ("±(99.9%)"): half-width
 * t(1 − α/2, n − 1) · s / √n with s the n − 1 standard deviation (JMH
 * {@code AbstractStatistics.getMeanErrorAt}).
 */
public final class MeanInterval {

    private MeanInterval() {}

    /** Half-width at {@code level} (e.g. 0.999); NaN when n &lt; 2. */
    public static double halfWidth(double[] values, double level) {
        int n = values.length;
        if (n < 2) {
            return Double.NaN;
        }
        double t = TDistribution.of(n - 1).inverseCumulativeProbability(1 - (1 - level) / 2);
        return t * Descriptive.stdev(values) / Math.sqrt(n);
    }
}
