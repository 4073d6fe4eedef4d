package dev.vbench.stats;

import java.util.Locale;

/**
 * What a change between two sets of trials means (docs/statistics.md rules 6 and 7). A change is
 * {@link #FASTER} or {@link #SLOWER} only when it is significant (Holm-adjusted Mann-Whitney
 * p &lt; α) <em>and</em> its size exceeds the noise band (Criterion.rs's {@code noise_threshold},
 * default 1%); otherwise it is {@link #WITHIN_VARIANCE}. The direction respects whether a larger
 * value of the metric is better (throughput) or worse (times).
 */
public enum Verdict {
    FASTER,
    SLOWER,
    WITHIN_VARIANCE;

    /** The word printed in tables: {@code faster}, {@code slower}, {@code within variance}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /**
     * @param delta relative change new/base − 1 of the medians
     * @param p the (adjusted) p-value of the change; NaN when untested
     * @param noise noise band as a fraction (0.01 = 1%)
     * @param higherIsBetter whether a larger value of the metric is an improvement
     * @param alpha significance level
     */
    public static Verdict of(double delta, double p, double noise, boolean higherIsBetter, double alpha) {
        if (Double.isNaN(delta) || Double.isNaN(p) || !(p < alpha) || !(Math.abs(delta) > noise)) {
            return WITHIN_VARIANCE;
        }
        boolean improved = higherIsBetter ? delta > 0 : delta < 0;
        return improved ? FASTER : SLOWER;
    }
}
