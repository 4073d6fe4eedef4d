package dev.vbench.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vbench.config.Defaults;
import dev.vbench.config.Limits;
import dev.vbench.engine.CellPlan;
import dev.vbench.engine.LoadShape;
import dev.vbench.engine.RunPlan;
import dev.vbench.engine.TrialOrder;
import dev.vbench.loader.UserCode;
import dev.vbench.result.RunSettings;
import dev.vbench.suite.Scale;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The planner on its own: a matrix → cells (order, ids, load shapes, defaults) and every check with its message. */
class PlannerTest {

    private static MatrixRequest closed(
            String workload,
            Map<String, List<String>> params,
            List<String> executors,
            List<Long> tasks,
            List<Long> concurrency) {
        return MatrixRequest.closed(workload, params, executors, tasks, concurrency);
    }

    private static RunPlan plan(MatrixRequest matrix, TrialOptions options) {
        Plan plan = Planner.plan(new PlanRequest(null, null, matrix, options), UserCode.builtIn());
        assertEquals(1, plan.parts().size());
        return plan.parts().get(0).run();
    }

    private static RunPlan plan(MatrixRequest matrix) {
        return plan(matrix, TrialOptions.DEFAULTS);
    }

    private static String message(Runnable planning) {
        return assertThrows(PlanException.class, planning::run).getMessage();
    }

    @Test
    void aMatrixExpandsParametersThenTasksThenConcurrencyWithTheExecutorsInnermost() {
        RunPlan run = plan(closed(
                "io",
                Map.of("duration", List.of("1ms", "2ms")),
                List.of("virtual", "fixed:threads=2"),
                List.of(100L, 200L),
                List.of()));
        assertEquals(
                List.of(
                        "c1 io duration=1ms | virtual | tasks=100", "c2 io duration=1ms | fixed:threads=2 | tasks=100",
                        "c3 io duration=1ms | virtual | tasks=200", "c4 io duration=1ms | fixed:threads=2 | tasks=200",
                        "c5 io duration=2ms | virtual | tasks=100", "c6 io duration=2ms | fixed:threads=2 | tasks=100",
                        "c7 io duration=2ms | virtual | tasks=200", "c8 io duration=2ms | fixed:threads=2 | tasks=200"),
                run.cells().stream().map(c -> c.id() + " " + c.config().label()).toList());
    }

    @Test
    void whatIsNotGivenTakesTheDefaults() {
        RunPlan run = plan(closed("noop", Map.of(), List.of(), List.of(), List.of()));
        CellPlan cell = run.cells().get(0);
        assertEquals(1, run.cells().size());
        assertEquals("virtual", cell.executor().spec(), "no -e: virtual");
        assertEquals(Defaults.TASKS, cell.load().tasks(), "no --tasks and no workload default");
        assertEquals(0, cell.load().concurrency(), "unlimited");
        RunSettings s = run.settings();
        assertEquals(Defaults.TRIALS, s.measuredTrials());
        assertEquals(Defaults.WARMUP, s.warmupTrials());
        assertEquals(0, s.forks());
        assertEquals(42, s.seed());
        assertEquals("interleaved", s.order(), "the interleaved default is recorded");
        assertEquals(
                200,
                plan(closed("cpu", Map.of(), List.of(), List.of(), List.of()))
                        .cells()
                        .get(0)
                        .load()
                        .tasks(),
                "the workload's own default");
    }

    @Test
    void theOptionsOverrideTheDefaultsAndAnOrderIsRecorded() {
        RunSettings s = plan(
                        closed("noop", Map.of(), List.of(), List.of(), List.of()),
                        TrialOptions.DEFAULTS
                                .withWarmup(0)
                                .withTrials(3)
                                .withForks(3)
                                .withSeed(7)
                                .withOrder(TrialOrder.INTERLEAVED))
                .settings();
        assertEquals(
                List.of(0, 3, 3, 7L, "interleaved"),
                List.of(s.warmupTrials(), s.measuredTrials(), s.forks(), s.seed(), s.order()));
    }

