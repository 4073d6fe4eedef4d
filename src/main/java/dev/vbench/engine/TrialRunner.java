package dev.vbench.engine;

import dev.vbench.measure.JvmCounters;
import dev.vbench.measure.NanoClock;
import dev.vbench.result.Telemetry;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.Task;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Runs one trial: offers tasks to a fresh executor in the cell's {@link LoadShape}, waits for all
 * of them, then builds the latency histograms.
 *
 * <ul>
 *   <li>{@link LoadShape.Closed}: {@code tasks} tasks, submitted as fast as the executor (and the
 *       {@code concurrency} limit, when positive) accepts them.
 *   <li>{@link LoadShape.Timed}: {@code concurrency} closed-loop clients until the window closes.
 *   <li>{@link LoadShape.OpenRate}: task i submitted at its intended start t₀ + i/rate (held by the
 *       {@link Pacer}); latency is also measured from that intended start. With a timeout, a task
 *       that cannot be submitted or started within it is dropped (never run), and one that ends
 *       after it is counted as timed out.
 * </ul>
 *
 * <p><b>Recording without distortion.</b> Each task writes its start and end timestamps into its
 * own slot of arrays allocated before the trial ({@link TaskSlots}; a timed trial's submitter
 * allocates the next chunk between tasks): no lock, no shared counter, no allocation and no I/O on
 * the task path. Histograms are built from the arrays after the executor has terminated (its
 * termination publishes the writes). The cost is 25 bytes per task for the trial's duration,
 * which is why {@link #MAX_TASKS} exists.
 *
 * <pre>{@code
 * TrialResult t = new TrialRunner(NanoClock.SYSTEM)
 *         .run(task, executor, LoadShape.OpenRate.forTasks(1000, 5000, 0, 0), 0);
 * }</pre>
 */
public final class TrialRunner {

    /** Upper bound on tasks per trial: 25 bytes of timestamps per task must fit in the heap. */
    public static final long MAX_TASKS = 50_000_000L;

    private final NanoClock clock;
    private final Pacer pacer;
    private final long timedTaskLimit;

    public TrialRunner(NanoClock clock) {
        this(clock, Pacer.parkThenSpin(clock));
    }

    /** With an explicit pacer: tests pass one that moves a fake clock instead of waiting. */
    public TrialRunner(NanoClock clock, Pacer pacer) {
        this(clock, pacer, MAX_TASKS);
    }

    /** With a smaller cap on a timed trial's tasks, so tests can reach it. */
    TrialRunner(NanoClock clock, Pacer pacer, long timedTaskLimit) {
        this.clock = clock;
        this.pacer = pacer;
        this.timedTaskLimit = timedTaskLimit;
    }

    /** Runs one closed-model trial of {@code tasks} tasks. */
    public TrialResult run(Task task, ExecutorService executor, int tasks, int concurrency, int index)
            throws InterruptedException {
        return run(task, executor, new LoadShape.Closed(tasks, concurrency), index);
    }

    /**
     * Runs one trial in the given load shape.
     *
     * @throws InterruptedException when the run is interrupted (Ctrl-C); the executor is stopped
     */
    public TrialResult run(Task task, ExecutorService executor, LoadShape load, int index)
            throws InterruptedException {
        Trial trial = new Trial(load, task, clock, timedTaskLimit);
        JvmCounters.resetPeakThreads();
        JvmCounters before = JvmCounters.now();
        try {
            switch (load) {
                case LoadShape.Closed c -> submitCounted(trial, executor, c.tasks());
                case LoadShape.Timed t -> submitTimed(trial, executor, t.durationNanos());
                case LoadShape.OpenRate r -> submitAtRate(trial, executor, r);
            }
            executor.shutdown();
            while (!executor.awaitTermination(1, TimeUnit.SECONDS)) {
                // keep waiting; an interrupt (Ctrl-C) ends the wait
            }
        } catch (InterruptedException e) {
            executor.shutdownNow();
            throw e;
        }
        JvmCounters used = before.until(JvmCounters.now());
        int peakThreads = JvmCounters.peakThreads();
        return TrialRecorder.toResult(trial, index, new Telemetry(used.processCpuNanos(), used.gcCount(),
                used.gcTimeMillis(), used.allocatedBytes(), peakThreads, -1));
    }

    private void submitCounted(Trial trial, ExecutorService executor, long tasks) throws InterruptedException {
        Semaphore inFlight = trial.inFlight;
        for (long i = 0; i < tasks; i++) {
            if (inFlight != null) {
                inFlight.acquire();
            }
            TaskSlots.Chunk chunk = trial.slots.chunkFor(i);
            Run run = new Run(trial, chunk, i);
            chunk.submit[TaskSlots.slot(i)] = clock.nanoTime();
            executor.execute(run);
        }
    }

    /**
     * Closed-loop clients until the window ends. At {@link #MAX_TASKS} tasks the window is cut
     * short: the trial's makespan is then shorter than the window (reports say so) and its
     * throughput is over that shorter time.
     */
    private void submitTimed(Trial trial, ExecutorService executor, long windowNanos) throws InterruptedException {
        long t0 = clock.nanoTime();
        trial.t0 = t0;
        trial.windowEnd = t0 + windowNanos;
        for (long i = 0; ; i++) {
            long remaining = trial.windowEnd - clock.nanoTime();
            if (remaining <= 0 || !trial.inFlight.tryAcquire(remaining, TimeUnit.NANOSECONDS)) {
                return;
            }
            if (!trial.slots.hasRoom(i)) {
                trial.inFlight.release();
                trial.windowEnd = clock.nanoTime();
                return;
            }
            if (clock.nanoTime() >= trial.windowEnd) {
                trial.inFlight.release(); // a client came free just as the window closed
                return;
            }
            TaskSlots.Chunk chunk = trial.slots.chunkFor(i);
            Run run = new Run(trial, chunk, i);
            chunk.submit[TaskSlots.slot(i)] = clock.nanoTime();
            executor.execute(run);
        }
    }

    /** Task i waits for t₀ + i/rate, then for a free slot (with a concurrency limit), then is submitted. */
    private void submitAtRate(Trial trial, ExecutorService executor, LoadShape.OpenRate rate)
            throws InterruptedException {
        Semaphore inFlight = trial.inFlight;
        long timeout = rate.timeoutNanos();
        trial.t0 = clock.nanoTime();
        for (long i = 0; i < rate.tasks(); i++) {
            long intended = trial.intendedNanos(i);
            pacer.awaitNanos(intended);
            TaskSlots.Chunk chunk = trial.slots.chunkFor(i);
            int slot = TaskSlots.slot(i);
            boolean acquired = acquireBefore(inFlight, timeout, intended);
            if (!acquired || (timeout > 0 && clock.nanoTime() - intended > timeout)) {
                if (acquired && inFlight != null) {
                    inFlight.release(); // got a slot, but only after the deadline
                }
                chunk.submit[slot] = clock.nanoTime();
                chunk.state[slot] = TaskSlots.DROPPED;
                continue;
            }
            Run run = new Run(trial, chunk, i);
            long now = clock.nanoTime();
            chunk.submit[slot] = now;
            trial.lastSubmit = now;
            trial.submitted++;
            executor.execute(run);
        }
    }

    /** Acquires a slot; with a timeout, gives up at the task's deadline (false: drop the task). */
    private boolean acquireBefore(Semaphore inFlight, long timeout, long intended) throws InterruptedException {
        if (inFlight == null) {
            return true;
        }
        if (timeout <= 0) {
            inFlight.acquire();
            return true;
        }
        return inFlight.tryAcquire(Math.max(0, intended + timeout - clock.nanoTime()), TimeUnit.NANOSECONDS);
    }

    /** State shared by the submitter and the tasks of one trial; the arrays are written once per slot. */
    static final class Trial {
        final LoadShape load;
        final Task task;
        final NanoClock clock;
        final TaskSlots slots;
        final Semaphore inFlight;
        final RateSchedule schedule;
        final long timeoutNanos;
        final FailureLog failures = new FailureLog();
        /** Start of the window or of the rate schedule; written by the submitter before its first execute. */
        long t0;
        long windowEnd;
        long lastSubmit;
        long submitted;

        Trial(LoadShape load, Task task, NanoClock clock, long timedTaskLimit) {
            this.load = load;
            this.task = task;
            this.clock = clock;
            this.slots = load instanceof LoadShape.Timed ? TaskSlots.growable(timedTaskLimit)
                    : TaskSlots.preallocated(load.tasks());
            this.inFlight = load.concurrency() > 0 ? new Semaphore(load.concurrency()) : null;
            this.schedule = load instanceof LoadShape.OpenRate r ? new RateSchedule(r.ratePerSecond()) : null;
            this.timeoutNanos = load.timeoutNanos();
        }

        /** Intended start of task {@code index} (open model only). */
        long intendedNanos(long index) {
            return t0 + schedule.offsetNanos(index);
        }
    }

    /** The Runnable handed to the executor: times the task and stores the timestamps in its slot. */
    private static final class Run implements Runnable {
        private final Trial trial;
        private final TaskSlots.Chunk chunk;
        private final long index;
        /** Receives the task's result so the JIT cannot discard the work (a store to an escaped object). */
        @SuppressWarnings("unused")
        private long sink;

        Run(Trial trial, TaskSlots.Chunk chunk, long index) {
            this.trial = trial;
            this.chunk = chunk;
            this.index = index;
        }

        @Override
        public void run() {
            Trial t = trial;
            int slot = TaskSlots.slot(index);
            long s = t.clock.nanoTime();
            if (t.timeoutNanos > 0 && s - t.intendedNanos(index) > t.timeoutNanos) {
                chunk.start[slot] = s;
                chunk.state[slot] = TaskSlots.DROPPED;
                release(t);
                return;
            }
            boolean failed = false;
            try {
                sink = t.task.run(index);
            } catch (Throwable e) {
                failed = true;
                t.failures.record(e);
            }
            long e = t.clock.nanoTime();
            chunk.start[slot] = s;
            chunk.end[slot] = e;
            if (failed) {
                chunk.state[slot] = TaskSlots.FAILED; // success leaves the slot DONE: no store on the common path
            }
            release(t);
        }

        private static void release(Trial t) {
            if (t.inFlight != null) {
                t.inFlight.release();
            }
        }
    }
}
