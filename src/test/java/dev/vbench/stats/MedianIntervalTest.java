package dev.vbench.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class MedianIntervalTest {

    /** Published order statistics for the 95% median CI (Conover table A3; benchstat agrees). */
    @Test
    void lowerRanksMatchPublishedTables() {
        assertEquals(0, MedianInterval.lowerRank(5, 0.95), "n=5 has no finite 95% interval");
        assertEquals(1, MedianInterval.lowerRank(6, 0.95), "n=6: [x1, x6], coverage 0.969");
        assertEquals(2, MedianInterval.lowerRank(10, 0.95), "n=10: [x2, x9], coverage 0.979");
        assertEquals(6, MedianInterval.lowerRank(20, 0.95), "n=20: [x6, x15], coverage 0.959");
        assertEquals(10, MedianInterval.lowerRank(30, 0.95), "n=30: [x10, x21], coverage 0.957");
    }

    @Test
    void intervalPicksOrderStatistics() {
        double[] sorted = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        assertArrayEquals(new double[] {2, 9}, MedianInterval.of(sorted, 0.95));
        double[] small = {1, 2, 3};
        double[] ci = MedianInterval.of(small, 0.95);
        assertTrue(Double.isNaN(ci[0]) && Double.isNaN(ci[1]));
    }

    @Test
    void meanIntervalMatchesStudentT() {
        // n=5, s=1: t(0.9995, 4) = 8.6103, half-width = 8.6103 / sqrt(5) = 3.8507
        double[] values = {-Math.sqrt(1.6), -Math.sqrt(0.4), 0, Math.sqrt(0.4), Math.sqrt(1.6)};
        assertEquals(1.0, Descriptive.stdev(values), 1e-12);
        assertEquals(3.8507, MeanInterval.halfWidth(values, 0.999), 1e-3);
    }

    @Test
    void outliersFlagTenDeviations() {
        double[] values = {100, 101, 99, 100, 102, 98, 500};
        assertEquals(List.of(6), Outliers.indexes(values));
        assertEquals(List.of(), Outliers.indexes(new double[] {100, 101, 99, 100, 102}));
    }
}
