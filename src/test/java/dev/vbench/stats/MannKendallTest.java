package dev.vbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

/** docs/statistics.md rule 17: Mann-Kendall's trend test and the Theil–Sen drift of a cell's trials. */
class MannKendallTest {

    @Test
    void exactPValuesAgreeWithKendallsTable() {
        // six values rising every time: every one of the 720 orders but this one and its reverse is less extreme
        MannKendall.Result rising = MannKendall.test(new double[] {90, 94, 97, 99, 101, 104});
        assertEquals(15, rising.s());
        assertEquals(2.0 / 720, rising.p(), 1e-12);
        assertEquals(
                -15, MannKendall.test(new double[] {104, 101, 99, 97, 94, 90}).s());
        assertEquals(2.0 / 24, MannKendall.p(4, 6), 1e-12, "four values can never reach 0.05");
        assertEquals(2.0 / 120, MannKendall.p(5, 10), 1e-12);
        // Kendall's table: n = 10, S = 21, one-sided 0.036
        assertEquals(0.0363, MannKendall.p(10, 21) / 2, 5e-5);
        assertEquals(1.0, MannKendall.p(6, 0));
        assertEquals(1.0, MannKendall.test(new double[] {1, 2}).p(), "too few values to test");
    }

    @Test
    void theNormalApproximationTakesOverWhereTheExactDistributionEnds() {
        int n = MannKendall.EXACT_UP_TO;
        double exact = MannKendall.p(n, 300);
        double approx = normal(n, 300);
        assertEquals(exact, approx, 0.002, "exact " + exact + " against normal " + approx);
        assertTrue(MannKendall.p(n + 1, 300) > 0 && MannKendall.p(n + 1, 300) < 1);
    }

    private static double normal(int n, long s) {
        double sd = Math.sqrt(n * (n - 1.0) * (2.0 * n + 5) / 18);
        return 2 * NormalDistribution.of(0, 1).survivalProbability((s - 1) / sd);
    }

    @Test
    void theDriftIsTheTheilSenSlopeOverTheSeriesRobustToOneOutlier() {
        assertEquals(
                50.0,
                MannKendall.test(new double[] {100, 110, 120, 130, 140, 150}).change(),
                1e-9);
        // one wild trial leaves the median slope where the others put it
        assertEquals(
                50.0,
                MannKendall.test(new double[] {100, 110, 900, 130, 140, 150}).change(),
                1e-9);
        assertEquals(
                12.5, MannKendall.test(new double[] {90, 94, 97, 99, 101, 104}).change(), 1e-9, "the Javadoc's");
        assertEquals(0.0, MannKendall.test(new double[] {5, 5, 5, 5, 5, 5}).change());
        assertEquals(1.0, MannKendall.test(new double[] {5, 5, 5, 5, 5, 5}).p(), "ties everywhere: no trend");
    }

    @Test
    void seriesTakenTogetherAddTheirEvidence() {
        MannKendall.Result up = MannKendall.test(new double[] {1, 2, 3, 4, 3.5, 5});
        MannKendall.Result down = MannKendall.test(new double[] {5, 4, 3, 2, 2.5, 1});
        MannKendall.Result both = MannKendall.together(List.of(up, up));
        assertEquals(2 * up.s(), both.s());
        assertEquals(12, both.n());
        assertTrue(both.p() < up.p(), both + " against " + up);
        assertEquals(1.0, MannKendall.together(List.of(up, down)).p(), "opposite trends cancel");
        assertEquals(1.0, MannKendall.together(List.of()).p());
    }

    @Test
    void seriesWithoutATrendAreCalledDriftingAtMostAtAlpha() {
        SplittableRandom random = new SplittableRandom(17);
        int called = 0;
        int runs = 4000;
        for (int r = 0; r < runs; r++) {
            double[] x = new double[8];
            for (int i = 0; i < x.length; i++) {
                x[i] = 100 + 5 * random.nextGaussian();
            }
            called += MannKendall.test(x).p() < 0.05 ? 1 : 0;
        }
        // the exact test at n = 8 rejects with probability 0.031 (its discreteness keeps it below 0.05)
        assertTrue(called < runs * 0.05, called + " of " + runs);
        assertTrue(called > runs * 0.015, called + " of " + runs + ": the test is alive");
    }
}
