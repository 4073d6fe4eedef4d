package dev.vbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.ExecutorInfo;
import dev.vbench.result.TrialResult;
import dev.vbench.testing.Fixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The harness-floor mark (‡) compares what one task costs with vbench's own cost per task: the service time
 * the trials recorded, or makespan ÷ tasks only where tasks never overlap.
 */
class HarnessFloorNoteTest {

    private static final ExecutorInfo SEQUENTIAL =
            new ExecutorInfo("sequential", "sequential", Map.of(), "caller", 1, null, null);

    /** A cell of 1,000 overlapping 10 ms sleeps done in 15 ms: 15 us of makespan per task, 10 ms of service each. */
    private static CellResult overlappingSleeps(String id, String duration, ExecutorInfo executor, double floorNanos) {
        return Fixtures.cell(id, "io", Map.of("duration", duration), executor, 1000, 6, 15, 0.05, 10, 7)
                .withHarnessFloor(floorNanos);
    }

    @Test
    void overlappingTasksAreJudgedByTheirServiceTimeNotByMakespanPerTask() {
        CellResult c = overlappingSleeps("c1", "10ms", Fixtures.virtual(), 16_000);
        assertTrue(c.nanosPerTask() < CellResult.FLOOR_FACTOR * c.harnessFloorNanos(), "the old reading would mark it");
        assertTrue(c.taskCostNanos() > 10e6, () -> "service time " + c.taskCostNanos());
        assertFalse(c.nearHarnessFloor());
        Table detail =
                RunTables.detail("io", List.of(c, overlappingSleeps("c2", "20ms", Fixtures.fixed(100), 16_000)), 1);
        assertFalse(
                ConsoleRenderer.render(detail).contains(RunTables.FLOOR_MARK), () -> ConsoleRenderer.render(detail));
    }

    @Test
    void aNanosecondTaskIsMarkedAndTheNoteNamesItsRow() {
        // 1,000 tasks in 50 us: 50 ns each, 25 ns of it the task's own time, beside a floor of 47 ns
        CellConfig config = CellConfig.closed("fn", Map.of("n", "1"), SEQUENTIAL, 1000, 0);
        CellResult tiny =
                Fixtures.cell("c1", config, 6, 0.050, 0.02, 0.000025, 3).withHarnessFloor(47);
        CellResult slow = Fixtures.cell(
                        "c2", CellConfig.closed("fn", Map.of("n", "9"), SEQUENTIAL, 1000, 0), 6, 2000, 0.02, 2, 4)
                .withHarnessFloor(47);
        assertTrue(tiny.nearHarnessFloor());
        assertFalse(slow.nearHarnessFloor());
        String text = ConsoleRenderer.render(RunTables.detail("fn", List.of(tiny, slow), 1));
        assertTrue(text.contains("‡ sequential (n=1): 2"), text);
        assertTrue(
                text.contains(" ns per task is within 10x vbench's own cost per task on this executor (47.0 ns"), text);
        assertFalse(text.contains("(n=9)"), text);
        assertFalse(text.contains("0.00 ms"), "sub-ms latencies are written in us or ns: " + text);
        assertTrue(text.contains(" ns ") || text.contains(" us "), text);
    }

    @Test
    void withoutServiceTimesOnlyTasksThatNeverOverlapAreJudgedByMakespanPerTask() {
        CellResult pool = withoutHistograms(CellConfig.closed("fn", Map.of(), Fixtures.fixed(4), 1000, 0));
        assertTrue(Double.isNaN(pool.taskCostNanos()));
        assertFalse(pool.nearHarnessFloor());
        CellResult oneAtATime = withoutHistograms(CellConfig.closed("fn", Map.of(), Fixtures.fixed(4), 1000, 1));
        assertEquals(oneAtATime.nanosPerTask(), oneAtATime.taskCostNanos());
        assertTrue(oneAtATime.nearHarnessFloor());
    }

    /** A cell of 50 ns per task whose trials carry no histograms (as a result of another tool). */
    private static CellResult withoutHistograms(CellConfig config) {
        CellResult c = Fixtures.cell("c1", config, 6, 0.050, 0.02, 0.000025, 5);
        List<TrialResult> trials =
                c.trials().stream().map(t -> t.withLatency(t.latency(), null)).toList();
        return new CellResult(c.id(), config, c.status(), trials, c.summary(), c.notes()).withHarnessFloor(47);
    }
}
