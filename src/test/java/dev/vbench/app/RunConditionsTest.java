package dev.vbench.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.report.ReportDocument;
import dev.vbench.report.ReportOptions;
import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.MachineState;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.result.Telemetry;
import dev.vbench.result.TrialResult;
import dev.vbench.stats.Summaries;
import dev.vbench.testing.Fixtures;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** docs/statistics.md rule 15: the busy-machine and wide-spread warnings, from the figures a result records. */
class RunConditionsTest {

    /** A cell whose trials recorded {@code load} before and after, the trial itself keeping {@code ownCpus} busy. */
    private static CellResult cell(String id, String executor, double load, double ownCpus, double jitter) {
        return cell(id, executor, new MachineState(load, load, 2), ownCpus, jitter);
    }

    private static CellResult cell(String id, String executor, MachineState machine, double ownCpus, double jitter) {
        CellResult c = Fixtures.cell(
                id, CellConfig.closed("cpu", Map.of(), Fixtures.fixed(2), 200, 0), 6, 100, jitter, 0.5, 7);
        if (executor.equals("virtual")) {
            c = Fixtures.cell(
                    id, CellConfig.closed("cpu", Map.of(), Fixtures.virtual(), 200, 0), 6, 100, jitter, 0.5, 9);
        }
        List<TrialResult> trials = c.trials().stream()
                .map(t -> t.withTelemetry(Telemetry.NONE
                        .withProcessCpuNanos(Math.round(ownCpus * t.makespanNanos()))
                        .withGc(0, 0)
                        .withAllocatedBytes(0)
                        .withPeakThreads(0)
                        .withMachine(machine)))
                .toList();
        return new CellResult(c.id(), c.config(), c.status(), trials, Summaries.summarize(trials), List.of());
    }

    @Test
    void aLoadOfOtherProcessesOfHalfTheCpusIsBusyVbenchsOwnIsNot() {
        assertEquals(
                Optional.empty(),
                RunConditions.busy(List.of(cell("c1", "fixed", 1.9, 1.0, 0.01)), "interleaved"),
                "load 1.9 of which the trial's own 1.0: 0.9 from others on 2 CPUs");
        Optional<String> busy = RunConditions.busy(List.of(cell("c1", "fixed", 3.2, 1.0, 0.01)), "grouped");
        assertEquals(
                Optional.of("the machine was busy: other processes kept a load of up to 2.2 beside the trials on 2"
                        + " usable CPUs (in 6 of 6 trials); with --order grouped a change of load can reach a verdict; the noise"
                        + " widens every interval: consider re-running on a quiet system"),
                busy);
        assertEquals(
                Optional.empty(),
                RunConditions.busy(List.of(cell("c1", "fixed", -1, 1.0, 0.01)), "interleaved"),
                "no load average reported (not Linux/macOS): nothing to say");
        assertEquals(1.0, RunConditions.threshold(2));
        assertEquals(8.0, RunConditions.threshold(16));
    }

    /**
     * On Linux the CPUs other processes kept busy during each trial are measured: a build that ended just before
     * the run still holds the one-minute load average up, but not the trials' own figure.
     */
    @Test
    void theMeasuredOtherProcessCpuWinsOverTheLaggingLoadAverage() {
        CellResult afterABuild = cell("c1", "fixed", new MachineState(3.5, 2.8, 2, 0.05), 1.0, 0.01);
        assertEquals(
                Optional.empty(),
                RunConditions.busy(List.of(afterABuild), "interleaved"),
                "load average 3.5 from the build just before; the trials themselves ran beside 0.05 CPUs of others");
        CellResult besideALoop = cell("c1", "fixed", new MachineState(0.4, 1.3, 2, 1.12), 1.0, 0.01);
        assertEquals(
                Optional.of(
                        "the machine was busy: other processes kept up to 1.1 of 2 usable CPUs busy during the"
                                + " trials (in 6 of 6 trials); the noise widens every interval: consider re-running on a quiet system"),
                RunConditions.busy(List.of(besideALoop), "interleaved"),
                "a busy loop that started with the run");
        CellResult shortTrials = cell("c2", "virtual", new MachineState(3.5, 3.5, 2), 1.0, 0.01);
        assertEquals(
                Optional.empty(),
                RunConditions.busy(List.of(afterABuild, shortTrials), "interleaved"),
                "trials without the measured figure do not count once some trials have it");
    }

    @Test
    void aComparedRowThatCanOnlySeeLargeChangesIsWarnedAboutANarrowOneIsNot() {
        RunResult narrow = run(cell("c1", "fixed", 0.5, 1, 0.005), cell("c2", "virtual", 0.5, 1, 0.005));
        assertEquals(Optional.empty(), RunConditions.wide(ReportDocument.of(narrow, ReportOptions.DEFAULT)));
        RunResult wide = run(cell("c1", "fixed", 0.5, 1, 0.3), cell("c2", "virtual", 0.5, 1, 0.3));
        String line = RunConditions.wide(ReportDocument.of(wide, ReportOptions.DEFAULT))
                .orElseThrow();
        assertTrue(
                line.matches(
                        "the trials' spread is wide: in 1 of 1 compared row only changes above ±10\\.0% can be seen"
                                + " \\(up to ±\\d+\\.\\d%: tasks=200 in 'cpu · 6 trials \\+ 1 warmup — makespan \\(ms\\)'\\); more trials"
                                + " \\(--trials\\) or a quieter machine narrow it"),
                line);
    }

