package dev.vbench.plan;

import dev.vbench.jvm.JvmOptionSet;
import dev.vbench.jvm.JvmSpec;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One matrix as a user asks for it, before anything is validated: the {@code -w/-e/-p/--tasks/
 * --concurrency/--duration/--rate/--timeout} options of {@code vbench run}, or one experiment of a
 * suite file. {@link Planner} turns it into cells. Empty lists and nulls mean "not given".
 *
 * @param workload workload name; null when not given
 * @param params parameter name → values, in the order given (a list sweeps)
 * @param executors executor specs {@code NAME[:key=value,…]}; empty = {@code virtual}
 * @param tasks tasks per trial (a list sweeps); empty = the workload's default
 * @param concurrency maximum tasks in flight (a list sweeps); empty = unlimited
 * @param duration each trial's time window; null when a task count ends a trial
 * @param rates open-model target rates in tasks per second (a list sweeps); empty = closed model
 * @param timeout open model: deadline after each task's intended start; null = none
 * @param jvms the JVMs every cell runs on ({@code --jvm}), as columns; empty = this JVM, no JVM axis
 * @param jvmOptions JVM option sets ({@code --jvm-args}), crossed with {@code jvms}; empty = none
 */
public record MatrixRequest(
        String workload,
        Map<String, List<String>> params,
        List<String> executors,
        List<Long> tasks,
        List<Long> concurrency,
        Duration duration,
        List<Double> rates,
        Duration timeout,
        List<JvmSpec> jvms,
        List<JvmOptionSet> jvmOptions) {

    /** A matrix without a JVM axis. */
    public MatrixRequest(
            String workload,
            Map<String, List<String>> params,
            List<String> executors,
            List<Long> tasks,
            List<Long> concurrency,
            Duration duration,
            List<Double> rates,
            Duration timeout) {
        this(workload, params, executors, tasks, concurrency, duration, rates, timeout, List.of(), List.of());
    }

    /** This matrix on these JVMs and option sets. */
    public MatrixRequest withJvms(List<JvmSpec> newJvms, List<JvmOptionSet> newOptions) {
        return new MatrixRequest(
                workload, params, executors, tasks, concurrency, duration, rates, timeout, newJvms, newOptions);
    }

    /** Whether the cells have JVMs as an axis. */
    public boolean jvmAxis() {
        return !jvms.isEmpty() || !jvmOptions.isEmpty();
    }

    public MatrixRequest {
        jvms = jvms == null ? List.of() : List.copyOf(jvms);
        jvmOptions = jvmOptions == null ? List.of() : List.copyOf(jvmOptions);
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        executors = List.copyOf(executors);
        tasks = List.copyOf(tasks);
        concurrency = List.copyOf(concurrency);
        rates = List.copyOf(rates);
    }

    /** A closed-model matrix: no window, no rate, no timeout. */
    public static MatrixRequest closed(
            String workload,
            Map<String, List<String>> params,
            List<String> executors,
            List<Long> tasks,
            List<Long> concurrency) {
        return new MatrixRequest(workload, params, executors, tasks, concurrency, null, List.of(), null);
    }

    /** This matrix with a time window per trial ({@code --duration}). */
    public MatrixRequest withDuration(Duration window) {
        return new MatrixRequest(
                workload, params, executors, tasks, concurrency, window, rates, timeout, jvms, jvmOptions);
    }

    /** This matrix in the open model at these rates ({@code --rate}). */
    public MatrixRequest withRates(List<Double> newRates) {
        return new MatrixRequest(
                workload, params, executors, tasks, concurrency, duration, newRates, timeout, jvms, jvmOptions);
    }

    /** This matrix with a start deadline per task ({@code --timeout}). */
    public MatrixRequest withTimeout(Duration deadline) {
        return new MatrixRequest(
                workload, params, executors, tasks, concurrency, duration, rates, deadline, jvms, jvmOptions);
    }

    /** Whether any of --duration, --rate, --timeout was given. */
    boolean shapesLoad() {
        return duration != null || !rates.isEmpty() || timeout != null;
    }
}
