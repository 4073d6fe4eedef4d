package dev.vbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.engine.TrialRunnerTest.FakeClock;
import dev.vbench.executor.ExecutorStrategies;
import dev.vbench.measure.Histograms;
import dev.vbench.measure.NanoClock;
import dev.vbench.result.TrialResult;
import java.util.concurrent.ExecutorService;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Latency sampling of sub-microsecond tasks and the fold of returned values: a fake clock on the
 * sequential executor makes which tasks are timed, and every count, exact.
 */
class TrialSamplingTest {

    private static final int TASKS = 20_000;

    private static ExecutorService sequential() {
        return ExecutorStrategies.parse("sequential").create();
    }

    /** Tasks in the sample: the same index rule the recorder uses. */
    static long sampleSize(long tasks, int oneIn) {
        LatencySampling.SampleSequence sample = new LatencySampling.SampleSequence(oneIn);
        long n = 0;
        for (long i = 0; i < tasks; i++) {
            if (sample.contains(i)) {
                n++;
            }
        }
        return n;
    }

    @Test
    void theSampleIsOneInNOnAverageAndHasNoPeriodForAnInputPatternToAliasWith() {
        LatencySampling.SampleSequence sample = new LatencySampling.SampleSequence(32);
        long[] byResidue = new long[10];
        long n = 0;
        for (long i = 0; i < 3_200_000; i++) {
            if (sample.contains(i)) {
                n++;
                byResidue[(int) (i % 10)]++; // e.g. a workload reading file i mod 10
            }
        }
        assertEquals(100_000, n, 1_500, "one in 32 on average");
        for (long r : byResidue) {
            assertEquals(n / 10.0, r, n / 10.0 * 0.05, "every file equally often in the sample");
        }
    }

    @Test
    void theShorterTheTaskTheSparserTheSampleWithinItsBounds() {
        assertEquals(1024, LatencySampling.sampleOneIn(0));
        assertEquals(1024, LatencySampling.sampleOneIn(10), "10 µs of budget / 10 ns: 1,000, the next power of two");
        assertEquals(512, LatencySampling.sampleOneIn(25), "an empty task here (one clock read)");
        assertEquals(128, LatencySampling.sampleOneIn(100));
        assertEquals(128, LatencySampling.sampleOneIn(79), "10,000 / 79 = 126: the next power of two");
        assertEquals(64, LatencySampling.sampleOneIn(157));
        assertEquals(LatencySampling.SAMPLE_ONE_IN_MIN, LatencySampling.sampleOneIn(1_000), "a 1 µs task");
        assertEquals(
                LatencySampling.SAMPLE_ONE_IN_MIN, LatencySampling.sampleOneIn(LatencySampling.SAMPLE_BELOW_NANOS - 1));
    }

    @Test
    void theRateFollowsThePilotsServiceTime() throws Exception {
        for (int nanos : new int[] {10, 25, 100, 1_000}) {
            FakeClock clock = new FakeClock();
            TrialResult t = new TrialRunner(clock).run(i -> clock.now.addAndGet(nanos), sequential(), TASKS, 0, 0);
            int oneIn = LatencySampling.sampleOneIn(nanos);
            assertEquals(oneIn, t.latencySampledOneIn(), nanos + " ns tasks");
            assertEquals(
                    sampleSize(TASKS, oneIn),
                    Histograms.decode(t.histograms().service()).getTotalCount(),
                    nanos + " ns tasks: the recorder's sample is the submitter's");
        }
    }

    @Test
    void subMicrosecondTasksAreSampledWhileCountsAndMakespanStayExact() throws Exception {
        FakeClock clock = new FakeClock();
        TrialResult t = new TrialRunner(clock).run(i -> clock.now.addAndGet(100), sequential(), TASKS, 0, 0);
        assertEquals(128, t.latencySampledOneIn(), "100 ns tasks");
        assertEquals(TASKS, t.completed());
        assertEquals(TASKS * 100L, t.makespanNanos(), "first submit → last end over every task, not the sample");
        Histogram service = Histograms.decode(t.histograms().service());
        long expected = sampleSize(TASKS, 128);
        assertEquals(expected, service.getTotalCount());
        assertTrue(expected > TASKS / 128 / 2 && expected < TASKS / 128 * 2, "about one in 128: " + expected);
        assertEquals(expected, t.latency().count(), "the summary is from the sample");
        assertTrue(service.valuesAreEquivalent(100, service.getMaxValue()));
        assertEquals(expected, Histograms.decode(t.histograms().endToEnd()).getTotalCount());
    }