    /** The cells {@link #ordered} builds from: one of each executor, made once (histograms are slow to make). */
    private static final Map<String, CellResult> BASES = Map.of(
            "fixed", cell("c-fixed", "fixed", 0.5, 1, 0.01), "virtual", cell("c-virtual", "virtual", 0.5, 1, 0.01));

    /**
     * A cell whose trials' makespans follow {@code makespanMillis} in the order they ran, the trials recorded in
     * another order with their start times (as interleaved rounds across forks may list them). Its summary is left
     * empty: what is tested here reads the trials.
     */
    private static CellResult ordered(String executor, double... makespanMillis) {
        CellResult base = BASES.get(executor);
        TrialResult first = base.trials().get(0);
        List<TrialResult> trials = new ArrayList<>();
        for (int i = makespanMillis.length - 1; i >= 0; i--) { // listed last first: the start times order them
            long nanos = Math.round(makespanMillis[i] * 1e6);
            trials.add(TrialResult.of(i, first.tasks(), nanos, first.tasks() / (nanos / 1e9))
                    .withLatency(first.latency(), first.histograms())
                    .withTelemetry(first.telemetry())
                    .withStartTime(START.plusSeconds(i)));
        }
        return new CellResult(base.id(), base.config(), base.status(), trials, Map.of(), List.of());
    }

    private static final Instant START = Instant.parse("2026-11-29T06:00:00Z");

    @Test
    void trialsThatKeepGettingFasterOrSlowerAreNamedSteadyOnesAreNot() {
        CellResult warming = ordered("virtual", 130, 121, 115, 110, 106, 104);
        CellResult steady = ordered("fixed", 100, 102, 99, 101, 98, 100);
        assertEquals(
                Optional.of("the trials of 1 of 2 cells drifted one way from the first to the last (the steepest:"
                        + " virtual, throughput +21.9%, Mann-Kendall p=0.006 after Holm across 2 cells): warmup may"
                        + " not be over (more --warmup), or the machine sped up; such a median mixes two states"),
                RunConditions.drift(List.of(steady, warming), "interleaved", 0.01, 0.05));
        CellResult slowing = ordered("virtual", 100, 104, 109, 113, 118, 124);
        assertEquals(
                Optional.of("the trials of 1 of 1 cell drifted one way from the first to the last (the steepest:"
                        + " virtual, throughput -21.3%, Mann-Kendall p=0.003 after Holm across 1 cell): the JVM or"
                        + " the machine slowed down as they ran (heap growth, throttling, other load); such a median"
                        + " mixes two states"),
                RunConditions.drift(List.of(slowing), "interleaved", 0.01, 0.05));
        assertEquals(Optional.empty(), RunConditions.drift(List.of(steady), "interleaved", 0.01, 0.05));
        // a steady rise smaller than the noise band is not worth a line
        CellResult creeping = ordered("virtual", 100.5, 100.4, 100.3, 100.2, 100.1, 100.0);
        assertEquals(Optional.empty(), RunConditions.drift(List.of(creeping), "interleaved", 0.01, 0.05));
        // four trials cannot reach significance, and are not tested
        assertEquals(
                Optional.empty(),
                RunConditions.drift(List.of(ordered("virtual", 130, 120, 110, 100)), "interleaved", 0.01, 0.05));
    }

    @Test
    void cellsThatAllDriftTheSameWayAreNamedAsMovingTogether() {
        // every cell's trials get faster round by round: the machine, or the JVM the cells share, not one cell
        List<CellResult> together = List.of(
                ordered("virtual", 130, 121, 115, 110, 106, 104), ordered("fixed", 128, 124, 119, 112, 109, 105));
        String interleaved =
                RunConditions.drift(together, "interleaved", 0.01, 0.05).orElseThrow();
        assertTrue(
                interleaved.matches("the trials of 2 of 2 cells drifted one way .*: warmup may not be over \\(more"
                        + " --warmup\\), or the machine sped up; the other cells' trials moved the same way"
                        + " \\(Mann-Kendall over them together, p=0\\.\\d+\\), which interleaved rounds keep"
                        + " out of the comparisons; such a median mixes two states"),
                interleaved);
        String grouped = RunConditions.drift(together, "grouped", 0.01, 0.05).orElseThrow();
        assertTrue(grouped.contains(", which with --order grouped can reach a verdict;"), grouped);
        String random = RunConditions.drift(together, "random", 0.01, 0.05).orElseThrow();
        assertTrue(random.contains(", which --order random spreads over the columns by chance;"), random);
    }

    @Test
    void runsOfSteadyCellsAreWarnedAboutAtMostAtAlpha() {
        // 1,000 runs of eight cells whose six trials vary at random, in no order: the warning is the test's false alarm
        SplittableRandom random = new SplittableRandom(29);
        int warned = 0;
        for (int run = 0; run < 1000; run++) {
            List<CellResult> cells = new ArrayList<>();
            for (int c = 0; c < 8; c++) {
                double[] makespans = new double[6];
                for (int t = 0; t < makespans.length; t++) {
                    makespans[t] = 100 * (1 + 0.05 * random.nextGaussian());
                }
                cells.add(ordered(c % 2 == 0 ? "fixed" : "virtual", makespans));
            }
            warned += RunConditions.drift(cells, "interleaved", 0.01, 0.05).isPresent() ? 1 : 0;
        }
        assertTrue(warned <= 50, warned + " of 1000 runs warned");
    }

    private static RunResult run(CellResult... cells) {
        return new RunResult(
                RunResult.SCHEMA,
                Fixtures.environment(),
                RunSettings.trials(1, 6).withSeed(42).withOrder("interleaved"),
                List.of(cells));
    }
}