    @Test
    void loadOptionsGiveTheLoadShapes() {
        LoadShape timed = plan(MatrixRequest.closed("noop", Map.of(), List.of(), List.of(), List.of(8L))
                        .withDuration(Duration.ofMillis(200)))
                .cells()
                .get(0)
                .load();
        assertEquals(new LoadShape.Timed(200_000_000L, 8), timed);
        LoadShape counted = plan(MatrixRequest.closed("noop", Map.of(), List.of(), List.of(500L), List.of())
                        .withRates(List.of(1000.0))
                        .withTimeout(Duration.ofSeconds(1)))
                .cells()
                .get(0)
                .load();
        assertEquals(LoadShape.OpenRate.forTasks(1000, 500, 0, 1_000_000_000L), counted);
        LoadShape window = plan(MatrixRequest.closed("noop", Map.of(), List.of(), List.of(), List.of())
                        .withDuration(Duration.ofSeconds(2))
                        .withRates(List.of(250.0)))
                .cells()
                .get(0)
                .load();
        assertInstanceOf(LoadShape.OpenRate.class, window);
        assertEquals(500, window.tasks(), "rate × window");
        assertEquals(
                List.of("tasks=100 concurrency=4", "tasks=100 concurrency=16"),
                plan(closed("noop", Map.of(), List.of(), List.of(100L), List.of(4L, 16L))).cells().stream()
                        .map(c -> c.config().loadText())
                        .toList());
    }

    @Test
    void eachLoadCheckNamesTheOptionAndTheFix() {
        assertEquals(
                "--tasks 0 is out of range; use 1 or more",
                message(() -> plan(closed("noop", Map.of(), List.of(), List.of(0L), List.of()))));
        assertEquals(
                "--tasks " + (Limits.MAX_TASKS + 1) + " is more than one trial can record (" + Limits.MAX_TASKS
                        + "); use fewer tasks and more --trials",
                message(() -> plan(closed("noop", Map.of(), List.of(), List.of(Limits.MAX_TASKS + 1), List.of()))));
        assertEquals(
                "--concurrency 0 is out of range; use 1 to 10000000",
                message(() -> plan(closed("noop", Map.of(), List.of(), List.of(), List.of(0L)))));
        assertEquals(
                "--duration needs closed-loop clients or a rate: add --concurrency C (e.g. --concurrency 64) or"
                        + " --rate R/s (e.g. --rate 1000/s)",
                message(() -> plan(MatrixRequest.closed("noop", Map.of(), List.of(), List.of(), List.of())
                        .withDuration(Duration.ofSeconds(1)))));
        assertEquals(
                "--duration and --tasks both set the length of a trial; give one of them (--duration runs for a time,"
                        + " --tasks runs a count)",
                message(() -> plan(MatrixRequest.closed("noop", Map.of(), List.of(), List.of(10L), List.of(2L))
                        .withDuration(Duration.ofSeconds(1)))));
        assertEquals(
                "--timeout counts from each task's intended start, which only --rate has; add --rate R/s"
                        + " (e.g. --rate 1000/s) or drop --timeout",
                message(() -> plan(MatrixRequest.closed("noop", Map.of(), List.of(), List.of(), List.of())
                        .withTimeout(Duration.ofSeconds(1)))));
        assertEquals(
                "--rate 0/s must be more than 0; write e.g. --rate 1000/s",
                message(() -> plan(MatrixRequest.closed("noop", Map.of(), List.of(), List.of(), List.of())
                        .withRates(List.of(0.0)))));
        assertEquals(
                "--rate 10000000/s for --duration gives 100000000 tasks, more than one trial can record ("
                        + Limits.MAX_TASKS + "); use a shorter --duration or a lower --rate",
                message(() -> plan(MatrixRequest.closed("noop", Map.of(), List.of(), List.of(), List.of())
                        .withDuration(Duration.ofSeconds(10))
                        .withRates(List.of(1e7)))));
    }

