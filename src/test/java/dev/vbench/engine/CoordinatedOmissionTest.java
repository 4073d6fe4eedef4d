package dev.vbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.executor.ExecutorStrategies;
import dev.vbench.measure.Histograms;
import dev.vbench.measure.NanoClock;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.Task;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Issue 5, acceptance 3: coordinated-omission correction, with the real clock and pacer.
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
    /** Generous bound for "near the normal service time" on a shared 2-core machine. */
    private static final long NEAR_SERVICE_TIME = 50_000_000L;

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
        TrialResult t = new TrialRunner(NanoClock.SYSTEM).run(STALLS_ONCE,
                ExecutorStrategies.parse("fixed:threads=1").create(), LoadShape.OpenRate.forTasks(RATE, TASKS, 1, 0), 0);
        assertEquals(TASKS, t.completed());
        long corrected = t.latency().p99Nanos();
        long uncorrected = t.uncorrectedLatency().p99Nanos();
        assertTrue(corrected > 0.8 * STALL_NANOS && corrected < 1.3 * STALL_NANOS,
                "corrected p99 near the 1 s stall: " + corrected / 1e6 + " ms");
        assertTrue(uncorrected < NEAR_SERVICE_TIME, "uncorrected p99 near the service time: " + uncorrected / 1e6 + " ms");
        assertTrue(t.uncorrectedLatency().maxNanos() >= STALL_NANOS, "the stalled task itself is in both");
        Histogram correctedHistogram = Histograms.decode(t.histograms().intendedEndToEnd());
        double backedUp = correctedHistogram.getCountBetweenValues(NEAR_SERVICE_TIME, Long.MAX_VALUE / 2) / (double) TASKS;
        assertTrue(backedUp > 0.4, "about half the tasks were due during the stall: " + backedUp);
    }

    @Test
    void virtualThreadsDoNotBackUpBehindTheStall() throws Exception {
        TrialResult t = new TrialRunner(NanoClock.SYSTEM).run(STALLS_ONCE,
                ExecutorStrategies.parse("virtual").create(), LoadShape.OpenRate.forTasks(RATE, TASKS, 0, 0), 0);
        assertEquals(TASKS, t.completed());
        assertTrue(t.latency().p99Nanos() < NEAR_SERVICE_TIME, "corrected p99: " + t.latency().p99Nanos() / 1e6 + " ms");
        assertTrue(t.uncorrectedLatency().p99Nanos() < NEAR_SERVICE_TIME);
        assertTrue(t.latency().maxNanos() >= STALL_NANOS, "only the stalled task is slow");
    }
}
