package dev.vbench.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vbench.engine.RunListener;
import dev.vbench.report.ReportOptions;
import dev.vbench.result.CellResult;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.testing.Fixtures;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The -o files as cells finish: every cell while a rewrite is cheap, at most 1/20 of the run's time when it is not. */
class CellCollectorTest {

    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    /** A clock that reads {@code times} in turn: each rewrite reads it before and after itself. */
    private static LongSupplier clock(long... times) {
        int[] next = {0};
        return () -> times[next[0]++];
    }

    private static CellResult cell(String id, long seed) {
        return Fixtures.cell(id, "io", Map.of("duration", "1ms"), Fixtures.virtual(), 100, 2, 10, 0.01, 1, seed);
    }

    private static int cellsIn(Path file) {
        return ResultCodec.read(file).cells().size();
    }

    @Test
    void aSlowRewriteWaitsTwentyTimesItsDurationAndTheCellsBetweenAreWrittenWithTheNext() {
        Path file = dir.resolve("r.json");
        RunResult empty = new RunResult(RunResult.SCHEMA, Fixtures.environment(), RunSettings.trials(0, 2), List.of());
        LongSupplier clock = clock(
                0, 30 * MS, // c1: written, the rewrite took 30 ms
                100 * MS, // c2: 100 ms after it began, under 20 x 30 ms: waits
                400 * MS, // c3: waits too
                600 * MS, 605 * MS, // c4: 600 ms after: c2, c3 and c4 written; took 5 ms
                606 * MS, 607 * MS); // c5: after a quick rewrite, written at once
        try (RunOutputs outputs = RunOutputs.parse(List.of(file.toString()), null, true)) {
            CellCollector collector =
                    new CellCollector(empty, new RunListener() {}, outputs, ReportOptions.DEFAULT, List.of(), clock);
            collector.cellFinished(cell("c1", 1), 0, 5);
            assertEquals(1, cellsIn(file));
            collector.cellFinished(cell("c2", 2), 1, 5);
            collector.cellFinished(cell("c3", 3), 2, 5);
            assertEquals(1, cellsIn(file), "the cells that end within 20 times a slow rewrite wait for the next");
            assertEquals(3, collector.result().cells().size(), "the result itself has them");
            collector.cellFinished(cell("c4", 4), 3, 5);
            assertEquals(4, cellsIn(file));
            collector.cellFinished(cell("c5", 5), 4, 5);
            assertEquals(5, cellsIn(file));
            collector.flush(); // nothing waits: no rewrite (the clock has no more readings)
        }
    }

    @Test
    void flushWritesTheCellsThatWaitedAsARunEndsOrFails() {
        Path file = dir.resolve("r.json");
        RunResult empty = new RunResult(RunResult.SCHEMA, Fixtures.environment(), RunSettings.trials(0, 2), List.of());
        LongSupplier clock = clock(0, 50 * MS, 60 * MS, 70 * MS, 75 * MS);
        try (RunOutputs outputs = RunOutputs.parse(List.of(file.toString()), null, true)) {
            CellCollector collector =
                    new CellCollector(empty, new RunListener() {}, outputs, ReportOptions.DEFAULT, List.of(), clock);
            collector.cellFinished(cell("c1", 1), 0, 3);
            collector.cellFinished(cell("c2", 2), 1, 3);
            assertEquals(1, cellsIn(file));
            collector.flush();
            assertEquals(2, cellsIn(file));
        }
    }
}
