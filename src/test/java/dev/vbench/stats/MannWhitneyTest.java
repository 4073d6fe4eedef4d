package dev.vbench.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.LongConsumer;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

class MannWhitneyTest {

    /** Fully separated 5+5: the smallest two-sided p, 2/C(10,5) = 2/252 = 0.00794 (any Mann-Whitney table). */
    @Test
    void fullySeparatedFivePlusFiveIsTwoOverTwoHundredFiftyTwo() {
        MannWhitney.Result r = MannWhitney.test(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10});
        assertEquals(0.00794, r.p(), 5e-6);
        assertEquals(2.0 / 252, r.p(), 1e-12);
        assertEquals(0, r.u());
        assertEquals(5, r.n1());
        assertEquals(5, r.n2());
        // direction does not matter for a two-sided test
        assertEquals(
                r.p(),
                MannWhitney.test(new double[] {6, 7, 8, 9, 10}, new double[] {1, 2, 3, 4, 5})
                        .p(),
                1e-15);
    }

    /** The smallest p per sample size, the reason for the n &lt; 4 footnote (benchstat prints the same warning). */
    @Test
    void smallestPossiblePByTrials() {
        assertEquals(0.1, MannWhitney.minimumP(3, 3), 1e-12); // 2/20: cannot reach 0.05
        assertEquals(2.0 / 70, MannWhitney.minimumP(4, 4), 1e-12); // 0.0286
        assertEquals(2.0 / 924, MannWhitney.minimumP(6, 6), 1e-12); // 0.00216
        assertEquals(1.0, MannWhitney.minimumP(1, 1), 1e-12);
        assertEquals(
                0.1,
                MannWhitney.test(new double[] {1, 2, 3}, new double[] {4, 5, 6}).p(),
                1e-12);
        assertTrue(
                MannWhitney.test(new double[] {1, 2, 3}, new double[] {4, 5, 6}).tooFewSamples());
        assertFalse(MannWhitney.test(new double[] {1, 2, 3, 4}, new double[] {5, 6, 7, 8})
                .tooFewSamples());
    }

    /**
     * Hollander &amp; Wolfe (1973), p. 69, the example of R's {@code wilcox.test}: W = 35 and a one-sided
     * exact p of 0.1272, so the two-sided p is 0.2544. Cross-checked by enumerating all C(15,5) rank sets.
     */
    @Test
    void matchesPublishedExampleAndFullEnumeration() {
        double[] x = {0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
        double[] y = {1.15, 0.88, 0.90, 0.74, 1.21};
        MannWhitney.Result r = MannWhitney.test(x, y);
        assertEquals(35, r.u());
        assertEquals(0.2544, r.p(), 1e-4);
        assertEquals(exactTwoSided(10, 5, 35), r.p(), 1e-12);
    }

    @Test
    void exactPMatchesEnumerationForSeveralSampleSizes() {
        double[][][] cases = {
            {{1, 3, 5, 7, 9, 11}, {2, 4, 6, 8, 10, 12}},
            {{10, 11, 12, 20}, {13, 14, 15, 16, 17}},
            {{5.5, 1.5, 9.5, 2.5, 7.5, 3.5, 8.5}, {4, 6, 10, 11, 12, 13}},
        };
        for (double[][] c : cases) {
            MannWhitney.Result r = MannWhitney.test(c[0], c[1]);
            assertEquals(exactTwoSided(c[0].length, c[1].length, r.u()), r.p(), 1e-12, () -> "U=" + r.u());
        }
    }

    /**
     * With ties the normal approximation with tie and continuity correction is used (docs/statistics.md rule 4):
     * z = (|U − n₁n₂/2| − ½) / √(n₁n₂/12 · [(n+1) − Σ(t³−t)/(n(n−1))]).
     */
    @Test
    void tiesUseTieCorrectedNormalApproximation() {
        double[] x = {1, 2, 2, 3, 3, 3, 4};
        double[] y = {3, 4, 4, 5, 5, 6, 7, 7};
        // mid-ranks of the 15 values: 1:1, 2:2.5×2, 3:5.5×4, 4:9×3, 5:11.5×2, 6:13, 7:14.5×2
        double r1 = 1 + 2.5 + 2.5 + 5.5 + 5.5 + 5.5 + 9;
        double u = r1 - 7 * 8 / 2.0;
        double ties = (8 - 2) + (64 - 4) + (27 - 3) + (8 - 2) + (8 - 2);
        double n = 15;
        double sigma = Math.sqrt(7 * 8 / 12.0 * ((n + 1) - ties / (n * (n - 1))));
        double z = (Math.abs(u - 28) - 0.5) / sigma;
        double expected = 2 * NormalDistribution.of(0, 1).survivalProbability(z);
        MannWhitney.Result r = MannWhitney.test(x, y);
        assertEquals(u, r.u(), 1e-12);
        assertEquals(expected, r.p(), 1e-12);
    }

    @Test
    void identicalSamplesAreNotDifferentAndNaNIsIgnored() {
        assertEquals(
                1.0,
                MannWhitney.test(new double[] {5, 5, 5}, new double[] {5, 5}).p());
        double[] a = {3, 1, 2, 5, 4, 6};
        assertEquals(1.0, MannWhitney.test(a, a.clone()).p(), 1e-12);
        assertEquals(
                MannWhitney.test(new double[] {1, 2, 3, 4}, new double[] {5, 6, 7, 8})
                        .p(),
                MannWhitney.test(new double[] {1, Double.NaN, 2, 3, 4}, new double[] {5, 6, 7, 8})
                        .p());
        assertTrue(
                Double.isNaN(MannWhitney.test(new double[0], new double[] {1}).p()));
    }

    @Test
    void holmMatchesRPAdjust() {
        // R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02
        assertArrayEquals(
                new double[] {0.03, 0.06, 0.06, 0.02}, Holm.adjust(new double[] {0.01, 0.04, 0.03, 0.005}), 1e-12);
        // untested rows stay NaN and do not count towards m; adjusted values never exceed 1
        double[] adjusted = Holm.adjust(new double[] {0.02, Double.NaN, 0.6});
        assertEquals(0.04, adjusted[0], 1e-12);
        assertTrue(Double.isNaN(adjusted[1]));
        assertEquals(0.6, adjusted[2], 1e-12);
        assertEquals(1.0, Holm.adjust(new double[] {0.9, 0.8})[0], 1e-12);
    }

    @Test
    void geomeanAndVerdicts() {
        assertEquals(4, Geomean.of(new double[] {2, 8}), 1e-12);
        assertEquals(Math.cbrt(1 * 10 * 100), Geomean.of(new double[] {1, 10, 100}), 1e-9);
        assertTrue(Double.isNaN(Geomean.of(new double[] {1, 0})));
        assertTrue(Double.isNaN(Geomean.of(new double[0])));

        assertEquals(Verdict.SLOWER, Verdict.of(0.05, 0.01, 0.01, false, 0.05));
        assertEquals(Verdict.FASTER, Verdict.of(-0.05, 0.01, 0.01, false, 0.05));
        assertEquals(Verdict.FASTER, Verdict.of(0.05, 0.01, 0.01, true, 0.05), "more throughput is better");
        assertEquals(Verdict.SLOWER, Verdict.of(-0.05, 0.01, 0.01, true, 0.05));
        assertEquals(Verdict.WITHIN_VARIANCE, Verdict.of(0.05, 0.06, 0.01, false, 0.05), "not significant");
        assertEquals(Verdict.WITHIN_VARIANCE, Verdict.of(0.005, 0.001, 0.01, false, 0.05), "inside the noise band");
        assertEquals("within variance", Verdict.WITHIN_VARIANCE.word());
    }

    /** Two-sided exact p by enumerating every way to choose the first sample's ranks (no ties). */
    private static double exactTwoSided(int n1, int n2, double u) {
        int n = n1 + n2;
        double mean = n1 * (double) n2 / 2;
        double observed = Math.abs(u - mean);
        long[] counts = {0, 0};
        enumerate(n, n1, 0, 0, 0, (rankSum) -> {
            double uu = rankSum - n1 * (n1 + 1) / 2.0;
            counts[0]++;
            if (Math.abs(uu - mean) >= observed - 1e-9) {
                counts[1]++;
            }
        });
        return Math.min(1.0, (double) counts[1] / counts[0]);
    }

    private static void enumerate(int n, int k, int start, int chosen, long rankSum, LongConsumer sink) {
        if (chosen == k) {
            sink.accept(rankSum);
            return;
        }
        for (int r = start; r <= n - (k - chosen); r++) {
            enumerate(n, k, r + 1, chosen + 1, rankSum + r + 1, sink);
        }
    }
}
