package dev.vbench.result;

import java.util.List;

/**
 * One measured trial: a complete execution of a cell on a fresh executor.
 *
 * @param index 0-based index among the measured trials
 * @param fork fork number that ran it (0 when run in the vbench JVM)
 * @param tasks tasks submitted
 * @param completed tasks that returned normally
 * @param failures tasks that threw
 * @param failureSamples up to {@link #MAX_FAILURE_SAMPLES} exception descriptions
 * @param makespanNanos first submit to last completion
 * @param throughputPerSecond completed tasks per second of makespan
 * @param latency end-to-end latency (submit → end) percentiles, from {@code histograms.endToEnd}
 * @param histograms encoded HdrHistograms of the three latency components
 * @param telemetry CPU, GC and JVM counters sampled around the trial
 */
public record TrialResult(
        int index,
        int fork,
        long tasks,
        long completed,
        long failures,
        List<String> failureSamples,
        long makespanNanos,
        double throughputPerSecond,
        LatencySummary latency,
        TrialHistograms histograms,
        Telemetry telemetry) {

    public static final int MAX_FAILURE_SAMPLES = 5;

    public TrialResult {
        failureSamples = List.copyOf(failureSamples);
    }

    public TrialResult withIndex(int newIndex, int newFork) {
        return new TrialResult(newIndex, newFork, tasks, completed, failures, failureSamples, makespanNanos,
                throughputPerSecond, latency, histograms, telemetry);
    }

    /** A copy with other telemetry (probes add what they recorded around the trial). */
    public TrialResult withTelemetry(Telemetry newTelemetry) {
        return new TrialResult(index, fork, tasks, completed, failures, failureSamples, makespanNanos,
                throughputPerSecond, latency, histograms, newTelemetry);
    }
}
