package dev.vbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.executor.ExecutorStrategies;
import dev.vbench.measure.NanoClock;
import dev.vbench.result.InFlight;
import dev.vbench.result.TrialResult;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.Test;

/** The in-flight ceiling and mean, computed after the trial from the tasks' start and end times. */
class InFlightTest {

    @Test
    void oneTaskAtATimeOnTheSubmittingThreadIsACeilingOfOne() throws Exception {
        TrialRunnerTest.FakeClock clock = new TrialRunnerTest.FakeClock();
        TrialRunner runner = new TrialRunner(clock);
        ExecutorService sequential = ExecutorStrategies.parse("sequential").create();
        TrialResult t = runner.run(i -> clock.now.addAndGet((i + 1) * 1_000_000L), sequential, 10, 0, 0);
        // back to back: each task starts when the previous one ends, which is no overlap
        assertEquals(new InFlight(1, 1.0), t.telemetry().inFlight());
    }

    /** A pool of 4 under 100 requested runs 4 at a time; a virtual thread per task runs all 100. */
    @Test
    void aFixedPoolCapsWhatIsInFlightAndVirtualThreadsDoNot() throws Exception {
        TrialRunner runner = new TrialRunner(NanoClock.SYSTEM);
        ExecutorService fixed = ExecutorStrategies.parse("fixed:threads=4").create();
        TrialResult pool = runner.run(
                i -> {
                    Thread.sleep(10);
                    return i;
                },
                fixed,
                100,
                100,
                0);
        assertEquals(4, pool.telemetry().inFlight().ceiling());
        assertTrue(
                pool.telemetry().inFlight().mean() <= 4.0,
                () -> "mean " + pool.telemetry().inFlight().mean());
        ExecutorService virtual = ExecutorStrategies.parse("virtual").create();
        TrialResult threads = runner.run(
                i -> {
                    Thread.sleep(500); // long enough for the 100th to start before the first ends on a loaded machine
                    return i;
                },
                virtual,
                100,
                100,
                0);
        assertEquals(100, threads.telemetry().inFlight().ceiling());
        TrialResult limited = runner.run(
                i -> {
                    Thread.sleep(20);
                    return i;
                },
                ExecutorStrategies.parse("virtual").create(),
                200,
                7,
                0);
        assertTrue(limited.telemetry().inFlight().ceiling() <= 7, "never more than --concurrency");
    }

    /** A trial that samples its latencies has no start time for most tasks: no figures rather than wrong ones. */
    @Test
    void aSampledTrialHasNoInFlightFigures() throws Exception {
        TrialRunner runner = new TrialRunner(NanoClock.SYSTEM);
        TrialResult t =
                runner.run(i -> i, ExecutorStrategies.parse("sequential").create(), 100_000, 0, 0);
        assertTrue(t.latencySampledOneIn() > 0, "empty tasks are sampled");
        assertNull(t.telemetry().inFlight());
    }
}
