package dev.vbench.stats;

import java.util.List;
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
        return direction(delta, higherIsBetter);
    }

    /**
     * The direction of a change already found real by another test (a change point of the history), with
     * the same words: {@link #FASTER} when it moved the metric the good way, {@link #SLOWER} the bad way,
     * {@link #WITHIN_VARIANCE} when it did not move (0 or NaN).
     */
    public static Verdict direction(double delta, boolean higherIsBetter) {
        if (Double.isNaN(delta) || delta == 0) {
            return WITHIN_VARIANCE;
        }
        boolean improved = higherIsBetter ? delta > 0 : delta < 0;
        return improved ? FASTER : SLOWER;
    }

    /**
     * One test of a table, before the table is decided: its change, its unadjusted p, and what it could
     * detect.
     *
     * @param detectable the test's minimum detectable effect at a per-test level ({@link Power}); null
     *     when unknown
     */
    public record Test(double delta, double p, boolean higherIsBetter, Detectable detectable) {

        /** A test whose minimum detectable effect is unknown. */
        public Test(double delta, double p, boolean higherIsBetter) {
            this(delta, p, higherIsBetter, null);
        }
    }

    /** A test's minimum detectable effect (a relative change, +∞ when none) at a two-sided per-test level. */
    @FunctionalInterface
    public interface Detectable {
        double at(double level);
    }

    /**
     * A table decided: per test its Holm-adjusted p, its verdict and its minimum detectable effect.
     *
     * @param pAdjusted Holm-adjusted p per test, in the order given (NaN where untested)
     * @param verdicts the verdict per test on the adjusted p
     * @param mde per test the smallest change the decision rule calls with 80% power ({@link Power#POWER}):
     *     the test's minimum detectable effect at α/m (m tested rows, Holm's first step), at least the
     *     noise band; +∞ when the table's level cannot be reached; NaN where untested or unknown
     */
    public record Decided(double[] pAdjusted, Verdict[] verdicts, double[] mde) {}

    /**
     * Holm, then verdict: the one way every table that tests many changes at once decides them — a
     * comparison's column of rows, the history check's series × metrics. The p values are adjusted with
     * {@link Holm} across the tests (docs/statistics.md rule 5; untested NaN entries do not count), and each
     * test's verdict is {@link #of} its change on the adjusted p (rule 6).
     */
    public static Decided decide(List<Test> tests, double noise, double alpha) {
        double[] adjusted = Holm.adjust(tests.stream().mapToDouble(Test::p).toArray());
        Verdict[] verdicts = new Verdict[tests.size()];
        double[] mde = new double[tests.size()];
        long tested = tests.stream().filter(t -> !Double.isNaN(t.p())).count();
        double level = alpha / Math.max(1, tested); // docs/statistics.md rule 13: Holm's first step
        for (int i = 0; i < verdicts.length; i++) {
            Test t = tests.get(i);
            verdicts[i] = of(t.delta(), adjusted[i], noise, t.higherIsBetter(), alpha);
            mde[i] = t.detectable() == null || Double.isNaN(t.p())
                    ? Double.NaN
                    : Math.max(noise, t.detectable().at(level));
        }
        return new Decided(adjusted, verdicts, mde);
    }

    /**
     * Whether a change with this verdict is a regression past a gate's threshold
     * ({@code --fail-on-regression}): {@link #SLOWER}, and worse by more than {@code threshold} (a fraction,
     * 0.05 = 5%) in the bad direction of the metric. The one rule of {@code compare} and {@code history check}.
     *
     * @param delta relative change new/base − 1 of the medians
     */
    public boolean regressionBeyond(double delta, boolean higherIsBetter, double threshold) {
        double worse = higherIsBetter ? -delta : delta;
        return this == SLOWER && worse > threshold;
    }
}
