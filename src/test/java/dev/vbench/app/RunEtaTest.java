package dev.vbench.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.loader.UserCode;
import dev.vbench.plan.MatrixRequest;
import dev.vbench.plan.Plan;
import dev.vbench.plan.PlanRequest;
import dev.vbench.plan.Planner;
import dev.vbench.plan.TrialOptions;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A run's estimate before it starts, and the ETA as its trials end. */
class RunEtaTest {

    /** 1 warmup + 6 measured trials of {@code workload} on {@code executors}. */
    static Plan plan(
            String workload,
            Map<String, List<String>> params,
            List<String> executors,
            long tasks,
            List<Long> concurrency) {
        return Planner.plan(
                new PlanRequest(
                        null,
                        null,
                        MatrixRequest.closed(workload, params, executors, List.of(tasks), concurrency),
                        TrialOptions.DEFAULTS.withWarmup(1).withTrials(6)),
                UserCode.builtIn());
    }

    @Test
    void overlappingSleepsAreEstimatedByTheRoundsOfTasksInFlight() {
        Plan p = plan(
                "io", Map.of("duration", List.of("10ms")), List.of("virtual", "fixed:threads=100"), 1000, List.of());
        // virtual: all 1,000 at once, 10 ms a trial; 100 threads: 10 rounds, 100 ms a trial; 7 trials each
        assertEquals(7 * (0.010 + 0.100), RunEta.of(p).totalNanos().getAsDouble() / 1e9, 1e-9);
        Plan sweep = plan("io", Map.of("duration", List.of("200ms")), List.of("virtual"), 200, List.of(1L, 4L));
        assertEquals(
                7 * (200 * 0.2 + 50 * 0.2),
                RunEta.of(sweep).totalNanos().getAsDouble() / 1e9,
                1e-9,
                "--concurrency bounds the tasks in flight");
    }

    @Test
    void withoutAStatedTimeTheEtaFollowsTheTrialsSoFar() {
        Plan p = plan("cpu", Map.of(), List.of("virtual", "fixed:threads=2"), 100, List.of());
        RunEta eta = RunEta.of(p);
        assertTrue(eta.totalNanos().isEmpty(), "no estimate before a trial");
        assertTrue(eta.remainingNanos().isEmpty());
        eta.trialFinished("c1", 2e9);
        assertEquals(13 * 2e9, eta.remainingNanos().getAsDouble(), 1, "13 trials left at 2 s each");
        eta.cellFinished("c1");
        assertEquals(7 * 2e9, eta.remainingNanos().getAsDouble(), 1);
    }

    @Test
    void theEstimateIsScaledByHowTheFinishedTrialsCompared() {
        Plan p = plan("io", Map.of("duration", List.of("10ms")), List.of("virtual"), 1000, List.of());
        RunEta eta = RunEta.of(p);
        eta.trialFinished("c1", 0.030e9); // three times the estimated 10 ms
        assertEquals(6 * 0.030e9, eta.remainingNanos().getAsDouble(), 1);
    }

    @Test
    void theBarShowsTheRunsEtaNotAQuestionMark() {
        Plan p = plan(
                "io", Map.of("duration", List.of("10ms")), List.of("virtual", "fixed:threads=100"), 1000, List.of());
        StringWriter text = new StringWriter();
        TerminalProgress progress = new TerminalProgress(new PrintWriter(text, true), 7, RunEta.of(p));
        progress.cellStarted(p.cells().get(0), 0, 2);
        progress.trialFinished(p.cells().get(0), true, 0, 1, 10_000_000);
        progress.close();
        String out = text.toString();
        assertTrue(out.matches("(?s).*1/7 \\(\\d+:\\d\\d:\\d\\d / \\d+:\\d\\d:\\d\\d\\).*"), "elapsed / ETA: " + out);
        assertFalse(out.contains("/ ?)"), out);
    }
}
