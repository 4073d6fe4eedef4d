package dev.vbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.vbench.testing.Fixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one default of what a table shows, from the load shape a result records. */
class TableDefaultsTest {

    private static final CellConfig CLOSED = CellConfig.closed("io", Map.of(), Fixtures.virtual(), 10_000, 8);
    private static final CellConfig TIMED = CellConfig.timed("io", Map.of(), Fixtures.virtual(), 8, 200_000_000L);
    private static final CellConfig OPEN =
            CellConfig.open("io", Map.of(), Fixtures.virtual(), 5000, 1000).withTimeoutNanos(1_000_000_000L);
    private static final CellConfig OPEN_TIMED =
            CellConfig.open("io", Map.of(), Fixtures.virtual(), 5000, 1000).withWindowNanos(200_000_000L);

    @Test
    void eachLoadShapeHasItsMetric() {
        assertEquals(Metric.MAKESPAN, TableDefaults.metric(CLOSED));
        assertEquals(Metric.THROUGHPUT, TableDefaults.metric(TIMED), "a timed trial's makespan is its window");
        assertEquals(Metric.P99, TableDefaults.metric(OPEN), "an open trial's makespan is its schedule");
        assertEquals(Metric.P99, TableDefaults.metric(OPEN_TIMED), "a rate for a time is still the open model");
    }

    @Test
    void mixedCellsTakeTheMostSpecificShape() {
        assertEquals(Metric.MAKESPAN, TableDefaults.metricOfConfigs(List.of()));
        assertEquals(Metric.THROUGHPUT, TableDefaults.metricOfConfigs(List.of(CLOSED, TIMED, CLOSED)));
        assertEquals(Metric.P99, TableDefaults.metricOfConfigs(List.of(TIMED, OPEN, CLOSED)));
        assertEquals(Metric.P99, TableDefaults.metricOfConfigs(List.of(OPEN, TIMED)));
    }

    @Test
    void aStoredSeriesLoadTextGivesTheSameMetricAsItsConfiguration() {
        for (CellConfig c : List.of(CLOSED, TIMED, OPEN, OPEN_TIMED)) {
            assertEquals(TableDefaults.metric(c), TableDefaults.metricOfLoadText(c.loadText()), c.loadText());
        }
        assertNull(TableDefaults.metricOfLoadText("mode=thrpt threads=1"), "JMH series have their own metric");
    }
}
