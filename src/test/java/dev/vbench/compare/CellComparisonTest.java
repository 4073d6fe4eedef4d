package dev.vbench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.compare.CellComparison.DisplayUnit;
import dev.vbench.config.Defaults;
import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.Metric;
import dev.vbench.result.TrialResult;
import dev.vbench.stats.Summaries;
import dev.vbench.stats.Verdict;
import dev.vbench.testing.Fixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The column axis of a run's comparison is any {@link CellDimension}, not only the executor: the
 * JVM axis will put JVM labels there with chained deltas ({@code A | B | C | A → B | B → C}) or
 * percentages against the first. Here the concurrency levels are the columns and the executors the rows.
 */
class CellComparisonTest {

    @Test
    void anyDimensionCanBeTheColumnsWithChainedDeltas() {
        CellComparison c = CellComparison.of(
                cells(),
                CellDimension.CONCURRENCY,
                List.of(CellDimension.EXECUTOR),
                Metric.MAKESPAN,
                DisplayUnit.of(Metric.MAKESPAN, null),
                Layout.CHAIN,
                Defaults.NOISE);
        Comparison m = c.comparison();
        assertEquals(
                List.of("1", "2", "4"), m.files().stream().map(Dataset::label).toList());
        assertEquals(
                List.of("fixed:threads=4", "virtual"),
                m.rows().stream().map(Row::label).toList(),
                "one dimension varies and heads the label column: bare values");
        Row fixed = m.rows().get(0);
        assertEquals(2, fixed.changes().size(), "1 → 2 and 2 → 4");
        assertEquals(Verdict.FASTER, fixed.changes().get(0).verdict(), "half the makespan at twice the concurrency");
        assertEquals(0.5, fixed.changes().get(0).ratio(), 0.03);
        assertEquals(
                Verdict.WITHIN_VARIANCE, m.rows().get(1).changes().get(1).verdict(), "virtual: the same at 2 and 4");
        assertEquals(1, c.cells().get(0).get(0).config().concurrency(), "cells are kept per row and column");
        assertEquals(
                List.of(Verdict.FASTER, Verdict.WITHIN_VARIANCE),
                m.geomean().verdicts(),
                "both rows faster from 1 to 2; they disagree from 2 to 4, so the geomean claims nothing there");
    }

    @Test
    void baselineAgainstTheFirstColumnAndDisplayUnits() {
        CellComparison c = CellComparison.of(
                cells(),
                CellDimension.CONCURRENCY,
                List.of(CellDimension.EXECUTOR),
                Metric.MAKESPAN,
                DisplayUnit.of(Metric.MAKESPAN, "us/op"),
                Layout.BASELINE,
                Defaults.NOISE);
        Row fixed = c.comparison().rows().get(0);
        assertEquals("us/op", fixed.unit());
        assertEquals(1000 * 1000, fixed.columns().get(0).median(), 1000 * 1000 * 0.03, "ms shown as us");
        assertTrue(fixed.changes().stream().allMatch(ch -> ch.from() == 0), "every column against the first");
        assertEquals("ss", fixed.mode(), "JMH's mode name for makespan (single shot)");
    }

    /**
     * A cell in which every task failed measured nothing (seen on a machine without fonts: every render
     * task threw, and the suite printed 0.00 maps/s for every cell): it shows as — with no change, and
     * its row stays. Its summary is empty too, so the run's detail table shows — as well.
     */
    @Test
    void aCellWhoseTasksAllFailedHasNoValue() {
        List<CellResult> cells = new ArrayList<>(cells());
        CellResult ok = cells.get(0);
        List<TrialResult> failed = ok.trials().stream()
                .map(t -> new TrialResult(
                        t.index(),
                        t.fork(),
                        t.tasks(),
                        0,
                        t.tasks(),
                        List.of("java.lang.RuntimeException: Fontconfig head is null"),
                        t.makespanNanos(),
                        0.0,
                        t.latency(),
                        t.histograms(),
                        t.telemetry()))
                .toList();
        cells.set(
                0,
                new CellResult(
                        ok.id(),
                        ok.config(),
                        CellStatus.OK,
                        failed,
                        Summaries.summarize(failed),
                        Summaries.notes(failed, Metric.MAKESPAN)));
        assertTrue(
                cells.get(0).summary(Metric.THROUGHPUT) == null && cells.get(0).summary(Metric.MAKESPAN) == null,
                "no summary of a cell that measured nothing");
        CellComparison c = CellComparison.of(
                cells,
                CellDimension.CONCURRENCY,
                List.of(CellDimension.EXECUTOR),
                Metric.THROUGHPUT,
                DisplayUnit.of(Metric.THROUGHPUT, null),
                Layout.CHAIN,
                Defaults.NOISE);
        Row fixed = c.comparison().rows().get(0);
        assertEquals("fixed:threads=4", fixed.label(), "the row stays");
        assertEquals(null, fixed.columns().get(0), "concurrency 1: every task failed");
        assertEquals(null, fixed.changes().get(0), "no change from a cell that measured nothing");
        assertTrue(fixed.columns().get(1) != null && fixed.changes().get(1) != null, "2 → 4 is still compared");
    }

    /**
     * A partial result of an interleaved run can hold one column's cells for one row and another column's
     * for another (a suite's option-set table after its first two cells): the table shows both rows with
     * — where a cell has not run yet, instead of failing the result file being written.
     */
    @Test
    void aPartialRunWhoseColumnsShareNoRowYetShowsEveryRow() {
        List<CellResult> partial = cells().stream()
                .filter(c -> c.config().executor().spec().equals("virtual")
                        ? c.config().concurrency() == 4
                        : c.config().concurrency() == 1)
                .toList();
        CellComparison c = CellComparison.of(
                partial,
                CellDimension.CONCURRENCY,
                List.of(CellDimension.EXECUTOR),
                Metric.MAKESPAN,
                DisplayUnit.of(Metric.MAKESPAN, null),
                Layout.CHAIN,
                Defaults.NOISE);
        Comparison m = c.comparison();
        assertEquals(
                List.of("fixed:threads=4", "virtual"),
                m.rows().stream().map(Row::label).toList());
        assertEquals(null, m.rows().get(0).columns().get(1), "fixed:threads=4 at 4 has not run");
        assertEquals(null, m.rows().get(1).columns().get(0), "virtual at 1 has not run");
        assertTrue(
                m.rows().stream().allMatch(r -> r.changes().stream().allMatch(ch -> ch == null)), "nothing to compare");
        assertTrue(
                m.notes().stream().anyMatch(n -> n.startsWith("only in 1: ")),
                m.notes().toString());
    }

    /** fixed:threads=4 halves its makespan from 1 to 2 to 4 clients; virtual halves it once, then stays. */
    private static List<CellResult> cells() {
        List<CellResult> cells = new ArrayList<>();
        double[][] makespans = {{1000, 500, 250}, {1000, 500, 500}};
        int id = 0;
        for (int e = 0; e < 2; e++) {
            int level = 1;
            for (double makespan : makespans[e]) {
                var executor = e == 0 ? Fixtures.fixed(4) : Fixtures.virtual();
                cells.add(Fixtures.cell(
                        "c" + ++id,
                        CellConfig.closed("io", Map.of("duration", "1ms"), executor, 1000, level),
                        6,
                        makespan,
                        0.01,
                        1,
                        id));
                level *= 2;
            }
        }
        return cells;
    }
}
