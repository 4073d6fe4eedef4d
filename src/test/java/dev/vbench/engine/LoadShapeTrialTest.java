package dev.vbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.engine.TrialRunnerTest.FakeClock;
import dev.vbench.executor.ExecutorStrategies;
import dev.vbench.measure.Histograms;
import dev.vbench.measure.NanoClock;
import dev.vbench.result.TrialResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Deterministic tests of the open-model schedule, drop and timeout accounting and timed trials:
 * a fake clock that only tasks and the pacer move, so every number is exact.
 */
class LoadShapeTrialTest {

    private static final long MS = 1_000_000L;

    private final FakeClock clock = new FakeClock();
    /** Waiting for an intended start moves the fake clock there. */
    private final TrialRunner runner =
            new TrialRunner(clock, deadline -> clock.now.accumulateAndGet(deadline, Math::max));

    private static ExecutorService sequential() {
        return ExecutorStrategies.parse("sequential").create();
    }

    @Test
    void openModelSubmitsEachTaskAtItsIntendedStart() throws Exception {
        long t0 = clock.now.get();
        TrialResult t = runner.run(
                i -> clock.now.addAndGet(200_000), sequential(), LoadShape.OpenRate.forTasks(1000, 10, 0, 0), 0);
        assertEquals(10, t.tasks());
        assertEquals(10, t.completed());
        assertEquals(0, t.dropped());
        assertEquals(0, t.timedOut());
        assertEquals(9 * MS + 200_000, t.makespanNanos(), "t0 → end of task 9 (due at 9 ms, 0.2 ms long)");
        assertEquals(1000.0, t.achievedRatePerSecond(), 1e-9, "on schedule: achieved = target");
        Histogram corrected = Histograms.decode(t.histograms().intendedEndToEnd());
        assertEquals(10, corrected.getTotalCount());
        assertTrue(corrected.valuesAreEquivalent(200_000, corrected.getMaxValue()), "no task waited");
        assertEquals(t.latency().p99Nanos(), corrected.getValueAtPercentile(99), "metrics use the corrected latency");
        assertEquals(
                t.uncorrectedLatency().p99Nanos(),
                Histograms.decode(t.histograms().endToEnd()).getValueAtPercentile(99));
        assertEquals(t0 + 9 * MS + 200_000, clock.now.get());
    }

    /**
     * Rate 1000/s, timeout 5 ms, task 3 takes 20 ms (the others 0.1 ms), on the caller's thread.
     * Task 3 ends 20 ms after its intended start: timed out. The submitter is back at 23 ms, so
     * tasks 4..17 are more than 5 ms late and dropped unrun. Task 18 (5 ms late, not more) runs and
     * ends 5.1 ms after its intended start: timed out. Tasks 19..29 run in time.
     */
    @Test
    void lateTasksAreDroppedAndSlowOnesCountedAsTimedOut() throws Exception {
        TrialResult t = runner.run(
                i -> clock.now.addAndGet(i == 3 ? 20 * MS : 100_000),
                sequential(),
                LoadShape.OpenRate.forTasks(1000, 30, 0, 5 * MS),
                0);
        assertEquals(30, t.tasks());
        assertEquals(14, t.dropped(), "tasks 4..17");
        assertEquals(2, t.timedOut(), "tasks 3 and 18");
        assertEquals(16, t.completed());
        assertEquals(t.tasks(), t.completed() + t.failures() + t.dropped());
        Histogram corrected = Histograms.decode(t.histograms().intendedEndToEnd());
        Histogram uncorrected = Histograms.decode(t.histograms().endToEnd());
        assertEquals(16, corrected.getTotalCount(), "dropped tasks never ran and are in no histogram");
        assertTrue(corrected.valuesAreEquivalent(20 * MS, corrected.getMaxValue()));
        assertTrue(
                corrected.valuesAreEquivalent(5 * MS + 100_000, corrected.getValueAtPercentile(90)),
                "task 18 waited 5 ms behind the stall");
        assertTrue(
                uncorrected.valuesAreEquivalent(100_000, uncorrected.getValueAtPercentile(90)),
                "from its actual submit task 18 took 0.1 ms");
        // 16 submitted; the last (task 29) on time at 29 ms: 16 tasks over 30 ms
        assertEquals(16 / 0.030, t.achievedRatePerSecond(), 1e-6);
        assertEquals(29 * MS + 100_000, t.makespanNanos());
    }