    @Test
    void trialCountsAreChecked() {
        MatrixRequest noop = closed("noop", Map.of(), List.of(), List.of(), List.of());
        assertEquals(
                "--trials 0 must be at least 1 (6 or more for a confidence interval)",
                message(() -> plan(noop, TrialOptions.DEFAULTS.withTrials(0))));
        assertEquals("--warmup -1 must be 0 or more", message(() -> plan(noop, TrialOptions.DEFAULTS.withWarmup(-1))));
        assertEquals(
                "--forks 7 must be 0 (trials in this JVM) up to --trials 6 (each fork runs at least one trial)",
                message(() -> plan(noop, TrialOptions.DEFAULTS.withForks(7))));
        assertEquals(
                "--batch 0 is out of range; use 1 (one call per task) to 1000000000, e.g. --batch 100",
                message(() -> plan(noop, TrialOptions.DEFAULTS.withBatch(0))));
        assertEquals(
                "--scale applies to suite files only; give a suite such as workloads/seed-004-virtual-vs-platform.yaml",
                message(() -> Planner.plan(
                        new PlanRequest(null, Scale.QUICK, noop, TrialOptions.DEFAULTS), UserCode.builtIn())));
    }

    @Test
    void namesThatDoNotResolveAreOneLineErrors() {
        assertEquals(
                "no workload given; add -w NAME (see 'vbench list' for the names)",
                message(() -> plan(closed(null, Map.of(), List.of(), List.of(), List.of()))));
        message(() -> plan(closed("nope", Map.of(), List.of(), List.of(), List.of())));
        message(() -> plan(closed("noop", Map.of(), List.of("nope"), List.of(), List.of())));
        message(() -> plan(closed("io", Map.of("nope", List.of("1")), List.of(), List.of(), List.of())));
    }

    @Test
    void paramOptionsBecomeOrderedSweeps() {
        assertEquals(
                Map.of("duration", List.of("1ms", "5ms"), "files", List.of("10")),
                Planner.sweeps(List.of("duration=1ms, 5ms", "files=10")));
        assertEquals(
                List.of("b", "a"),
                List.copyOf(Planner.sweeps(List.of("b=1", "a=2")).keySet()),
                "order as given");
        assertEquals(
                "-p 'duration' is not name=value; write e.g. -p duration=20ms or -p files=10,50,100",
                message(() -> Planner.sweeps(List.of("duration"))));
        assertEquals(
                "-p a is given twice; put all values in one list: -p a=a,b",
                message(() -> Planner.sweeps(List.of("a=1", "a=2"))));
    }

    @Test
    void aForkRebuildsTheSameCellFromItsFacts() {
        CellPlan planned = plan(closed(
                        "io",
                        Map.of("duration", List.of("3ms")),
                        List.of("fixed:threads=2"),
                        List.of(50L),
                        List.of(4L)))
                .cells()
                .get(0);
        CellPlan rebuilt = Planner.cell(
                UserCode.builtIn(),
                planned.id(),
                "io",
                planned.params().unredactedText(),
                planned.executor().spec(),
                planned.load());
        assertEquals(planned.config(), rebuilt.config());
        assertEquals(planned.id(), rebuilt.id());
    }

    @Test
    void calibrateLoadsAreCheckedAsARunsAre() {
        assertEquals(new LoadShape.Closed(1000, 0), Planner.closed(1000, 0), "0: unlimited");
        assertEquals(
                "--concurrency 20000000 is out of range; use 1 to 10000000",
                message(() -> Planner.closed(1000, 20_000_000)));
        assertEquals("--tasks 0 is out of range; use 1 or more", message(() -> Planner.closed(0, 0)));
    }

    @Test
    void theTrialOrderIsInterleavedUnlessGivenAndAlwaysRecorded() {
        RunSettings settings = RunSettings.trials(1, 6).withSeed(42);
        List<CellPlan> cells =
                plan(closed("noop", Map.of(), List.of(), List.of(), List.of())).cells();
        assertEquals("interleaved", Planner.ordered(settings, null, cells).order());
        assertEquals(
                "grouped", Planner.ordered(settings, TrialOrder.GROUPED, cells).order());
    }
}
