package dev.vbench.spi;

/**
 * One operation of a workload: the thing whose latency is recorded.
 *
 * <p>A task must consume the result of its work so the JIT cannot remove it: return a value
 * derived from the result (a checksum, a byte count). The engine stores every returned value in
 * the task's own slot (no lock, no shared counter, no allocation) and, after the executor has
 * terminated, sums them into one per-trial value that it publishes in a volatile field: the job of
 * JMH's Blackhole. Returning is enough.
 *
 * <pre>{@code
 * Task task = index -> {
 *     Thread.sleep(sleepMillis);
 *     return index;
 * };
 * }</pre>
 *
 * <p>Implementations are called concurrently from many threads and must be thread-safe. They must
 * not allocate, lock or log beyond what the measured operation itself does.
 */
@FunctionalInterface
public interface Task {

    /**
     * Runs the operation once.
     *
     * @param taskIndex index of this task within the trial, from 0; workloads use it to pick an
     *     input (the i-th file, the i-th request) deterministically
     * @return a value derived from the work, consumed by the engine
     * @throws Exception any failure; it is counted and sampled, never hidden
     */
    long run(long taskIndex) throws Exception;
}
