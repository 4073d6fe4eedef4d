package dev.vbench.engine;

/**
 * How a trial offers work to the executor: the load model of a cell (docs/load-shapes.md).
 *
 * <ul>
 *   <li>{@link Closed}: a fixed number of tasks; with {@code concurrency > 0} at most that many in
 *       flight (C closed-loop clients), else all submitted as fast as the executor accepts them.
 *   <li>{@link Timed}: C closed-loop clients for a fixed time window instead of a count.
 *   <li>{@link OpenRate}: an open model (wrk2, k6 {@code constant-arrival-rate}): task i is due at
 *       t₀ + i/rate whether or not earlier tasks finished; latency counts from that intended start.
 * </ul>
 *
 * <pre>{@code
 * LoadShape closed = new LoadShape.Closed(10_000, 0);
 * LoadShape timed = new LoadShape.Timed(30_000_000_000L, 64);          // 30 s, 64 clients
 * LoadShape open = LoadShape.OpenRate.forTasks(5_000, 5_000, 0, 1_000_000_000L); // 5000/s, 1 s timeout
 * }</pre>
 */
public sealed interface LoadShape {

    /** Tasks per trial, or 0 when a time window ends the trial ({@link Timed}). */
    long tasks();

    /** Maximum tasks in flight; 0 = unlimited. */
    int concurrency();

    /** Length of the trial's time window in nanoseconds; 0 when a task count ends the trial. */
    default long durationNanos() {
        return 0;
    }

    /** Target rate of the open model in tasks per second; 0 for closed shapes. */
    default double ratePerSecond() {
        return 0;
    }

    /** Deadline after each task's intended start in nanoseconds; 0 = none. */
    default long timeoutNanos() {
        return 0;
    }

    /**
     * The shape that recorded facts describe (the fields of a {@code CellConfig} or a
     * {@link ForkPlan}): an open rate when {@code ratePerSecond > 0}, else a window when
     * {@code durationNanos > 0}, else a task count. The inverse of the accessors above.
     */
    static LoadShape of(long tasks, int concurrency, long durationNanos, double ratePerSecond, long timeoutNanos) {
        if (ratePerSecond > 0) {
            return new OpenRate(ratePerSecond, tasks, durationNanos, timeoutNanos, concurrency);
        }
        return durationNanos > 0 ? new Timed(durationNanos, concurrency) : new Closed(tasks, concurrency);
    }

    /** A fixed task count, optionally with at most {@code concurrency} tasks in flight. */
    record Closed(long tasks, int concurrency) implements LoadShape {
        public Closed {
            if (tasks < 0 || concurrency < 0) {
                throw new IllegalArgumentException("tasks and concurrency must be 0 or more");
            }
        }
    }

    /**
     * {@code concurrency} closed-loop clients for {@code durationNanos}: a new task is submitted
     * as soon as one finishes, until the window closes. Tasks still running then are awaited and
     * recorded, but only completions inside the window count towards throughput.
     */
    record Timed(long durationNanos, int concurrency) implements LoadShape {
        public Timed {
            if (durationNanos <= 0 || concurrency <= 0) {
                throw new IllegalArgumentException("a timed trial needs a positive window and concurrency");
            }
        }

        @Override
        public long tasks() {
            return 0;
        }
    }

    /**
     * The open model: {@code tasks} tasks, task i due at t₀ + i/rate. {@code durationNanos} is the
     * window the user asked for ({@code tasks = ⌈rate × window⌉}) or 0 when a count was given.
     * With {@code concurrency > 0} at most that many tasks are in flight (wrk2's connections): the
     * submitter then waits for a free slot, and the wait counts in the corrected latency.
     */
    record OpenRate(double ratePerSecond, long tasks, long durationNanos, long timeoutNanos, int concurrency)
            implements LoadShape {
        public OpenRate {
            if (!(ratePerSecond > 0)
                    || Double.isInfinite(ratePerSecond)
                    || tasks < 0
                    || durationNanos < 0
                    || timeoutNanos < 0
                    || concurrency < 0) {
                throw new IllegalArgumentException("an open-model trial needs a positive finite rate");
            }
        }

        public static OpenRate forTasks(double ratePerSecond, long tasks, int concurrency, long timeoutNanos) {
            return new OpenRate(ratePerSecond, tasks, 0, timeoutNanos, concurrency);
        }

        /** As many tasks as the rate fits in the window: ⌈rate × window⌉, at least 1. */
        public static OpenRate forWindow(double ratePerSecond, long durationNanos, int concurrency, long timeoutNanos) {
            long tasks = Math.max(1, (long) Math.ceil(ratePerSecond * durationNanos / 1e9 - 1e-9));
            return new OpenRate(ratePerSecond, tasks, durationNanos, timeoutNanos, concurrency);
        }
    }
}
