package dev.vbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * One measured trial: a complete execution of a cell on a fresh executor.
 *
 * @param index 0-based index among the measured trials
 * @param fork fork number that ran it (0 when run in the vbench JVM)
 * @param tasks tasks offered: submitted, plus those dropped in an open-model trial
 *     (= completed + failures + dropped)
 * @param completed tasks that returned normally
 * @param failures tasks that threw
 * @param failureSamples up to {@link #MAX_FAILURE_SAMPLES} distinct causes of failed tasks (exception class and
 *     message, secrets redacted), first seen first; results written before {@code failureCounts} hold the first
 *     failures' descriptions, repeats included
 * @param makespanNanos first submit to last completion
 * @param throughputPerSecond completed tasks per second of makespan
 * @param latency the latency the metrics use: end-to-end from {@code histograms.endToEnd} (submit → end);
 *     in an open-model ({@code --rate}) trial the coordinated-omission corrected latency from
 *     {@code histograms.intendedEndToEnd} (intended start → end)
 * @param histograms encoded HdrHistograms of the latency components
 * @param telemetry CPU, GC and JVM counters sampled around the trial
 * @param dropped tasks that never ran: in an open-model trial with {@code --timeout}, tasks not
 *     started within the timeout of their intended start (omitted from JSON when 0)
 * @param timedOut tasks that ran but ended later than the timeout after their intended start; they
 *     are in the histograms (omitted when 0)
 * @param achievedRatePerSecond open model: tasks actually submitted per second, to compare with
 *     the target rate of the cell (omitted, 0, for closed trials)
 * @param uncorrectedLatency open model: latency from the actual submit (the figure a load
 *     generator without coordinated-omission correction would report, wrk2 {@code -U}); null
 *     (omitted) for closed trials, where {@code latency} is already measured from the submit
 * @param startTime when the trial started, UTC with microseconds ({@code 2026-11-22T19:40:01.123456Z}),
 *     taken just before the trial outside its timed region; shows the order in which trials of
 *     interleaved cells ran ({@code --order}); null (omitted) in results written before it was recorded
 * @param latencySampledOneIn 0 (omitted) when every task is in the latency histograms; N when the
 *     trial timed about one task in N (its tasks were shorter than 2 µs, see docs/performance.md,
 *     "Harness overhead"): the histograms, {@code latency} and {@code uncorrectedLatency} are from
 *     that sample, while counts, makespan and throughput cover every task
 * @param failureCounts how many tasks failed with each of {@code failureSamples}, in its order; empty (omitted)
 *     without failures and in results written before it was recorded
 * @param counters what the workload counted beside its operation during the trial (JMH's {@code @AuxCounters});
 *     empty (omitted) when it counts nothing
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
        Telemetry telemetry,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) long dropped,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) long timedOut,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) double achievedRatePerSecond,
        @JsonInclude(JsonInclude.Include.NON_NULL) LatencySummary uncorrectedLatency,
        @JsonInclude(JsonInclude.Include.NON_NULL) String startTime,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) int latencySampledOneIn,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Long> failureCounts,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<TrialCounter> counters) {

    public static final int MAX_FAILURE_SAMPLES = 5;

    /** A closed-model trial: nothing dropped or timed out, no rate. */
    public TrialResult(
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
        this(
                index,
                fork,
                tasks,
                completed,
                failures,
                failureSamples,
                makespanNanos,
                throughputPerSecond,
                latency,
                histograms,
                telemetry,
                0,
                0,
                0,
                null);
    }

    /** A trial without a recorded start time (the engine adds it: {@link #withStartTime}). */
    public TrialResult(
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
            Telemetry telemetry,
            long dropped,
            long timedOut,
            double achievedRatePerSecond,
            LatencySummary uncorrectedLatency) {
        this(
                index,
                fork,
                tasks,
                completed,
                failures,
                failureSamples,
                makespanNanos,
                throughputPerSecond,
                latency,
                histograms,
                telemetry,
                dropped,
                timedOut,
                achievedRatePerSecond,
                uncorrectedLatency,
                null,
                0);
    }

    /** A trial without a recorded start time whose latencies were sampled one task in {@code latencySampledOneIn} (0: none). */
    public TrialResult(
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
            Telemetry telemetry,
            long dropped,
            long timedOut,
            double achievedRatePerSecond,
            LatencySummary uncorrectedLatency,
            int latencySampledOneIn) {
        this(
                index,
                fork,
                tasks,
                completed,
                failures,
                failureSamples,
                makespanNanos,
                throughputPerSecond,
                latency,
                histograms,
                telemetry,
                dropped,
                timedOut,
                achievedRatePerSecond,
                uncorrectedLatency,
                null,
                latencySampledOneIn);
    }

    /** A trial whose failures were not counted per cause and without counters. */
    public TrialResult(
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
            Telemetry telemetry,
            long dropped,
            long timedOut,
            double achievedRatePerSecond,
            LatencySummary uncorrectedLatency,
            String startTime,
            int latencySampledOneIn) {
        this(
                index,
                fork,
                tasks,
                completed,
                failures,
                failureSamples,
                makespanNanos,
                throughputPerSecond,
                latency,
                histograms,
                telemetry,
                dropped,
                timedOut,
                achievedRatePerSecond,
                uncorrectedLatency,
                startTime,
                latencySampledOneIn,
                List.of(),
                List.of());
    }

    public TrialResult {
        failureSamples = List.copyOf(failureSamples);
        failureCounts = failureCounts == null ? List.of() : List.copyOf(failureCounts);
        counters = counters == null ? List.of() : List.copyOf(counters);
    }

    /**
     * Trial {@code index}, run in the vbench JVM (fork 0), in which all {@code tasks} completed within
     * {@code makespanNanos}: no failures, closed model; latency, histograms and telemetry null. The start of a
     * trial built by name; the {@code withX} methods set the rest.
     */
    public static TrialResult of(int index, long tasks, long makespanNanos, double throughputPerSecond) {
        return new TrialResult(
                index,
                0,
                tasks,
                tasks,
                0,
                List.of(),
                makespanNanos,
                throughputPerSecond,
                null,
                null,
                null,
                0,
                0,
                0,
                null,
                null,
                0,
                List.of(),
                List.of());
    }

    /** A copy in which {@code n} of the tasks completed. */
    public TrialResult withCompleted(long n) {
        return new TrialResult(
                index,
                fork,
                tasks,
                n,
                failures,
                failureSamples,
                makespanNanos,
                throughputPerSecond,
                latency,
                histograms,
                telemetry,
                dropped,
                timedOut,
                achievedRatePerSecond,
                uncorrectedLatency,
                startTime,
                latencySampledOneIn,
                failureCounts,
                counters);
    }

    /** A copy in which {@code n} tasks failed, with these causes. */
    public TrialResult withFailures(long n, List<String> samples) {
        return new TrialResult(
                index,
                fork,
                tasks,
                completed,
                n,
                samples,
                makespanNanos,
                throughputPerSecond,
                latency,
                histograms,
                telemetry,
                dropped,
                timedOut,
                achievedRatePerSecond,
                uncorrectedLatency,
                startTime,
                latencySampledOneIn,
                failureCounts,
                counters);
    }

    /** A copy with this latency and these histograms. */
    public TrialResult withLatency(LatencySummary newLatency, TrialHistograms newHistograms) {
        return new TrialResult(
                index,
                fork,
                tasks,
                completed,
                failures,
                failureSamples,
                makespanNanos,
                throughputPerSecond,
                newLatency,
                newHistograms,
                telemetry,
                dropped,
                timedOut,
                achievedRatePerSecond,
                uncorrectedLatency,
                startTime,
                latencySampledOneIn,
                failureCounts,
                counters);
    }

    /** A copy of an open-model trial: what it dropped, timed out and achieved, and its uncorrected latency. */
    public TrialResult withOpenModel(long newDropped, long newTimedOut, double achieved, LatencySummary uncorrected) {
        return new TrialResult(
                index,
                fork,
                tasks,
                completed,
                failures,
                failureSamples,
                makespanNanos,
                throughputPerSecond,
                latency,
                histograms,
                telemetry,
                newDropped,
                newTimedOut,
                achieved,
                uncorrected,
                startTime,
                latencySampledOneIn,
                failureCounts,
                counters);
    }

    /** A copy whose latencies were sampled one task in {@code n} (0: every task). */
    public TrialResult withLatencySampledOneIn(int n) {
        return new TrialResult(
                index,
                fork,
                tasks,
                completed,
                failures,
                failureSamples,
                makespanNanos,
                throughputPerSecond,
                latency,
                histograms,
                telemetry,
                dropped,
                timedOut,
                achievedRatePerSecond,
                uncorrectedLatency,
                startTime,
                n,
                failureCounts,
                counters);
    }

    /** A copy with what the workload counted during the trial. */
    public TrialResult withCounters(List<TrialCounter> newCounters) {
        return new TrialResult(
                index,
                fork,
                tasks,
                completed,
                failures,
                failureSamples,
                makespanNanos,
                throughputPerSecond,
                latency,
                histograms,
                telemetry,
                dropped,
                timedOut,
                achievedRatePerSecond,
                uncorrectedLatency,
                startTime,
                latencySampledOneIn,
                failureCounts,
                newCounters);
    }

    /** A copy whose failures are counted per cause: {@code counts} in the order of {@link #failureSamples}. */
    public TrialResult withFailureCounts(List<Long> counts) {
        return new TrialResult(
                index,
                fork,
                tasks,
                completed,
                failures,
                failureSamples,
                makespanNanos,
                throughputPerSecond,
                latency,
                histograms,
                telemetry,
                dropped,
                timedOut,
                achievedRatePerSecond,
                uncorrectedLatency,
                startTime,
                latencySampledOneIn,
                counts,
                counters);
    }

    /** The format of {@link #startTime}: ISO-8601 UTC with exactly six fraction digits, so text order is time order. */
    public static final DateTimeFormatter START_TIME_FORMAT = DateTimeFormatter.ofPattern(
                    "yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    /** A copy that records when it started. */
    public TrialResult withStartTime(Instant start) {
        return new TrialResult(
                index,
                fork,
                tasks,
                completed,
                failures,
                failureSamples,
                makespanNanos,
                throughputPerSecond,
                latency,
                histograms,
                telemetry,
                dropped,
                timedOut,
                achievedRatePerSecond,
                uncorrectedLatency,
                START_TIME_FORMAT.format(start),
                latencySampledOneIn,
                failureCounts,
                counters);
    }

    /** Tasks that were dropped or timed out: load the strategy shed (docs/statistics.md rule 10). */
    public long shed() {
        return dropped + timedOut;
    }

    public TrialResult withIndex(int newIndex, int newFork) {
        return new TrialResult(
                newIndex,
                newFork,
                tasks,
                completed,
                failures,
                failureSamples,
                makespanNanos,
                throughputPerSecond,
                latency,
                histograms,
                telemetry,
                dropped,
                timedOut,
                achievedRatePerSecond,
                uncorrectedLatency,
                startTime,
                latencySampledOneIn,
                failureCounts,
                counters);
    }

    /** A copy with other telemetry (probes add what they recorded around the trial). */
    public TrialResult withTelemetry(Telemetry newTelemetry) {
        return new TrialResult(
                index,
                fork,
                tasks,
                completed,
                failures,
                failureSamples,
                makespanNanos,
                throughputPerSecond,
                latency,
                histograms,
                newTelemetry,
                dropped,
                timedOut,
                achievedRatePerSecond,
                uncorrectedLatency,
                startTime,
                latencySampledOneIn,
                failureCounts,
                counters);
    }
}
