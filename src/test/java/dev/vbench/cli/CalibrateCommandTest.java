package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.testing.CliRun;
import dev.vbench.testing.SlowFirst;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** {@code vbench calibrate}: figures per executor for any workload, and one-line usage errors. No time is asserted. */
@Tag(SlowFirst.SLOW)
class CalibrateCommandTest {

    @Test
    void calibratesAChosenWorkloadAndPrintsTheOverheadPerTask() {
        CliRun r = CliRun.of(
                "calibrate",
                "-w",
                "cpu",
                "-p",
                "iterations=100",
                "--tasks",
                "3000",
                "--rounds",
                "1",
                "-e",
                "fixed:threads=2",
                "-e",
                "virtual",
                "--pinning",
                "off");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().startsWith("cpu iterations=100 × 3000 tasks, median of 1 rounds"), r.out());
        assertTrue(r.out().contains("overhead/task"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("fixed:threads=2") && l.contains(" ns")), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("virtual ")), r.out());
        assertTrue(r.out().contains("first submit -> last task end"), r.out());
    }

    @Test
    void noopTasksAreSampledAndSaySo() {
        CliRun r = CliRun.of("calibrate", "--tasks", "20000", "--rounds", "1", "-e", "sequential", "--pinning", "off");
        assertEquals(0, r.code(), r.toString());
        // one in 512 here (an empty task is one ~25 ns clock read), 1,024 where the clock is faster
        assertTrue(
                r.out().lines().anyMatch(l -> l.startsWith("sequential") && l.matches(".* 1 in (256|512|1024)")),
                r.out());
    }

    @Test
    void aConcurrencyLimitHoldsOnBothSidesAndIsNamed() {
        CliRun r = CliRun.of(
                "calibrate",
                "-w",
                "hello",
                "--tasks",
                "5k",
                "--concurrency",
                "10",
                "--rounds",
                "1",
                "-e",
                "fixed:threads=2",
                "--pinning",
                "off");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().startsWith("hello × 5000 tasks, at most 10 in flight, median of 1 rounds"), r.out());
        assertTrue(r.out().contains("a semaphore of 10 permits"), r.out());
    }

    @Test
    void taskAndConcurrencyCountsAreCheckedAsRunChecksThem() {
        CliRun.of("calibrate", "--tasks", "0k").assertUsageError("vbench: --tasks '0k' is out of range; use 1 or more");
        CliRun.of("calibrate", "--concurrency", "20M")
                .assertUsageError("vbench: --concurrency '20M' is out of range; use 1 to 10000000");
        CliRun r = CliRun.of("calibrate", "--tasks", "1m");
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.errLine().startsWith("vbench: ") && r.errLine().contains("1m"), r.toString());
    }

    @Test
    void aSweepIsRefused() {
        CliRun.of("calibrate", "-w", "cpu", "-p", "iterations=100,200")
                .assertUsageError(
                        "vbench: calibrate runs one parameter set; give one value per -p (e.g. -p iterations=500)");
    }

    @Test
    void anUnknownWorkloadIsRefused() {
        CliRun r = CliRun.of("calibrate", "-w", "nope");
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.errLine().startsWith("vbench: ") && r.errLine().contains("nope"), r.toString());
    }

    @Test
    void aWorkloadThatCannotPrepareIsReportedInOneLine() {
        CliRun r = CliRun.of(
                "calibrate", "-w", "sql", "-p", "url=jdbc:h2:mem:x;IFEXISTS=TRUE", "--tasks", "10", "--rounds", "1");
        assertTrue(r.code() == 2 || r.code() == 3, r.toString());
        assertEquals(1, r.err().lines().count(), r.toString());
    }

    /**
     * Each fork is a fresh JVM running the rounds; with six forks or more the ratio (the median of the
     * forks' medians) has a CI over the forks, below six it has none however many rounds there are.
     */
    @Test
    void forksAreTheSamplesOfTheRatioAndSixOfThemGiveItAConfidenceInterval() {
        CliRun r = CliRun.of(
                "calibrate",
                "-w",
                "cpu",
                "-p",
                "iterations=100",
                "--tasks",
                "2000",
                "--rounds",
                "1",
                "--forks",
                "6",
                "-e",
                "sequential");
        assertEquals(0, r.code(), r.toString());
        assertTrue(
                r.out()
                        .startsWith("cpu iterations=100 × 2000 tasks, median of 6 forks (each the median of 1 rounds"
                                + " after 3 warmup rounds)"),
                r.out());
        String row = r.out()
                .lines()
                .filter(l -> l.startsWith("sequential"))
                .findFirst()
                .orElseThrow();
        assertTrue(
                row.matches("sequential .* \\d+\\.\\d{3} +\\d+\\.\\d{3}–\\d+\\.\\d{3} .*"),
                "ratio and its 95% CI: " + row);
        assertTrue(r.out().contains("the forks, not the rounds, are the independent samples"), r.out());
        CliRun two = CliRun.of(
                "calibrate",
                "--tasks",
                "2000",
                "--rounds",
                "6",
                "--warmup",
                "0",
                "--forks",
                "2",
                "-e",
                "sequential",
                "--profile",
                "tasks");
        assertEquals(0, two.code(), two.toString());
        assertTrue(two.out().contains("profiled (--profile tasks)"), "the forks' plan carries --profile: " + two.out());
        assertTrue(
                two.out()
                        .startsWith(
                                "noop × 2000 tasks, median of 2 forks (each the median of 6 rounds after 0 warmup rounds)"),
                "each fork's warmup rounds are named: " + two.out());
        String twoRow = two.out()
                .lines()
                .filter(l -> l.startsWith("sequential"))
                .findFirst()
                .orElseThrow();
        assertTrue(twoRow.matches("sequential .* \\d\\.\\d{3} +— .*"), "12 rounds but 2 forks: no CI: " + twoRow);
        CliRun.of("calibrate", "--forks", "-1")
                .assertUsageError("vbench: --forks -1 is out of range; use 0 (this JVM) to 100");
    }

    /**
     * Warmup rounds run before the measured ones, in this JVM and in each fork; the title says how many (in forks:
     * the two-fork run of {@link #forksAreTheSamplesOfTheRatioAndSixOfThemGiveItAConfidenceInterval}).
     */
    @Test
    void warmupRoundsAreNamedAndChecked() {
        CliRun r = CliRun.of("calibrate", "--tasks", "2000", "--rounds", "1", "--warmup", "1", "-e", "sequential");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().startsWith("noop × 2000 tasks, median of 1 rounds (after 1 warmup round)"), r.out());
        CliRun.of("calibrate", "--warmup", "-1").assertUsageError("vbench: --warmup -1 is out of range; use 0 to 1000");
    }

    @Test
    void belowSixRoundsTheRatioHasNoInterval() {
        CliRun r = CliRun.of("calibrate", "--tasks", "2000", "--rounds", "2", "-e", "sequential");
        assertEquals(0, r.code(), r.toString());
        String row = r.out()
                .lines()
                .filter(l -> l.startsWith("sequential"))
                .findFirst()
                .orElseThrow();
        assertTrue(row.matches("sequential .* \\d\\.\\d{3} +— .*"), row);
    }

    /**
     * --profile profiles the vbench side, in this JVM (here) and in forks (the forks' plan carries the request: the
     * two-fork run of {@link #forksAreTheSamplesOfTheRatioAndSixOfThemGiveItAConfidenceInterval}).
     */
    @Test
    void profilingWorksInThisJvmAndInAFork() {
        CliRun r = CliRun.of(
                "calibrate",
                "--profile",
                "tasks",
                "--tasks",
                "2000",
                "--rounds",
                "1",
                "--warmup",
                "0",
                "--forks",
                "0",
                "-e",
                "sequential",
                "--pinning",
                "off");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("sequential ")), r.out());
        assertTrue(r.out().contains("profiled (--profile tasks)"), r.out());
    }
}
