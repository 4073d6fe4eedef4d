package dev.vbench.spi;

/**
 * A task with work of its own around each run that is not the operation measured: JMH's
 * {@code @Setup}/{@code @TearDown(Level.Invocation)}. The engine calls {@link #before} on the thread that runs
 * the task, before it reads the task's start, then {@link #run(long, int)}, then {@link #after} once it has read
 * the task's end: neither is in the task's service time or in its latency (a timed task's submit time moves
 * later by what {@code before} took, so the wait in the executor's queue is kept). The trial's makespan, and
 * so its throughput, still spans them. What {@code before} or {@code after} throws counts as the task's failure.
 *
 * <p>The engine picks the runner of such tasks once per trial: a task that is not a {@code FixtureTask} costs
 * nothing for this.
 *
 * <pre>{@code
 * FixtureTask task = new FixtureTask() {
 *     public int before(long i) { return pool.claim(i); }            // e.g. fill the claimed buffer
 *     public long run(long i, int claim) { return work(pool.get(claim)); }
 *     public void after(long i, int claim) { pool.release(claim); }
 * };
 * }</pre>
 */
public interface FixtureTask extends Task {

    /**
     * Runs before task {@code taskIndex}, untimed.
     *
     * @return what identifies this run to {@link #run(long, int)} and {@link #after} (e.g. the state claimed)
     */
    int before(long taskIndex) throws Exception;

    /** The operation timed, with what {@link #before} returned. */
    long run(long taskIndex, int claim) throws Exception;

    /** Runs after task {@code taskIndex}, untimed, whether {@link #run(long, int)} returned or threw. */
    void after(long taskIndex, int claim) throws Exception;

    /** Before, run and after in one, for a caller that times nothing of its own (a check, a wrapper). */
    @Override
    default long run(long taskIndex) throws Exception {
        int claim = before(taskIndex);
        try {
            return run(taskIndex, claim);
        } finally {
            after(taskIndex, claim);
        }
    }
}