    @Test
    void tasksOfAMicrosecondOrMoreAreAllTimed() throws Exception {
        FakeClock clock = new FakeClock();
        TrialResult t = new TrialRunner(clock)
                .run(i -> clock.now.addAndGet(LatencySampling.SAMPLE_BELOW_NANOS), sequential(), TASKS, 0, 0);
        assertEquals(0, t.latencySampledOneIn());
        assertEquals(TASKS, Histograms.decode(t.histograms().service()).getTotalCount());
    }

    @Test
    void shortTrialsAndOpenModelTrialsAreNeverSampled() throws Exception {
        FakeClock clock = new FakeClock();
        TrialRunner runner = new TrialRunner(clock, deadline -> clock.now.accumulateAndGet(deadline, Math::max));
        TrialResult few =
                runner.run(i -> clock.now.addAndGet(10), sequential(), 2 * LatencySampling.PILOT_TASKS - 1, 0, 0);
        assertEquals(0, few.latencySampledOneIn());
        TrialResult open = runner.run(
                i -> clock.now.addAndGet(10), sequential(), LoadShape.OpenRate.forTasks(10_000_000, TASKS, 0, 0), 0);
        assertEquals(0, open.latencySampledOneIn());
        assertEquals(
                TASKS, Histograms.decode(open.histograms().intendedEndToEnd()).getTotalCount());
    }

    @Test
    void failuresOutsideTheSampleAreStillCounted() throws Exception {
        FakeClock clock = new FakeClock();
        TrialResult t = new TrialRunner(clock)
                .run(
                        i -> {
                            clock.now.addAndGet(100);
                            if (i % 1000 == 999) {
                                throw new IllegalStateException("boom");
                            }
                            return i;
                        },
                        sequential(),
                        TASKS,
                        0,
                        0);
        assertEquals(TASKS / 1000, t.failures());
        assertEquals(TASKS - TASKS / 1000, t.completed());
        assertEquals(TASKS * 100L, t.makespanNanos());
    }

    @Test
    void everyReturnedValueIsFoldedIntoTheSinkOnAPool() throws Exception {
        ExecutorService pool = ExecutorStrategies.parse("fixed:threads=2").create();
        TrialResult t = new TrialRunner(NanoClock.SYSTEM).run(i -> i % 7 == 3 ? fail() : i, pool, TASKS, 0, 0);
        long expected = 0;
        for (long i = 0; i < TASKS; i++) {
            expected += i % 7 == 3 ? 0 : i;
        }
        assertEquals(expected, TrialRunner.sink(), "sum of the values of the tasks that returned");
        assertEquals(TASKS - t.failures(), t.completed());
    }

    /**
     * The submitter walks the sample only where a run of untimed tasks starts, and a run stops at the
     * end of a chunk of slots: across several chunks, with failures, the recorder (which asks about
     * every index) must find exactly the tasks the submitter timed, every value and every end.
     */
    @Test
    void aSampledTrialAcrossChunksTimesExactlyTheTasksTheRecorderExpects() throws Exception {
        int tasks = 3 * TaskSlots.CHUNK_SIZE + 1_234;
        FakeClock clock = new FakeClock();
        TrialResult t = new TrialRunner(clock)
                .run(
                        i -> {
                            clock.now.addAndGet(100);
                            return i % 1000 == 999 ? fail() : i;
                        },
                        sequential(),
                        tasks,
                        0,
                        0);
        assertEquals(128, t.latencySampledOneIn(), "100 ns tasks");
        long failures = tasks / 1000;
        assertEquals(failures, t.failures());
        assertEquals(tasks - failures, t.completed());
        assertEquals(tasks * 100L, t.makespanNanos(), "the last end is the last task's");
        long expectedSum = 0;
        for (long i = 0; i < tasks; i++) {
            expectedSum += i % 1000 == 999 ? 0 : i;
        }
        assertEquals(expectedSum, TrialRunner.sink(), "every value, in every chunk");
        Histogram service = Histograms.decode(t.histograms().service());
        long sampled = sampleSize(tasks, 128);
        long failedInSample = 0;
        LatencySampling.SampleSequence sample = new LatencySampling.SampleSequence(128);
        for (long i = 0; i < tasks; i++) {
            if (sample.contains(i) && i % 1000 == 999) {
                failedInSample++;
            }
        }
        assertEquals(sampled - failedInSample, service.getTotalCount(), "the sample, less its failed tasks");
        assertEquals(100, service.getMinValue(), "no task outside the sample read as timed (its start would be 0)");
        assertTrue(service.valuesAreEquivalent(100, service.getMaxValue()), "max " + service.getMaxValue());
    }

    private static long fail() {
        throw new IllegalStateException("failed task: its value is not folded");
    }
}
