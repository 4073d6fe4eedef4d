package dev.vbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.executor.ExecutorStrategies;
import dev.vbench.measure.NanoClock;
import dev.vbench.measure.TrialProbes;
import dev.vbench.result.AutoTrials;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.Params;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import dev.vbench.testing.Fixtures;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --trials auto} on a fake clock: each trial is one task whose fake duration follows a script, so the
 * 95% interval of each cell's median is known exactly after every round.
 */
class AutoTrialsTest {

    @TempDir
    Path dataRoot;

    /** One task per trial; the n-th task (of the whole run) advances the clock by {@code durations[n]} ms. */
    private static final class Scripted implements WorkloadProvider {
        final AtomicLong now;
        final long[] durations;
        final AtomicInteger next = new AtomicInteger();

        Scripted(AtomicLong now, long... durations) {
            this.now = now;
            this.durations = durations;
        }

        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public String description() {
            return "fake durations";
        }

        @Override
        public List<ParamSpec<?>> params() {
            return List.of();
        }

        @Override
        public Workload create(Params params) {
            return () -> index -> {
                int n = next.getAndIncrement();
                now.addAndGet(1_000_000L * durations[Math.min(n, durations.length - 1)]);
                return index;
            };
        }
    }

    private RunResult run(Scripted workload, int max) throws Exception {
        NanoClock clock = workload.now::get;
        CellPlan cell = new CellPlan(
                "c1",
                workload,
                Params.resolve("scripted", List.of(), Map.of()),
                ExecutorStrategies.parse("sequential"),
                1,
                0);
        RunSettings settings = RunSettings.trials(0, 6)
                .withSeed(42)
                .withOrder("interleaved")
                .withAutoTrials(new AutoTrials(0.05, max));
        return new Engine(clock, TrialProbes.NONE)
                .run(new RunPlan(List.of(cell), settings, dataRoot), Fixtures.environment(), RunListener.NONE);
    }

    @Test
    void roundsAreAddedUntilTheMedianIsPreciseEnough() throws Exception {
        // six spread-out trials (the median's interval is the whole range), then steady 100 ms ones
        long[] durations = {
            60, 140, 80, 120, 90, 110, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100
        };
        RunResult r = run(new Scripted(new AtomicLong(), durations), 30);
        CellResult c = r.cells().get(0);
        int n = c.trials().size();
        assertTrue(n > 6 && n < 30, "more than the planned six, fewer than the ceiling: " + n);
        assertTrue(c.summary(Metric.MAKESPAN).ciRelative() <= 0.05, c.summary(Metric.MAKESPAN)::toString);
        assertTrue(c.notes().stream().noneMatch(s -> s.contains("--trials auto")), c.notes()::toString);
    }

    @Test
    void atTheCeilingTheCellSaysItDidNotGetThere() throws Exception {
        long[] alternating = new long[40];
        for (int i = 0; i < alternating.length; i++) {
            alternating[i] = i % 2 == 0 ? 50 : 150;
        }
        RunResult r = run(new Scripted(new AtomicLong(), alternating), 10);
        CellResult c = r.cells().get(0);
        assertEquals(10, c.trials().size(), "stopped at --max-trials");
        assertTrue(
                c.notes().stream()
                        .anyMatch(s -> s.startsWith("--trials auto: the 95% CI of the median is ±")
                                && s.endsWith(
                                        "after 10 trials (--max-trials 10), above the ±5.0% target (--precision)")),
                c.notes()::toString);
    }
}
