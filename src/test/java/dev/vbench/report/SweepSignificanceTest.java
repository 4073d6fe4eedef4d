package dev.vbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.compare.Slo;
import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.ExecutorInfo;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.LoadFixtures;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The deltas of a concurrency sweep are decided like every other change (Mann-Whitney over trials,
 * Holm across the levels, noise band): two executors that behave the same print {@code ~} at every
 * level, two that are 2x apart print the delta. Hand-built trials with exact, seeded figures.
 */
class SweepSignificanceTest {

    private static final int[] LEVELS = {4, 8, 16};

    @Test
    void executorsThatBehaveTheSamePrintTildeForEveryDelta() {
        Table sweep = sweep(1.0);
        for (List<String> row : levelRows(sweep)) {
            assertTrue(row.get(3).matches("~ \\(±\\d+\\.\\d%\\)"), sweep::toString);
        }
        assertEquals(LEVELS.length, levelRows(sweep).size());
    }

    @Test
    void executorsTwiceApartPrintTheDelta() {
        Table sweep = sweep(0.5); // the second executor's makespan is half: throughput about +100%
        for (List<String> row : levelRows(sweep)) {
            String delta = row.get(3);
            assertTrue(delta.matches("\\+(9[5-9]|10[0-5])\\.\\d%"), () -> delta + " in " + sweep);
        }
    }

    @Test
    void theSameDecisionInEveryFormat() {
        RunResult run = new RunResult(
                RunResult.SCHEMA,
                Fixtures.environment(),
                RunSettings.trials(1, 6).withSeed(42),
                cells(1.0));
        for (Format f : List.of(Format.CONSOLE, Format.MARKDOWN, Format.HTML)) {
            String text = f.exporter(ReportOptions.DEFAULT).render(run);
            assertTrue(
                    !text.contains("-0.") && !text.contains("+0."),
                    () -> f + " prints a delta between equal executors:\n" + text);
        }
    }

    @Test
    void levelsOnThePlateauOfTheBestAreNamedBesideIt() {
        // throughput doubles from 4 to 8 clients, then stays: 8 and 16 do as well as each other, 4 does not
        List<CellResult> cells = new ArrayList<>();
        int id = 0;
        for (int level : LEVELS) {
            cells.add(Fixtures.cell(
                    "c" + ++id,
                    CellConfig.closed("io", Map.of("duration", "2ms"), Fixtures.fixed(8), 400, level),
                    6,
                    400.0 / Math.min(level, 8),
                    0.03,
                    2.0,
                    100 + id));
        }
        List<String> notes = SweepTables.concurrency("io", cells, ReportOptions.DEFAULT, 1)
                .get(0)
                .verdicts();
        String note = notes.get(0);
        assertTrue(
                note.matches("fixed:threads=8: best concurrency (8|16) — \\d+ tasks/s; (8|16) does not differ from it"
                        + " significantly"),
                note);
        assertTrue(!note.contains(" 4 "), note);
        String table = SweepTables.concurrency("io", cells, ReportOptions.DEFAULT, 1)
                .get(0)
                .table()
                .footnotes()
                .toString();
        assertTrue(!table.contains("only in"), "one executor: no row is missing from another column\n" + table);
        // a sweep whose every level doubles the throughput has one best level and nothing beside it
        String rising = SweepTables.concurrency("io", cells(1.0), ReportOptions.DEFAULT, 1)
                .get(0)
                .verdicts()
                .get(0);
        assertTrue(rising.matches("fixed:threads=64: best concurrency 16 — \\d+ tasks/s"), rising);
    }

    @Test
    void aBestLevelWhoseIntervalReachesTheSloBoundSaysItMayMissIt() {
        // the pool's sweep, its p99 at 16 clients given a median of 19 ms and a 95% interval up to 21 ms
        List<CellResult> fixed = LoadFixtures.concurrencySweep().cells().stream()
                .filter(c -> c.config().executor().spec().startsWith("fixed"))
                .map(c -> c.config().concurrency() == 16 ? withP99(c, 19, 18.5, 21) : c)
                .toList();
        ReportOptions tight = new ReportOptions(null, false, null, Slo.parse("p99<20ms"));
        String note =
                SweepTables.concurrency("io", fixed, tight, 1).get(0).verdicts().get(0);
        assertTrue(
                note.matches("fixed:threads=16: best concurrency 16 — \\d+ tasks/s, p99 19.00 ms \\(95% CI up to"
                        + " 21.00 ms: it may miss p99 < 20 ms\\)"),
                note);
        ReportOptions loose = new ReportOptions(null, false, null, Slo.parse("p99<21.5ms"));
        String sure =
                SweepTables.concurrency("io", fixed, loose, 1).get(0).verdicts().get(0);
        assertFalse(sure.contains("may miss"), sure);
    }