    /**
     * A backlogged executor: every task is submitted on time, but none runs until the submitter
     * is done (9 ms). With a 3 ms timeout, tasks 0..5 start too late and are dropped; 6..9 run
     * (each 1 ms) and end 4 ms after their intended start: timed out.
     */
    @Test
    void tasksThatCannotStartInTimeAreDroppedByTheWorker() throws Exception {
        TrialResult t = runner.run(
                i -> clock.now.addAndGet(MS), new RunOnShutdown(), LoadShape.OpenRate.forTasks(1000, 10, 0, 3 * MS), 0);
        assertEquals(6, t.dropped());
        assertEquals(4, t.timedOut());
        assertEquals(4, t.completed());
        assertEquals(1000.0, t.achievedRatePerSecond(), 1e-9, "the submitter itself kept the schedule");
        Histogram queueWait = Histograms.decode(t.histograms().queueWait());
        assertTrue(queueWait.valuesAreEquivalent(3 * MS, queueWait.getMaxValue()));
    }

    @Test
    void closedTrialsKeepTheirOldShape() throws Exception {
        TrialResult t = runner.run(i -> clock.now.addAndGet(MS), sequential(), new LoadShape.Closed(5, 0), 0);
        assertEquals(0, t.dropped());
        assertEquals(0.0, t.achievedRatePerSecond());
        assertNull(t.uncorrectedLatency());
        assertNull(t.histograms().intendedEndToEnd());
        assertEquals(5 * MS, t.makespanNanos());
    }

    @Test
    void timedTrialRunsClientsUntilTheWindowCloses() throws Exception {
        TrialResult t = runner.run(i -> clock.now.addAndGet(MS), sequential(), new LoadShape.Timed(10 * MS, 1), 0);
        assertEquals(10, t.tasks(), "one client, 1 ms tasks, 10 ms window");
        assertEquals(10, t.completed());
        assertEquals(10 * MS, t.makespanNanos(), "makespan is the window");
        assertEquals(1000.0, t.throughputPerSecond(), 1e-9);
    }

    @Test
    void timedTrialGrowsItsSlotsBeyondOneChunk() throws Exception {
        TrialResult t = runner.run(i -> clock.now.addAndGet(10), sequential(), new LoadShape.Timed(MS, 1), 0);
        assertEquals(100_000, t.tasks(), "1 ms of 10 ns tasks: more than one chunk of " + TaskSlots.CHUNK_SIZE);
        assertEquals(100_000, t.completed());
        assertEquals(1024, t.latencySampledOneIn(), "10 ns tasks: latencies are sampled, one in 1,024");
        assertEquals(
                TrialSamplingTest.sampleSize(100_000, 1024),
                Histograms.decode(t.histograms().service()).getTotalCount());
        assertEquals(1e8, t.throughputPerSecond(), 1e-3);
    }

    @Test
    void timedTrialStopsAtTheTaskLimitAndSaysSoByItsShorterMakespan() throws Exception {
        TrialRunner capped = new TrialRunner(clock, deadline -> clock.now.accumulateAndGet(deadline, Math::max), 50);
        TrialResult t = capped.run(i -> clock.now.addAndGet(1000), sequential(), new LoadShape.Timed(MS, 1), 0);
        assertEquals(50, t.tasks());
        assertEquals(50_000, t.makespanNanos(), "the window ended at the 50th task, not after 1 ms");
        assertEquals(1e6, t.throughputPerSecond(), 1e-6);
    }

    @Test
    void timedTrialWithRealClockBoundsTasksInFlight() throws Exception {
        AtomicLong inFlight = new AtomicLong();
        AtomicLong peak = new AtomicLong();
        TrialResult t = new TrialRunner(NanoClock.SYSTEM)
                .run(
                        i -> {
                            peak.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                            Thread.sleep(2);
                            inFlight.decrementAndGet();
                            return i;
                        },
                        ExecutorStrategies.parse("virtual").create(),
                        new LoadShape.Timed(200 * MS, 4),
                        0);
        assertEquals(200 * MS, t.makespanNanos());
        assertTrue(peak.get() <= 4, "peak in flight " + peak.get());
        assertTrue(t.completed() >= 20, "4 clients × 2 ms tasks for 200 ms: " + t.completed());
        assertTrue(t.throughputPerSecond() <= t.completed() / 0.2 + 1e-9, "only completions inside the window count");
    }

    /** Queues every task and runs them, in order, on the thread that calls {@code shutdown}. */
    static final class RunOnShutdown extends AbstractExecutorService {
        private final List<Runnable> queue = new ArrayList<>();
        private boolean shutdown;

        @Override
        public void execute(Runnable command) {
            queue.add(command);
        }

        @Override
        public void shutdown() {
            shutdown = true;
            queue.forEach(Runnable::run);
            queue.clear();
        }

        @Override
        public List<Runnable> shutdownNow() {
            shutdown();
            return List.of();
        }

        @Override
        public boolean isShutdown() {
            return shutdown;
        }

        @Override
        public boolean isTerminated() {
            return shutdown;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return shutdown;
        }
    }
}
