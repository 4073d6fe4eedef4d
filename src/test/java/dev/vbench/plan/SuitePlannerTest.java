package dev.vbench.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vbench.loader.UserCode;
import dev.vbench.result.RunSettings;
import dev.vbench.suite.Scale;
import dev.vbench.suite.SuiteException;
import dev.vbench.suite.SuiteLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A suite file planned on its own: one part per experiment, the quick overrides, the trial-count fallbacks. */
class SuitePlannerTest {

    private static final String SUITE = """
            suite: unit
            title: "Unit"
            warmup: 2
            trials: 7
            experiments:
              - name: sleeps
                title: "Sleeps"
                workload: io
                params: {duration: [1ms, 2ms]}
                executors: [sequential, virtual]
                tasks: 100
                quick: {params: {duration: [1ms]}, tasks: 10, trials: 3}
                tables:
                  - {layout: executors, metric: makespan}
              - name: spin
                title: "Spin"
                workload: cpu
                params: {iterations: 100}
                executors: [virtual]
                trials: 9
                tables:
                  - {layout: executors, metric: makespan}
            """;

    @TempDir
    Path dir;

    private Plan plan(String yaml, Scale scale, TrialOptions options) throws Exception {
        Path file = Files.writeString(dir.resolve("unit.yaml"), yaml);
        return SuitePlanner.plan(SuiteLoader.load(file), file.toString(), scale, options, UserCode.builtIn());
    }

    @Test
    void eachExperimentIsAPartWithItsCellsAndItsOwnTrialCounts() throws Exception {
        Plan plan = plan(SUITE, Scale.FULL, TrialOptions.DEFAULTS);
        assertEquals(
                List.of("sleeps", "spin"),
                plan.parts().stream().map(Plan.Part::name).toList());
        assertEquals(
                List.of(
                        "sleeps/c1 io duration=1ms | sequential | tasks=100",
                        "sleeps/c2 io duration=1ms | virtual | tasks=100",
                        "sleeps/c3 io duration=2ms | sequential | tasks=100",
                        "sleeps/c4 io duration=2ms | virtual | tasks=100"),
                plan.parts().get(0).run().cells().stream()
                        .map(c -> c.id() + " " + c.config().label())
                        .toList());
        RunSettings sleeps = plan.parts().get(0).run().settings();
        assertEquals(
                Map.of("warmup", 2, "trials", 7),
                Map.of("warmup", sleeps.warmupTrials(), "trials", sleeps.measuredTrials()),
                "the suite's counts");
        assertEquals(9, plan.parts().get(1).run().settings().measuredTrials(), "the experiment's own count first");
        assertEquals(200, plan.parts().get(1).run().cells().get(0).load().tasks(), "the workload's default tasks");
    }

    @Test
    void quickUsesTheOverridesAndTheOptionsBeatEveryFileValue() throws Exception {
        Plan quick = plan(SUITE, Scale.QUICK, TrialOptions.DEFAULTS);
        assertEquals(
                List.of(
                        "sleeps/c1 io duration=1ms | sequential | tasks=10",
                        "sleeps/c2 io duration=1ms | virtual | tasks=10"),
                quick.parts().get(0).run().cells().stream()
                        .map(c -> c.id() + " " + c.config().label())
                        .toList());
        assertEquals(3, quick.parts().get(0).run().settings().measuredTrials());
        Plan given =
                plan(SUITE, Scale.QUICK, TrialOptions.DEFAULTS.withWarmup(0).withTrials(4));
        assertEquals(
                List.of(4, 4),
                given.parts().stream()
                        .map(p -> p.run().settings().measuredTrials())
                        .toList());
        assertEquals(
                List.of(0, 0),
                given.parts().stream()
                        .map(p -> p.run().settings().warmupTrials())
                        .toList());
    }

    @Test
    void aPlanningErrorNamesTheFileLineAndExperiment() throws Exception {
        SuiteException e = assertThrows(
                SuiteException.class,
                () -> plan(SUITE.replace("tasks: 100", "tasks: 0"), Scale.FULL, TrialOptions.DEFAULTS));
        assertEquals(
                dir.resolve("unit.yaml") + ":6: experiment 'sleeps': tasks '0' is out of range; use 1 or more",
                e.getMessage());
    }
}
