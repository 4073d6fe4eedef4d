package dev.vbench.stats;

import org.apache.commons.statistics.inference.MannWhitneyUTest;

/**
 * Two-sided Mann-Whitney U test (Wilcoxon rank-sum) between two sets of trial values: the A/B test
 * of docs/statistics.md rule 4, the one benchstat uses ({@code golang.org/x/perf/benchmath}, {@code assume=nothing}).
 *
 * <p>The computation is Apache Commons Statistics 1.1,
 * {@code org.apache.commons.statistics.inference.MannWhitneyUTest.withDefaults()}: U = R₁ − n₁(n₁+1)/2
 * with mid-ranks for ties; the exact null distribution when both samples have fewer than 50 values and
 * no ties; otherwise the normal approximation z = (U − n₁n₂/2 ∓ ½) / √(n₁n₂/12 · [(n+1) − Σ(t³−t)/(n(n−1))])
 * with continuity and tie correction (Mann &amp; Whitney, <i>Ann. Math. Statist.</i> 18 (1947) 50–60;
 * the tie correction as in Hollander &amp; Wolfe, <i>Nonparametric Statistical Methods</i>, §4.1).
 *
 * <pre>{@code
 * MannWhitney.Result r = MannWhitney.test(baseTrials, newTrials);
 * boolean differs = r.p() < Defaults.ALPHA;
 * }</pre>
 */
public final class MannWhitney {

    /**
     * Fewest values per side at which a two-sided p below {@link #ALPHA} is possible: with 3+3 the
     * smallest p is 2/C(6,3) = 0.1, with 4+4 it is 2/C(8,4) = 0.029 (see {@link #minimumP}).
     */
    public static final int MIN_SAMPLES_PER_SIDE = 4;

    private static final MannWhitneyUTest TEST = MannWhitneyUTest.withDefaults();

    private MannWhitney() {}

    /**
     * Outcome of one test.
     *
     * @param p two-sided p-value; NaN when a side has no values
     * @param u the U statistic of the first sample (U₁); NaN when a side has no values
     * @param n1 values in the first sample
     * @param n2 values in the second sample
     */
    public record Result(double p, double u, int n1, int n2) {

        /** True when p &lt; {@code alpha}. */
        public boolean significant(double alpha) {
            return p < alpha;
        }

        /** True when the samples are too small for any outcome to reach p &lt; {@link #ALPHA}. */
        public boolean tooFewSamples() {
            return Math.min(n1, n2) < MIN_SAMPLES_PER_SIDE;
        }
    }

    /**
     * Tests whether {@code x} and {@code y} come from the same distribution. NaN values are ignored.
     * When every value of both samples is identical the samples cannot differ: p = 1.
     */
    public static Result test(double[] x, double[] y) {
        double[] a = Descriptive.sorted(x);
        double[] b = Descriptive.sorted(y);
        if (a.length == 0 || b.length == 0) {
            return new Result(Double.NaN, Double.NaN, a.length, b.length);
        }
        if (a[0] == a[a.length - 1] && b[0] == b[b.length - 1] && a[0] == b[0]) {
            // All ranks tied: the tie-corrected variance is 0 and the normal approximation is 0/0.
            return new Result(1.0, a.length * (double) b.length / 2, a.length, b.length);
        }
        MannWhitneyUTest.Result r = TEST.test(a, b);
        return new Result(Math.min(1.0, r.getPValue()), r.getStatistic(), a.length, b.length);
    }

    /**
     * The smallest two-sided p-value any data can give with samples of {@code n1} and {@code n2}
     * values: both samples fully separated, p = 2 / C(n1 + n2, n1), at most 1.
     */
    public static double minimumP(int n1, int n2) {
        if (n1 < 1 || n2 < 1) {
            return 1.0;
        }
        double combinations = 1;
        int n = n1 + n2;
        int k = Math.min(n1, n2);
        for (int i = 1; i <= k; i++) {
            combinations = combinations * (n - k + i) / i;
        }
        return Math.min(1.0, 2 / combinations);
    }
}
