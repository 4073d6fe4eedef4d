package dev.vbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.testing.Fixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The speedup column prints a ratio only when the executors' trials differ significantly, else {@code ~}. */
class RunTablesSignificanceTest {

    @Test
    void speedupNeedsASignificantDifference() {
        List<CellResult> cells = List.of(
                // clearly apart: 6 + 6 trials, fully separated (p = 0.002)
                Fixtures.cell("c1", "cpu", Map.of("n", "1"), Fixtures.fixed(2), 100, 6, 1000, 0.01, 10, 1),
                Fixtures.cell("c2", "cpu", Map.of("n", "1"), Fixtures.virtual(), 100, 6, 500, 0.01, 10, 2),
                // the same centre: no difference to speak of
                Fixtures.cell("c3", "cpu", Map.of("n", "2"), Fixtures.fixed(2), 100, 6, 1000, 0.05, 10, 3),
                Fixtures.cell("c4", "cpu", Map.of("n", "2"), Fixtures.virtual(), 100, 6, 1000, 0.05, 10, 4),
                // 2x apart but 3 + 3 trials: the smallest possible p is 0.1
                Fixtures.cell("c5", "cpu", Map.of("n", "3"), Fixtures.fixed(2), 100, 3, 1000, 0.01, 10, 5),
                Fixtures.cell("c6", "cpu", Map.of("n", "3"), Fixtures.virtual(), 100, 3, 500, 0.01, 10, 6));
        Table t = RunTables.comparison("cpu", cells, Metric.MAKESPAN, 0, 0.01, false);
        List<String> speedups =
                t.rows().subList(0, 3).stream().map(r -> r.get(r.size() - 1)).toList();
        assertEquals("1.99x", speedups.get(0), t::toString);
        assertTrue(
                speedups.get(1).matches("~ \\(±\\d+\\.\\d%\\)"),
                "the same centre: ~ with what it could have seen: " + t);
        assertEquals("~ (±∞)", speedups.get(2), "3 + 3 trials can detect nothing: " + t);
        assertTrue(
                t.footnotes()
                        .get(0)
                        .contains(
                                "~ = within variance: faster/slower only when the two-sided Mann-Whitney p"
                                        + " over trials, Holm-adjusted across 3 rows, is below 0.05 and the change exceeds the 1.0% noise band"),
                t::toString);
    }
}
