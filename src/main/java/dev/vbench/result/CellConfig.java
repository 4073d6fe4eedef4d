package dev.vbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vbench.spi.Durations;
import dev.vbench.spi.Redactor;
import java.time.Duration;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The full configuration of one cell: what {@code compare} matches cells on.
 *
 * @param workload workload name
 * @param params every workload parameter as text (defaults included), sorted by name
 * @param executor the executor strategy and how it was configured
 * @param tasks tasks per trial; 0 when a time window ends each trial ({@code durationNanos})
 * @param concurrency maximum tasks in flight; 0 = unlimited (everything submitted at once)
 * @param durationNanos length of each trial's time window ({@code --duration}); 0 (omitted) when
 *     a task count ends the trial
 * @param ratePerSecond open model ({@code --rate}): target tasks per second; 0 (omitted) for the
 *     closed model
 * @param timeoutNanos open model: deadline after each task's intended start ({@code --timeout});
 *     0 (omitted) when none
 * @param jvm the label of the JVM (and option set) the cell ran on when the run had JVMs as an axis
 *     ({@code --jvm}, {@code --jvm-args}); null (omitted) otherwise. Compare matches on it like any field.
 * @param batch calls of the operation per task ({@code --batch}) when more than one; 0 (omitted) = one.
 *     Latency percentiles are then per batch, throughput and per-operation times per call.
 * @param operationsPerCall operations one call stands for (JMH's {@code @OperationsPerInvocation}) when more
 *     than one; 0 (omitted) = one
 * @param build the label of the build of the user's code the cell ran ({@code --build}), or of the side of an
 *     A/A comparison ({@code vbench noise}); null (omitted) otherwise. Compare matches on it like any field.
 */
public record CellConfig(
        String workload,
        Map<String, String> params,
        ExecutorInfo executor,
        long tasks,
        int concurrency,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) long durationNanos,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) double ratePerSecond,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) long timeoutNanos,
        @JsonInclude(JsonInclude.Include.NON_NULL) String jvm,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) int batch,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) int operationsPerCall,
        @JsonInclude(JsonInclude.Include.NON_NULL) String build) {

    public CellConfig {
        params = Collections.unmodifiableMap(redacted(params));
        jvm = Redactor.redact(jvm);
        batch = batch <= 1 ? 0 : batch;
        operationsPerCall = operationsPerCall <= 1 ? 0 : operationsPerCall;
    }

    /** A cell of one call per task, on the run's own JVM and code, with this load shape. */
    public CellConfig(
            String workload,
            Map<String, String> params,
            ExecutorInfo executor,
            long tasks,
            int concurrency,
            long durationNanos,
            double ratePerSecond,
            long timeoutNanos) {
        this(
                workload,
                params,
                executor,
                tasks,
                concurrency,
                durationNanos,
                ratePerSecond,
                timeoutNanos,
                null,
                0,
                0,
                null);
    }

    /** This cell on the JVM labelled {@code label}. */
    public CellConfig withJvm(String label) {
        return new CellConfig(
                workload,
                params,
                executor,
                tasks,
                concurrency,
                durationNanos,
                ratePerSecond,
                timeoutNanos,
                label,
                batch,
                operationsPerCall,
                build);
    }

    /** This cell as the build (or A/A side) labelled {@code label}. */
    public CellConfig withBuild(String label) {
        return new CellConfig(
                workload,
                params,
                executor,
                tasks,
                concurrency,
                durationNanos,
                ratePerSecond,
                timeoutNanos,
                jvm,
                batch,
                operationsPerCall,
                label);
    }

    /** This cell with {@code calls} calls per task, each of {@code operations} operations. */
    public CellConfig withBatch(int calls, int operations) {
        return new CellConfig(
                workload,
                params,
                executor,
                tasks,
                concurrency,
                durationNanos,
                ratePerSecond,
                timeoutNanos,
                jvm,
                calls,
                operations,
                build);
    }

    /** Operations one task performs: calls per task × operations per call (1 when neither is set). */
    public long operationsPerTask() {
        return (long) Math.max(1, batch) * Math.max(1, operationsPerCall);
    }

    /**
     * A closed-model cell of {@code tasks} per trial, at most {@code concurrency} in flight (0: unlimited), one call
     * per task, on the run's own JVM and code; the {@code withX} methods set the rest.
     */
    public static CellConfig closed(
            String workload, Map<String, String> params, ExecutorInfo executor, long tasks, int concurrency) {
        return new CellConfig(workload, params, executor, tasks, concurrency, 0, 0, 0);
    }

    /** A closed-model cell whose trials end after a time window of {@code windowNanos} ({@code --duration}). */
    public static CellConfig timed(
            String workload, Map<String, String> params, ExecutorInfo executor, int concurrency, long windowNanos) {
        return new CellConfig(workload, params, executor, 0, concurrency, windowNanos, 0, 0);
    }

    /** An open-model cell ({@code --rate}): {@code tasks} per trial started at {@code ratePerSecond}, no deadline. */
    public static CellConfig open(
            String workload, Map<String, String> params, ExecutorInfo executor, long tasks, double ratePerSecond) {
        return new CellConfig(workload, params, executor, tasks, 0, 0, ratePerSecond, 0);
    }

    /** This cell with at most {@code n} tasks in flight (0: unlimited). */
    public CellConfig withConcurrency(int n) {
        return new CellConfig(
                workload,
                params,
                executor,
                tasks,
                n,
                durationNanos,
                ratePerSecond,
                timeoutNanos,
                jvm,
                batch,
                operationsPerCall,
                build);
    }

    /** This cell with trials that end after a time window of {@code nanos} ({@code --duration}). */
    public CellConfig withWindowNanos(long nanos) {
        return new CellConfig(
                workload,
                params,
                executor,
                tasks,
                concurrency,
                nanos,
                ratePerSecond,
                timeoutNanos,
                jvm,
                batch,
                operationsPerCall,
                build);
    }

    /** This cell with a deadline of {@code nanos} after each task's intended start ({@code --timeout}). */
    public CellConfig withTimeoutNanos(long nanos) {
        return new CellConfig(
                workload,
                params,
                executor,
                tasks,
                concurrency,
                durationNanos,
                ratePerSecond,
                nanos,
                jvm,
                batch,
                operationsPerCall,
                build);
    }

    /** Whether this cell ran the open model ({@code --rate}). */
    public boolean openModel() {
        return ratePerSecond > 0;
    }

    /** Human-readable label, e.g. {@code io duration=200ms | virtual | tasks=10000}. */
    public String label() {
        StringBuilder sb = new StringBuilder(workload);
        params.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        sb.append(" | ").append(executor.spec());
        if (jvm != null) {
            sb.append(" | ").append(jvm);
        }
        if (build != null) {
            sb.append(" | build ").append(build);
        }
        sb.append(" | ").append(loadText());
        return sb.toString();
    }

    /**
     * The load shape as text: {@code tasks=10000 concurrency=8}, {@code window=10s concurrency=8}
     * or {@code rate=1000/s tasks=5000 timeout=1s}.
     */
    public String loadText() {
        StringBuilder sb = new StringBuilder();
        if (openModel()) {
            sb.append(loadFieldText("ratePerSecond", ratePerSecond)).append(' ');
        }
        if (durationNanos > 0) {
            sb.append(loadFieldText("durationNanos", durationNanos));
            if (openModel()) {
                sb.append(" tasks=").append(tasks);
            }
        } else {
            sb.append("tasks=").append(tasks);
        }
        if (concurrency > 0) {
            sb.append(" concurrency=").append(concurrency);
        }
        if (timeoutNanos > 0) {
            sb.append(' ').append(loadFieldText("timeoutNanos", timeoutNanos));
        }
        return sb.toString();
    }

    /**
     * How one field of the load shape reads in labels, as the command line writes it: {@code durationNanos}
     * as {@code window=10s}, {@code ratePerSecond} as {@code rate=1000/s}, {@code timeoutNanos} as
     * {@code timeout=1s}; null for any other field.
     */
    public static String loadFieldText(String field, double value) {
        return switch (field) {
            case "durationNanos" -> "window=" + Durations.format(Duration.ofNanos((long) value));
            case "ratePerSecond" -> "rate=" + formatRate(value);
            case "timeoutNanos" -> "timeout=" + Durations.format(Duration.ofNanos((long) value));
            default -> null;
        };
    }

    /** A rate as the command line writes it: {@code 1000/s}, {@code 2.5/s}. */
    public static String formatRate(double perSecond) {
        if (perSecond == Math.rint(perSecond) && perSecond < 1e15) {
            return (long) perSecond + "/s";
        }
        String s = String.format(Locale.ROOT, "%.3f", perSecond).replaceAll("0+$", "");
        return (s.endsWith(".") ? s.substring(0, s.length() - 1) : s) + "/s";
    }

    /**
     * The parameters as a result keeps them, sorted, every secret masked ({@link dev.vbench.spi.Redactor}), also
     * when a result file read from elsewhere holds one in clear.
     */
    private static TreeMap<String, String> redacted(Map<String, String> params) {
        TreeMap<String, String> shown = new TreeMap<>();
        params.forEach((name, value) -> shown.put(name, Redactor.redact(name, value)));
        return shown;
    }
}
