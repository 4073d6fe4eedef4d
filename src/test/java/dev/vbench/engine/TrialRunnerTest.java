package dev.vbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.executor.ExecutorStrategies;
import dev.vbench.measure.Histograms;
import dev.vbench.measure.NanoClock;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.FixtureTask;
import dev.vbench.spi.Task;
import java.io.IOException;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class TrialRunnerTest {

    /** A clock that only moves when a task says so: sequential runs become exactly predictable. */
    static final class FakeClock implements NanoClock {
        final AtomicLong now = new AtomicLong(1_000_000);

        @Override
        public long nanoTime() {
            return now.get();
        }
    }

    @Test
    void sequentialWithFakeClockGivesExactNumbers() throws Exception {
        FakeClock clock = new FakeClock();
        TrialRunner runner = new TrialRunner(clock);
        ExecutorService sequential = ExecutorStrategies.parse("sequential").create();
        // task i takes (i + 1) ms of fake time
        TrialResult t = runner.run(i -> clock.now.addAndGet((i + 1) * 1_000_000L), sequential, 10, 0, 0);
        assertEquals(55_000_000L, t.makespanNanos(), "1 + 2 + … + 10 ms");
        assertEquals(10, t.completed());
        Histogram service = Histograms.decode(t.histograms().service());
        assertEquals(10, service.getTotalCount());
        assertTrue(service.valuesAreEquivalent(10_000_000L, service.getMaxValue()));
        assertTrue(service.valuesAreEquivalent(5_000_000L, service.getValueAtPercentile(50)));
        // sequential runs each task inside execute(): the submitter waits instead, so queue wait is zero
        Histogram wait = Histograms.decode(t.histograms().queueWait());
        assertEquals(0, wait.getMaxValue());
        assertEquals(service, Histograms.decode(t.histograms().endToEnd()));
        assertEquals(10 / 0.055, t.throughputPerSecond(), 1e-6);
    }

    /** The harness floor's reading is the makespan a full trial reports for the same tasks on the same clock. */
    @Test
    void theFloorsMakespanIsTheTrialsMakespan() throws Exception {
        FakeClock clock = new FakeClock();
        TrialRunner runner = new TrialRunner(clock);
        Task task = i -> clock.now.addAndGet((i + 1) * 1_000_000L);
        long floor =
                runner.makespan(task, ExecutorStrategies.parse("sequential").create(), new LoadShape.Closed(10, 0));
        TrialResult t = runner.run(task, ExecutorStrategies.parse("sequential").create(), 10, 0, 0);
        assertEquals(55_000_000L, floor, "1 + 2 + … + 10 ms");
        assertEquals(t.makespanNanos(), floor);
    }

    @Test
    void fixturesPerTaskRunAroundEachTaskOutsideItsTimeWithExactNumbers() throws Exception {
        FakeClock clock = new FakeClock();
        TrialRunner runner = new TrialRunner(clock);
        AtomicLong befores = new AtomicLong();
        AtomicLong afters = new AtomicLong();
        // each task: a 5 ms setup and a 3 ms teardown around 1 ms of work (fake time)
        FixtureTask task = new FixtureTask() {
            @Override
            public int before(long i) {
                befores.incrementAndGet();
                clock.now.addAndGet(5_000_000L);
                return (int) i + 7;
            }

            @Override
            public long run(long i, int claim) {
                assertEquals(i + 7, claim);
                return clock.now.addAndGet(1_000_000L);
            }

            @Override
            public void after(long i, int claim) {
                assertEquals(i + 7, claim);
                afters.incrementAndGet();
                clock.now.addAndGet(3_000_000L);
            }
        };
        TrialResult t = runner.run(task, ExecutorStrategies.parse("sequential").create(), 10, 0, 0);
        assertEquals(10, befores.get());
        assertEquals(10, afters.get());
        assertEquals(10, t.completed());
        Histogram service = Histograms.decode(t.histograms().service());
        Histogram endToEnd = Histograms.decode(t.histograms().endToEnd());
        assertEquals(10, endToEnd.getTotalCount());
        assertTrue(service.valuesAreEquivalent(1_000_000L, service.getMaxValue()), "service: the work alone");
        assertTrue(endToEnd.valuesAreEquivalent(1_000_000L, endToEnd.getMaxValue()), "latency: the work alone");
        // the makespan spans the fixtures: task 0's work, then 9 × (3 + 5 + 1) ms
        assertEquals(82_000_000L, t.makespanNanos());
    }

    @Test
    void aFixtureThatThrowsFailsItsTaskOnly() throws Exception {
        FixtureTask task = new FixtureTask() {
            @Override
            public int before(long i) {
                if (i == 3) {
                    throw new IllegalStateException("setup " + i);
                }
                return 0;
            }

            @Override
            public long run(long i, int claim) {
                return i;
            }

            @Override
            public void after(long i, int claim) {
                if (i == 5) {
                    throw new IllegalStateException("teardown " + i);
                }
            }
        };
        TrialResult t = new TrialRunner(NanoClock.SYSTEM)
                .run(task, ExecutorStrategies.parse("virtual").create(), 10, 2, 0);
        assertEquals(2, t.failures());
        assertEquals(8, t.completed());
        assertEquals(
                Set.of("java.lang.IllegalStateException: setup 3", "java.lang.IllegalStateException: teardown 5"),
                Set.copyOf(t.failureSamples()));
    }

    @Test
    void failuresAreCountedAndSampledNeverLost() throws Exception {
        TrialRunner runner = new TrialRunner(NanoClock.SYSTEM);
        ExecutorService virtual = ExecutorStrategies.parse("virtual").create();
        TrialResult t = runner.run(
                i -> {
                    if (i % 10 == 0) {
                        throw new IllegalStateException("boom " + i);
                    }
                    return i;
                },
                virtual,
                100,
                0,
                0);
        assertEquals(10, t.failures());
        assertEquals(90, t.completed());
        assertEquals(TrialResult.MAX_FAILURE_SAMPLES, t.failureSamples().size());
        assertTrue(t.failureSamples().get(0).startsWith("java.lang.IllegalStateException: boom "));
        assertEquals(Collections.nCopies(TrialResult.MAX_FAILURE_SAMPLES, 1L), t.failureCounts());
        assertEquals(90, Histograms.decode(t.histograms().endToEnd()).getTotalCount());
    }

    @Test
    void failuresAreCountedPerDistinctCauseWithSecretsRedacted() throws Exception {
        TrialRunner runner = new TrialRunner(NanoClock.SYSTEM);
        TrialResult t = runner.run(
                i -> {
                    if (i % 3 == 0) {
                        throw new IOException("refused by http://u:pw@db/x?password=hunter2");
                    }
                    if (i % 3 == 1) {
                        throw new IllegalStateException("boom");
                    }
                    return i;
                },
                ExecutorStrategies.parse("fixed:threads=4").create(),
                300,
                0,
                0);
        assertEquals(200, t.failures());
        Map<String, Long> causes = new HashMap<>();
        for (int i = 0; i < t.failureSamples().size(); i++) {
            causes.put(t.failureSamples().get(i), t.failureCounts().get(i));
        }
        assertEquals(
                Map.of(
                        "java.io.IOException: refused by http://u:***@db/x?password=***",
                        100L,
                        "java.lang.IllegalStateException: boom",
                        100L),
                causes);
    }

    @Test
    void concurrencyLimitBoundsTasksInFlight() throws Exception {
        AtomicLong inFlight = new AtomicLong();
        AtomicLong peak = new AtomicLong();
        TrialRunner runner = new TrialRunner(NanoClock.SYSTEM);
        TrialResult t = runner.run(
                i -> {
                    long now = inFlight.incrementAndGet();
                    peak.accumulateAndGet(now, Math::max);
                    Thread.sleep(2);
                    inFlight.decrementAndGet();
                    return i;
                },
                ExecutorStrategies.parse("virtual").create(),
                200,
                4,
                0);
        assertEquals(200, t.completed());
        assertTrue(peak.get() <= 4, "peak in flight " + peak.get());
        // a limit of 1 would also pass the line above: the limit must still let tasks overlap
        assertTrue(peak.get() >= 2, "tasks never overlapped: peak in flight " + peak.get());
    }

    @Test
    void boundedVirtualLimitsConcurrentTasks() throws Exception {
        AtomicLong inFlight = new AtomicLong();
        AtomicLong peak = new AtomicLong();
        TrialRunner runner = new TrialRunner(NanoClock.SYSTEM);
        TrialResult t = runner.run(
                i -> {
                    long now = inFlight.incrementAndGet();
                    peak.accumulateAndGet(now, Math::max);
                    Thread.sleep(2);
                    inFlight.decrementAndGet();
                    return i;
                },
                ExecutorStrategies.parse("bounded-virtual:permits=3").create(),
                100,
                0,
                0);
        assertEquals(100, t.completed());
        assertTrue(peak.get() <= 3, "peak running " + peak.get());
        assertTrue(peak.get() >= 2, "tasks never overlapped: peak running " + peak.get());
        assertTrue(
                Histograms.decode(t.histograms().queueWait()).getMaxValue() > 10_000_000L,
                "waiting for a permit is queue wait");
    }
}
