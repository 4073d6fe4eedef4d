package dev.vbench.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Holm, then verdict; the regression threshold; the direction words. */
class VerdictTest {

    @Test
    void holmAdjustsAcrossTheTableBeforeAnyVerdict() {
        // 0.02 alone is significant; with three tests Holm makes it 0.06, within variance
        Verdict.Decided one = Verdict.decide(List.of(new Verdict.Test(0.10, 0.02, false)), 0.01, 0.05);
        assertEquals(Verdict.SLOWER, one.verdicts()[0]);
        Verdict.Decided three = Verdict.decide(
                List.of(
                        new Verdict.Test(0.10, 0.02, false),
                        new Verdict.Test(-0.10, 0.01, false),
                        new Verdict.Test(0.10, Double.NaN, true)),
                0.01,
                0.05);
        assertArrayEquals(new double[] {0.02, 0.02, Double.NaN}, three.pAdjusted(), 1e-12);
        assertArrayEquals(new Verdict[] {Verdict.SLOWER, Verdict.FASTER, Verdict.WITHIN_VARIANCE}, three.verdicts());
        Verdict.Decided four = Verdict.decide(
                List.of(
                        new Verdict.Test(0.10, 0.02, false),
                        new Verdict.Test(-0.10, 0.01, false),
                        new Verdict.Test(0.10, 0.5, true)),
                0.01,
                0.05);
        assertArrayEquals(new double[] {0.04, 0.03, 0.5}, four.pAdjusted(), 1e-12);
    }

    @Test
    void aChangeInsideTheNoiseBandIsWithinVarianceHoweverSmallItsP() {
        Verdict.Decided d = Verdict.decide(List.of(new Verdict.Test(0.005, 1e-9, false)), 0.01, 0.05);
        assertEquals(Verdict.WITHIN_VARIANCE, d.verdicts()[0]);
    }

    @Test
    void aRegressionIsSlowerByMoreThanTheThresholdInTheBadDirection() {
        assertTrue(Verdict.SLOWER.regressionBeyond(0.08, false, 0.05), "time up 8%");
        assertTrue(Verdict.SLOWER.regressionBeyond(-0.08, true, 0.05), "throughput down 8%");
        assertFalse(Verdict.SLOWER.regressionBeyond(0.05, false, 0.05), "exactly the threshold is not beyond it");
        assertFalse(Verdict.SLOWER.regressionBeyond(0.04, false, 0.05));
        assertFalse(Verdict.FASTER.regressionBeyond(-0.5, false, 0.05));
        assertFalse(Verdict.WITHIN_VARIANCE.regressionBeyond(0.5, false, 0.05), "not significant");
    }

    @Test
    void aDirectionUsesTheVerdictWords() {
        assertEquals("slower", Verdict.direction(0.1, false).word());
        assertEquals("slower", Verdict.direction(-0.1, true).word());
        assertEquals("faster", Verdict.direction(0.1, true).word());
        assertEquals(Verdict.WITHIN_VARIANCE, Verdict.direction(Double.NaN, true));
        assertEquals(Verdict.WITHIN_VARIANCE, Verdict.direction(0, true));
    }
}