    @Test
    void aLevelWithMoreThroughputThatMissesTheSloByItsMedianOnlySaysItMayMeetIt() {
        // the pool's sweep: 64 clients have more throughput than 16, their p99 a median of 21 ms and a 95%
        // interval down to 19.5 ms; 16's p99 is 10 ms, surely within the bound
        List<CellResult> fixed = LoadFixtures.concurrencySweep().cells().stream()
                .filter(c -> c.config().executor().spec().startsWith("fixed"))
                .map(c -> c.config().concurrency() == 64
                        ? withP99(c, 21, 19.5, 23)
                        : c.config().concurrency() == 16 ? withP99(c, 10, 9.5, 10.5) : c)
                .toList();
        ReportOptions slo = new ReportOptions(null, false, null, Slo.parse("p99<20ms"));
        String note =
                SweepTables.concurrency("io", fixed, slo, 1).get(0).verdicts().get(0);
        assertTrue(
                note.matches("fixed:threads=16: best concurrency 16 — \\d+ tasks/s, p99 10.00 ms; 64, with more"
                        + " throughput, misses p99 < 20 ms by the median only and may meet it \\(p99 21.00 ms, 95% CI"
                        + " down to 19.50 ms\\)"),
                note);
        // an interval that stays above the bound: 64 surely misses it, and is not named
        List<CellResult> sure = fixed.stream()
                .map(c -> c.config().concurrency() == 64 ? withP99(c, 21, 20.5, 23) : c)
                .toList();
        String plain =
                SweepTables.concurrency("io", sure, slo, 1).get(0).verdicts().get(0);
        assertTrue(plain.matches("fixed:threads=16: best concurrency 16 — \\d+ tasks/s, p99 10.00 ms"), plain);
        // a level with less throughput than the best is never named: it would not be chosen either way
        List<CellResult> slower = fixed.stream()
                .map(c -> c.config().concurrency() == 4 ? withP99(c, 21, 19.5, 23) : c)
                .toList();
        String lower =
                SweepTables.concurrency("io", slower, slo, 1).get(0).verdicts().get(0);
        assertFalse(lower.contains(" 4 ") || lower.contains("; 4,"), lower);
        // no level meets the bound by its median: the one whose interval reaches below it is named
        List<CellResult> none = fixed.stream()
                .map(c -> withP99(c, 25, 22, 28))
                .map(c -> c.config().concurrency() == 16 ? withP99(c, 21, 19.5, 23) : c)
                .toList();
        String missed =
                SweepTables.concurrency("io", none, slo, 1).get(0).verdicts().get(0);
        assertEquals(
                "fixed:threads=16: no concurrency meets p99 < 20 ms (lowest p99: 21.00 ms at concurrency 16); 16"
                        + " misses p99 < 20 ms by the median only and may meet it (p99 21.00 ms, 95% CI down to"
                        + " 19.50 ms)",
                missed);
    }

    /** {@code cell} with its p99 summary replaced: this median and 95% interval (ms). */
    private static CellResult withP99(CellResult cell, double median, double low, double high) {
        Map<String, MetricSummary> summary = new HashMap<>(cell.summary());
        MetricSummary p = cell.summary(Metric.P99);
        summary.put(
                Metric.P99.key(),
                new MetricSummary(p.unit(), p.n(), median, low, high, median, 0, 0, low, high, List.of()));
        return new CellResult(cell.id(), cell.config(), cell.status(), cell.trials(), summary, cell.notes());
    }

    private static List<List<String>> levelRows(Table t) {
        return t.rows().stream().filter(r -> !r.get(0).equals("best")).toList();
    }

    private static Table sweep(double secondMakespanFactor) {
        List<SweepTables.Sweep> sweeps =
                SweepTables.concurrency("io", cells(secondMakespanFactor), ReportOptions.DEFAULT, 1);
        assertEquals(1, sweeps.size());
        Table t = sweeps.get(0).table();
        assertEquals(
                List.of("Concurrency", "fixed:threads=64", "fixed:threads=65", "fixed:threads=64 → fixed:threads=65"),
                t.headers());
        return t;
    }

    /** Two executors at three concurrency levels; 6 trials each with ±3% jitter, makespan 400 ms / level. */
    private static List<CellResult> cells(double secondMakespanFactor) {
        List<CellResult> cells = new ArrayList<>();
        int id = 0;
        for (int level : LEVELS) {
            for (int threads : new int[] {64, 65}) {
                ExecutorInfo executor = Fixtures.fixed(threads);
                double makespan = 400.0 / level * (threads == 65 ? secondMakespanFactor : 1.0);
                cells.add(Fixtures.cell(
                        "c" + ++id,
                        CellConfig.closed("io", Map.of("duration", "2ms"), executor, 400, level),
                        6,
                        makespan,
                        0.03,
                        2.0,
                        100 + id));
            }
        }
        return cells;
    }
}
