package dev.vbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.executor.ExecutorStrategies;
import dev.vbench.measure.Histograms;
import dev.vbench.measure.NanoClock;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.Task;
import dev.vbench.testing.SystemOutput;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Coordinated-omission correction, with the real clock and pacer.
 *
 * <p>2,000 tasks at 1,000/s; task 500 stalls for 1 s, every other task takes ~0.1 ms. Which
 * executor shows coordinated omission? It appears when the load generator waits for the system
 * under test, as a client with one request outstanding does (wrk's connection). Here that is one
 * closed-loop client, {@code --concurrency 1}, in front of {@code fixed:threads=1}: during the
 * stall the submitter cannot send, so the ~1,000 tasks due in that second are sent late, back to
 * back, and each then takes only its normal service time <em>from its actual submit</em>. The
 * uncorrected histogram therefore sees one slow task (p99 ≈ service time), while latency from the
 * intended start sees a backlog ramping down from 1 s (p99 ≈ the stall).
 *
 * <p>Without the concurrency limit the same single thread backs up too, but the submitter is not
 * held back: submits stay on schedule, the wait shows up as queue wait from the submit, and both
 * figures agree (no omission to correct). With virtual threads nothing backs up at all: only the
 * stalled task is slow, so both p99s stay near the service time (second test).
 */
class CoordinatedOmissionTest {

    private static final int TASKS = 2_000;
    private static final double RATE = 1_000;
    private static final int STALLED_TASK = 500;
    private static final long STALL_NANOS = 1_000_000_000L;
    /** Latency above which a task counts as delayed (well above the ~0.1 ms service time). */
    private static final long NEAR_SERVICE_TIME = 50_000_000L;
    /**
     * The bound for "a p99 that did not back up behind the stall", derived from the failure it must
     * catch rather than from how fast this machine is. A backup (every task due during the stall
     * waits for it) puts the tasks due in the stall's first 20 ms, the slowest 1% of {@value #TASKS},
     * at 1 s - 20 ms or more from their intended start: p99 >= STALL - 0.01 * TASKS / RATE = 980 ms.
     * Half the stall, 500 ms, is twice below that, so the test still fails for its stated reason
     * ({@link #aBackupIsFarAboveTheBound} shows a real backup above 1.5 times the bound). Without a
     * backup the p99 is the machine's longest hiccup (a pause of the pacer, the carriers or the whole
     * JVM of P ms delays the ~P tasks due in it by up to P ms, so p99 ≈ P - 20 ms): 102 ms on a 2-core
     * CI machine at load 6, 252 ms there with three test JVMs and the suites' runs beside them.
     */
    private static final long FAR_BELOW_THE_STALL = STALL_NANOS / 2;

    private static final Task STALLS_ONCE = i -> {
        if (i == STALLED_TASK) {
            Thread.sleep(STALL_NANOS / 1_000_000);
        } else {
            LockSupport.parkNanos(50_000);
        }
        return i;
    };

    @Test
    void oneClosedClientHidesTheStallUnlessLatencyCountsFromTheIntendedStart() throws Exception {
        TrialResult t = new TrialRunner(NanoClock.SYSTEM)
                .run(
                        STALLS_ONCE,
                        ExecutorStrategies.parse("fixed:threads=1").create(),
                        LoadShape.OpenRate.forTasks(RATE, TASKS, 1, 0),
                        0);
        assertEquals(TASKS, t.completed());
        long corrected = t.latency().p99Nanos();
        long uncorrected = t.uncorrectedLatency().p99Nanos();
        assertTrue(
                corrected > 0.8 * STALL_NANOS && corrected < 1.3 * STALL_NANOS,
                "corrected p99 near the 1 s stall: " + corrected / 1e6 + " ms");
        assertTrue(
                uncorrected < FAR_BELOW_THE_STALL, "uncorrected p99 far below the stall: " + uncorrected / 1e6 + " ms");
        assertTrue(t.uncorrectedLatency().maxNanos() >= STALL_NANOS, "the stalled task itself is in both");
        Histogram correctedHistogram = Histograms.decode(t.histograms().intendedEndToEnd());
        double backedUp =
                correctedHistogram.getCountBetweenValues(NEAR_SERVICE_TIME, Long.MAX_VALUE / 2) / (double) TASKS;
        assertTrue(backedUp > 0.4, "about half the tasks were due during the stall: " + backedUp);
    }

    @Test
    void virtualThreadsDoNotBackUpBehindTheStall() throws Exception {
        TrialResult t = new TrialRunner(NanoClock.SYSTEM)
                .run(
                        STALLS_ONCE,
                        ExecutorStrategies.parse("virtual").create(),
                        LoadShape.OpenRate.forTasks(RATE, TASKS, 0, 0),
                        0);
        assertEquals(TASKS, t.completed());
        SystemOutput.println(String.format(
                Locale.ROOT,
                "CoordinatedOmissionTest: virtual p99 %.1f ms from the intended start, %.1f ms from the submit"
                        + " (bound %d ms)",
                t.latency().p99Nanos() / 1e6,
                t.uncorrectedLatency().p99Nanos() / 1e6,
                FAR_BELOW_THE_STALL / 1_000_000));
        assertTrue(
                t.latency().p99Nanos() < FAR_BELOW_THE_STALL,
                "corrected p99: " + t.latency().p99Nanos() / 1e6 + " ms");
        assertTrue(
                t.uncorrectedLatency().p99Nanos() < FAR_BELOW_THE_STALL,
                "uncorrected p99: " + t.uncorrectedLatency().p99Nanos() / 1e6 + " ms");
        assertTrue(t.latency().maxNanos() >= STALL_NANOS, "only the stalled task is slow");
        // The backup's signature itself, independent of the p99: about half the tasks (those due during
        // the stall) would wait more than half of it; without a backup only the stalled task does.
        Histogram corrected = Histograms.decode(t.histograms().intendedEndToEnd());
        long waitedHalfTheStall = corrected.getCountBetweenValues(STALL_NANOS / 2, Long.MAX_VALUE / 2);
        assertTrue(waitedHalfTheStall < TASKS / 100, waitedHalfTheStall + " tasks waited half the stall or more");
    }

    /**
     * The failure the bounds above must catch, produced on purpose: one platform thread with no limit
     * on submits backs up behind the stall, and both p99s land near the stall (the submitter stays on
     * schedule, so there is no omission and both figures agree), far above {@link #FAR_BELOW_THE_STALL},
     * and about a quarter of the tasks wait half the stall or more.
     */
    @Test
    void aBackupIsFarAboveTheBound() throws Exception {
        TrialResult t = new TrialRunner(NanoClock.SYSTEM)
                .run(
                        STALLS_ONCE,
                        ExecutorStrategies.parse("fixed:threads=1").create(),
                        LoadShape.OpenRate.forTasks(RATE, TASKS, 0, 0),
                        0);
        assertEquals(TASKS, t.completed());
        assertTrue(
                t.latency().p99Nanos() > 1.5 * FAR_BELOW_THE_STALL,
                "corrected p99: " + t.latency().p99Nanos() / 1e6 + " ms");
        assertTrue(
                t.uncorrectedLatency().p99Nanos() > 1.5 * FAR_BELOW_THE_STALL,
                "uncorrected p99: " + t.uncorrectedLatency().p99Nanos() / 1e6 + " ms");
        Histogram corrected = Histograms.decode(t.histograms().intendedEndToEnd());
        long waitedHalfTheStall = corrected.getCountBetweenValues(STALL_NANOS / 2, Long.MAX_VALUE / 2);
        assertTrue(
                waitedHalfTheStall > 10 * (TASKS / 100), waitedHalfTheStall + " tasks waited half the stall or more");
    }
}
