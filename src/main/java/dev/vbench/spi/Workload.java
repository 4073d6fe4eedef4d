package dev.vbench.spi;

import java.util.List;
import java.util.Map;

/**
 * A prepared workload instance for one cell of the matrix.
 *
 * <p>Lifecycle: {@link WorkloadProvider#create(Params)} → {@link #prepare(PrepareContext)} (never
 * timed: generate inputs, open files and connections) → {@link #task()} used for every warmup and
 * measured trial → {@link #close()}.
 *
 * <pre>{@code
 * try (Workload w = provider.create(params)) {
 *     w.prepare(context);
 *     Task t = w.task();
 *     long checksum = t.run(0);
 * }
 * }</pre>
 */
public interface Workload extends AutoCloseable {

    /**
     * Generates or verifies inputs and opens resources. Not timed.
     *
     * @throws Exception when preparation fails; {@link WorkloadException} carries a message for
     *     the user and an exit code
     */
    default void prepare(PrepareContext context) throws Exception {}

    /** The operation to time. Called once per trial after {@link #prepare}; may return the same instance. */
    Task task();

    /**
     * The operation called {@code calls} times per task ({@code --batch}), or null (the default): the engine
     * then calls {@link #task()} {@code calls} times in a loop of its own. A workload returns its own loop when
     * the JIT should see each call site of it alone (a loop shared by every workload calls through a site that
     * has seen them all, and inlines none): a JMH benchmark's loop is one per method, as JMH's generated code.
     * Called once per trial, after {@link #beforeTrial(int)}.
     */
    default Task batchedTask(int calls) {
        return null;
    }

    /**
     * Called before every trial (warmup and measured), outside the timed region. Workloads reset
     * per-trial state here (for example a cold cache). Default: nothing.
     */
    default void beforeTrial() throws Exception {}

    /**
     * Called before every trial instead of {@link #beforeTrial()} when the engine knows the trial's
     * bound on tasks in flight: a workload that keeps state per concurrent client (JMH's
     * {@code Scope.Thread}) makes that many instances here. Default: {@link #beforeTrial()}.
     *
     * @param clients the most tasks in flight at once in this trial ({@code --concurrency}); 0 when unbounded
     */
    default void beforeTrial(int clients) throws Exception {
        beforeTrial();
    }

    /**
     * Checks that one task's operation produced a correct result; used by the contract test and
     * by the workload contract test (every built-in workload's test runs it). Default: runs the task once and accepts any value.
     *
     * @return a short description of what was verified
     * @throws AssertionError or Exception when the result is wrong
     */
    default String verify() throws Exception {
        task().run(0);
        return "ran one task";
    }

    /**
     * Facts learned while running that change how the cell's figures read, recorded in the
     * result's notes for the cell (for example: "the server closed every connection, so latency
     * includes connecting"). Called after the cell's last trial, outside the timed region.
     * Default: none.
     */
    default List<String> notes() {
        return List.of();
    }

    /**
     * What the workload counted beside its operation during the measured trial that just ended ({@link Counter}:
     * JMH's {@code @AuxCounters}), recorded with the trial and reported per cell. Called after each measured
     * trial, outside the timed region, before the next {@link #beforeTrial(int)}. Default: none.
     */
    default List<Counter> counters() {
        return List.of();
    }

    /**
     * Facts about how the cell ran that change how its figures read, as short name → value pairs recorded with the
     * cell in the result (for example a JMH benchmark's {@code blackholeMode=compiler}). Called after the cell's
     * last trial, outside the timed region, with {@link #notes()}. Default: none.
     */
    default Map<String, String> attributes() {
        return Map.of();
    }

    @Override
    default void close() throws Exception {}
}
