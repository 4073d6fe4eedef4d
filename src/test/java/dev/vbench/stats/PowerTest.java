package dev.vbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** docs/statistics.md rule 13: what a table can reach, and the minimum detectable effect of a row. */
class PowerTest {

    @Test
    void theExactCriticalValuesAreTheTabulatedOnes() {
        // two-sided 0.05: U <= 5 for 6+6 (p = 0.041), U <= 2 for 5+5 (p = 0.032), none for 3+3
        assertEquals(5, Power.criticalU(6, 6, 0.05));
        assertEquals(2, Power.criticalU(5, 5, 0.05));
        assertEquals(8, Power.criticalU(6, 8, 0.05));
        assertEquals(-1, Power.criticalU(3, 3, 0.05));
        assertEquals(0, Power.criticalU(6, 6, 0.0025), "only full separation: p = 2/924 = 0.0022");
        assertEquals(-1, Power.criticalU(6, 6, 0.002));
    }

    @Test
    void aTableOfManyRowsCannotReachAlphaWithSixTrialsAndSaysHowManyWould() {
        assertTrue(Power.attainable(6, 6, 0.05, 22));
        assertFalse(Power.attainable(6, 6, 0.05, 24), "0.0022 x 24 >= 0.05: the 25-row sweep");
        assertEquals(7, Power.trialsNeeded(0.05, 24));
        assertEquals(4, Power.trialsNeeded(0.05, 1));
        assertEquals(
                Double.POSITIVE_INFINITY,
                Power.mannWhitney(new double[] {1, 2, 3, 4, 5, 6}, new double[] {1, 2, 3, 4, 5, 6}, 0.05 / 24));
    }

    /** The shift the simulation finds gives the real test (commons-statistics' exact Mann-Whitney) 80% power. */
    @Test
    void theRealTestRejectsEightyPercentOfSamplesShiftedByTheMde() {
        for (int[] n : new int[][] {{6, 6}, {10, 10}, {5, 8}}) {
            double delta = Power.standardizedShift(n[0], n[1], 0.05);
            Random random = new Random(7);
            int rejected = 0;
            int runs = 4000;
            for (int r = 0; r < runs; r++) {
                double[] x = new double[n[0]];
                double[] y = new double[n[1]];
                for (int i = 0; i < x.length; i++) {
                    x[i] = random.nextGaussian();
                }
                for (int i = 0; i < y.length; i++) {
                    y[i] = random.nextGaussian() + delta;
                }
                if (MannWhitney.test(x, y).p() < 0.05) {
                    rejected++;
                }
            }
            double power = rejected / (double) runs;
            assertEquals(0.8, power, 0.03, n[0] + "+" + n[1] + " at shift " + delta);
        }
    }

    @Test
    void theShiftLiesBetweenTheTTestsAndNoethersAndFollowsNoetherForLargeSamples() {
        double sixSix = Power.standardizedShift(6, 6, 0.05);
        assertTrue(sixSix > 1.79 && sixSix < 2.3, "t-test 1.79 sd; exact Mann-Whitney a little more: " + sixSix);
        assertEquals(0.533, Power.standardizedShift(60, 60, 0.05), 0.005);
        assertTrue(Power.standardizedShift(6, 6, 0.0025) > 3, "full separation only: a large shift");
        assertEquals(Double.POSITIVE_INFINITY, Power.standardizedShift(6, 6, 0.002));
    }

    @Test
    void theMdeScalesWithTheTrialsSpreadOnTheLogScale() {
        double[] a = {100, 102, 98, 101, 99, 100};
        double[] b = {101, 99, 100, 103, 97, 100};
        double s = Power.pooledLogSd(a, b);
        assertEquals(Math.expm1(Power.standardizedShift(6, 6, 0.05) * s), Power.mannWhitney(a, b, 0.05), 1e-12);
        double[] wide = {100, 120, 80, 110, 90, 100};
        assertTrue(Power.mannWhitney(wide, wide, 0.05) > 5 * Power.mannWhitney(a, b, 0.05));
        assertEquals(Double.NaN, Power.mannWhitney(new double[] {1}, b, 0.05));
    }

    @Test
    void aNewValueAgainstASegmentNeedsTPlusZStandardDeviations() {
        // t(0.975, 9) = 2.262, z(0.8) = 0.842: (3.104) * 2 * sqrt(1.1) / 100
        assertEquals(3.104 * 2 * Math.sqrt(1.1) / 100, Power.prediction(10, 100, 2, 0.05), 1e-3);
        assertEquals(Double.NaN, Power.prediction(1, 100, 2, 0.05));
    }
}
