package dev.vbench.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.loader.UserCode;
import dev.vbench.plan.Planner;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.Metric;
import dev.vbench.result.RunResult;
import dev.vbench.result.TableDefaults;
import dev.vbench.testing.SystemOutput;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link RunUseCase} driven in-process through its request, as JMH's tests drive {@code Runner} through
 * {@code OptionsBuilder}: the values of the outcome, not the wording (the CLI tests keep that).
 */
class RunUseCaseTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private RunOutcome run(RunRequest request) throws Exception {
        return SystemOutput.locked(
                () -> RunUseCase.run(request, new PrintWriter(out, true), new PrintWriter(err, true)));
    }

    private static RunRequest noop(RunRequest.Matrix matrix, int trials) {
        return RunRequest.of(matrix)
                .withTrials(RunRequest.Trials.DEFAULTS.withWarmup(0).withMeasured(trials))
                .withProbes(RunRequest.Probes.DEFAULTS.withPinning(false));
    }

    @Test
    void aMatrixRunsEveryCellForItsTrials() throws Exception {
        RunRequest.Matrix matrix = RunRequest.Matrix.of("noop", List.of("virtual", "fixed:threads=2"))
                .withTasks(List.of(1000L));
        RunOutcome o = run(noop(matrix, 2));
        assertEquals(ExitCodes.OK, o.exitCode(), this::toString);
        RunResult result = o.result();
        assertEquals(
                List.of("virtual", "fixed:threads=2"),
                result.cells().stream().map(c -> c.config().executor().spec()).toList());
        for (CellResult c : result.cells()) {
            assertEquals(CellStatus.OK, c.status());
            assertEquals(2, c.trials().size());
            assertEquals(1000, c.config().tasks());
            assertTrue(c.trials().stream().allMatch(t -> t.completed() == 1000), c::toString);
        }
        assertEquals(Metric.MAKESPAN, TableDefaults.metric(result));
        assertTrue(out.toString().contains("— makespan (ms)"), out::toString);
    }

    @Test
    void aTimedRunRecordsItsWindowAndItsTablesShowThroughput() throws Exception {
        RunRequest.Matrix matrix = RunRequest.Matrix.of("noop", List.of("virtual", "fixed:threads=2"))
                .withConcurrency(List.of(2L))
                .withDuration(Duration.ofMillis(100));
        RunOutcome o = run(noop(matrix, 1));
        assertEquals(ExitCodes.OK, o.exitCode(), this::toString);
        for (CellResult c : o.result().cells()) {
            assertEquals(100_000_000L, c.config().durationNanos());
            assertEquals(100_000_000L, c.trials().get(0).makespanNanos(), "a timed trial's makespan is its window");
        }
        assertEquals(Metric.THROUGHPUT, TableDefaults.metric(o.result()));
        assertTrue(out.toString().contains("— throughput (tasks/s)"), out::toString);
    }

    @Test
    void aDryRunPlansAndRunsNothing() throws Exception {
        RunRequest request = RunRequest.of(RunRequest.Matrix.of("noop", List.of("virtual", "fixed:threads=2")));
        RunOutcome o = run(request.withShard("2/2").withDryRun(true).withCommandLine("vbench run --dry-run"));
        assertNull(o.result());
        assertEquals(ExitCodes.OK, o.exitCode());
        assertTrue(out.toString().startsWith("plan "), out::toString);
        assertTrue(out.toString().contains("shard 2/2 (--shard 2/2)"), out::toString);
    }

    @Test
    void aCellWhoseSlotsExceedTheHeapIsRefusedBeforeAnythingRuns() {
        RunRequest.Matrix matrix =
                RunRequest.Matrix.of("noop", List.of("virtual")).withTasks(List.of(1_000_000L));
        var plan = Planner.plan(RunUseCase.planRequest(RunRequest.of(matrix)), UserCode.builtIn());
        EnvironmentException e = assertThrows(EnvironmentException.class, () -> RunUseCase.checkHeap(plan, 1L << 20));
        assertTrue(
                e.getMessage().contains("preallocates") && e.getMessage().contains("1 MiB max heap"), e.getMessage());
        RunUseCase.checkHeap(plan, 1L << 30); // fits
    }

    @Test
    void requestsTheChecksRefuseAreUsageErrors() {
        RunRequest sweepless = RunRequest.of(RunRequest.Matrix.of("noop", List.of("virtual")))
                .withOutputs(RunRequest.Outputs.DEFAULTS.withSlo("p99<20ms"));
        assertTrue(assertThrows(UsageException.class, () -> run(sweepless))
                .getMessage()
                .contains("--concurrency 1,4,16,64"));
        RunRequest badOrder = RunRequest.of(RunRequest.Matrix.of("noop", List.of("virtual")))
                .withTrials(
                        RunRequest.Trials.DEFAULTS.withWarmup(0).withMeasured(1).withOrder("sideways"));
        assertTrue(assertThrows(UsageException.class, () -> RunUseCase.planRequest(badOrder))
                .getMessage()
                .contains("--order sideways"));
    }

    @Override
    public String toString() {
        return "--- stdout\n" + out + "--- stderr\n" + err;
    }
}
