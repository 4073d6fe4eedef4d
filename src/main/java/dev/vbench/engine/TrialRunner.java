package dev.vbench.engine;

import dev.vbench.config.Limits;
import dev.vbench.measure.JvmCounters;
import dev.vbench.measure.NanoClock;
import dev.vbench.result.Telemetry;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.FixtureTask;
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
 * <p><b>Recording without distortion.</b> Each task writes its end timestamp and its returned value
 * into its own slot of arrays allocated before the trial ({@link TaskSlots}; a timed trial's
 * submitter allocates the next chunk between tasks): no lock, no shared counter, no allocation and
 * no I/O on the task path. A timed task also records its submit and start. Histograms, counts and
 * the fold of the returned values ({@link #sink()}) are built from the arrays after the executor
 * has terminated (its termination publishes the writes). The cost is 33 bytes per task for the
 * trial's duration, which is why {@link Limits#MAX_TASKS} exists.
 *
 * <p><b>Latency sampling.</b> A closed or timed trial of short tasks times one task in N
 * ({@link LatencySampling}); the submitter knows where the next timed task is and submits the tasks before it in
 * a loop of their own ({@link #submitCounted}).
 *
 * <p><b>Fixtures per task.</b> A {@link FixtureTask} (JMH's {@code Level.Invocation}) runs its fixtures
 * around each task, outside its timed region: its tasks run in a {@link TaskRun.WithFixtures}, chosen by the
 * submitter once per trial (for each run of untimed tasks, and for each timed one), so a trial of any other task
 * runs {@link TaskRun.Plain}, with no test, call or allocation more per task. Both runners are {@link TaskRun}s,
 * whose {@code run()} is the task boundary that profiles and stuck cells cut stacks at.
 *
 * <pre>{@code
 * TrialResult t = new TrialRunner(NanoClock.SYSTEM)
 *         .run(task, executor, LoadShape.OpenRate.forTasks(1000, 5000, 0, 0), 0);
 * }</pre>
 */
public final class TrialRunner {

    /** The fold of the last trial's returned values, published after its executor terminated. */
    private static volatile long sink;

    private final NanoClock clock;
    private final Pacer pacer;
    private final long timedTaskLimit;
    /** The trial running now, for the {@link Watchdog} on another thread; written twice per trial. */
    private volatile Trial current;

    public TrialRunner(NanoClock clock) {
        this(clock, Pacer.parkThenSpin(clock));
    }

    /** With an explicit pacer: tests pass one that moves a fake clock instead of waiting. */
    public TrialRunner(NanoClock clock, Pacer pacer) {
        this(clock, pacer, Limits.MAX_TASKS);
    }

    /**
     * Bytes of task slots a closed or open trial preallocates per task before its first submit (a
     * timed trial grows them as it goes): what a heap must hold beside everything else.
     */
    public static long slotBytesPerTask() {
        return TaskSlots.BYTES_PER_SLOT;
    }

    /** With a smaller cap on a timed trial's tasks, so tests can reach it. */
    TrialRunner(NanoClock clock, Pacer pacer, long timedTaskLimit) {
        this.clock = clock;
        this.pacer = pacer;
        this.timedTaskLimit = timedTaskLimit;
    }

    /** The trial running now, or null between trials: what the {@link Watchdog} watches. */
    Trial current() {
        return current;
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
    public TrialResult run(Task task, ExecutorService executor, LoadShape load, int index) throws InterruptedException {
        // the trial's slots (preallocated for a counted trial) are made before the counters start: vbench's own
        // allocation is not the workload's allocated bytes
        Trial trial = new Trial(load, task, clock, timedTaskLimit);
        JvmCounters.resetPeakThreads();
        JvmCounters before = JvmCounters.now();
        execute(trial, executor);
        JvmCounters used = before.until(JvmCounters.now());
        int peakThreads = JvmCounters.peakThreads();
        TrialResult result = TrialRecorder.toResult(
                trial,
                index,
                new Telemetry(
                        used.processCpuNanos(),
                        used.gcCount(),
                        used.gcTimeMillis(),
                        used.allocatedBytes(),
                        peakThreads,
                        -1));
        sink = trial.sink;
        return result;
    }

    /**
     * Runs one closed-model trial exactly as {@link #run} does and returns only its makespan (first submit → last
     * end, ns): what the harness floor reads, without the result's histograms, summaries and telemetry, which would
     * cost more than the trial itself at the floor's few hundred empty tasks.
     */
    long makespan(Task task, ExecutorService executor, LoadShape.Closed load) throws InterruptedException {
        Trial trial = new Trial(load, task, clock, timedTaskLimit);
        execute(trial, executor);
        long makespan = TrialRecorder.makespan(trial);
        sink = trial.sink;
        return makespan;
    }

    /** Submits the trial's tasks in its load shape and waits until they have ended. */
    private void execute(Trial trial, ExecutorService executor) throws InterruptedException {
        current = trial;
        try {
            switch (trial.load) {
                case LoadShape.Closed c -> submitCounted(trial, executor, c.tasks());
                case LoadShape.Timed t -> submitTimed(trial, executor, t.durationNanos());
                case LoadShape.OpenRate r -> submitAtRate(trial, executor, r);
            }
            executor.shutdown();
            awaitTasks(trial, executor);
        } catch (InterruptedException e) {
            executor.shutdownNow();
            throw e;
        } finally {
            current = null;
        }
    }

    /**
     * Waits until every task of the trial has ended; an interrupt (Ctrl-C) ends the wait. With a timeout
     * ({@code --timeout}), once the last task's deadline has passed every task still running is past its own:
     * they are interrupted ({@code shutdownNow}) and counted as timed out ({@link Trial#failed}), instead of
     * holding the trial until the task timeout ({@code --task-timeout}) takes it as stuck.
     */
    private void awaitTasks(Trial trial, ExecutorService executor) throws InterruptedException {
        long cut = trial.schedule != null && trial.timeoutNanos > 0 && trial.submitted > 0
                ? trial.intendedNanos(trial.load.tasks() - 1) + trial.timeoutNanos
                : Long.MAX_VALUE;
        while (true) {
            long wait = trial.cutAtDeadline || cut == Long.MAX_VALUE
                    ? TimeUnit.SECONDS.toNanos(1)
                    : Math.max(
                            TimeUnit.MILLISECONDS.toNanos(1),
                            Math.min(TimeUnit.SECONDS.toNanos(1), cut - clock.nanoTime()));
            if (executor.awaitTermination(wait, TimeUnit.NANOSECONDS)) {
                return;
            }
            if (!trial.cutAtDeadline && clock.nanoTime() >= cut) {
                trial.cutAtDeadline = true; // before the interrupts: the tasks they end read it
                executor.shutdownNow();
            }
        }
    }

    /**
     * Submits a closed trial's tasks. A task that is timed goes through {@link #submitOne}; the tasks
     * between two timed ones (one in N is timed once the trial samples) go through
     * {@link #submitUntimed}, a loop with as little state as the task needs: a task's clock read is a call
     * across which only four registers survive, and with the sampling bookkeeping in the loop C2 stored
     * and reloaded a dozen values around it, about 1.2 ns of a 25 ns empty task (docs/performance.md).
     */
    private void submitCounted(Trial trial, ExecutorService executor, long tasks) throws InterruptedException {
        Semaphore inFlight = trial.inFlight;
        LatencySampling sampling = trial.sampling;
        long i = 0;
        while (i < tasks) {
            if (sampling.timedNext(i)) {
                if (inFlight != null) {
                    inFlight.acquire();
                }
                submitOne(trial, executor, i, true);
                i++;
            } else {
                // up to the next timed task, the end of this chunk of slots, or the last task
                long end = Math.min(Math.min(tasks, sampling.nextTimed()), TaskSlots.chunkEnd(i));
                submitUntimed(trial, executor, trial.slots.chunkFor(end - 1), i, end);
                i = end;
            }
        }
    }

    /** Submits tasks {@code from} … {@code end - 1}, none of them timed, all in {@code chunk}. */
    private static void submitUntimed(Trial trial, ExecutorService executor, TaskSlots.Chunk chunk, long from, long end)
            throws InterruptedException {
        Semaphore inFlight = trial.inFlight;
        long[] times = chunk.times;
        int last = TaskSlots.slot(end - 1);
        if (trial.fixtures != null) {
            for (int slot = TaskSlots.slot(from); slot <= last; slot++) {
                if (inFlight != null) {
                    inFlight.acquire();
                }
                executor.execute(new TaskRun.WithFixtures(trial, chunk, times, slot, false));
            }
            return;
        }
        for (int slot = TaskSlots.slot(from); slot <= last; slot++) {
            if (inFlight != null) {
                inFlight.acquire();
            }
            executor.execute(new TaskRun.Plain(trial, chunk, times, slot, false));
        }
    }

    /**
     * Submits task {@code i} of a closed or timed trial, timing it unless the trial samples it out.
     * A timed task first checks for an interrupt (Ctrl-C): without a concurrency limit nothing else on
     * this thread waits, and the sequential executor runs every task on it, so a trial of slow tasks
     * would otherwise run to its end. Every task over 2 us is timed; below that one in 32 to 1,024 is, so the
     * check costs nothing measurable (a clock read follows it).
     */
    private void submitOne(Trial trial, ExecutorService executor, long i, boolean timed) throws InterruptedException {
        TaskSlots.Chunk chunk = trial.slots.chunkFor(i);
        Runnable run = TaskRun.of(trial, chunk, TaskSlots.slot(i), timed);
        if (timed) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            chunk.times[TaskSlots.at(TaskSlots.slot(i), TaskSlots.SUBMIT)] = clock.nanoTime();
        }
        executor.execute(run);
    }

    /**
     * Closed-loop clients until the window ends. At {@link Limits#MAX_TASKS} tasks the window is cut
     * short: the trial's makespan is then shorter than the window (reports say so) and its
     * throughput is over that shorter time.
     */
    private void submitTimed(Trial trial, ExecutorService executor, long windowNanos) throws InterruptedException {
        long t0 = clock.nanoTime();
        trial.t0 = t0;
        trial.windowEnd = t0 + windowNanos;
        LatencySampling sampling = trial.sampling;
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
            submitOne(trial, executor, i, sampling.timedNext(i));
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
                chunk.times[TaskSlots.at(slot, TaskSlots.SUBMIT)] = clock.nanoTime();
                chunk.state[slot] = TaskSlots.DROPPED;
                continue;
            }
            Runnable run = TaskRun.of(trial, chunk, slot, true);
            long now = clock.nanoTime();
            chunk.times[TaskSlots.at(slot, TaskSlots.SUBMIT)] = now;
            trial.lastSubmit = now;
            trial.submitted++;
            executor.execute(run);
        }
    }

    /**
     * The sum of the values the last trial's tasks returned (failed and dropped tasks add nothing),
     * folded after its executor terminated: what keeps the JIT from discarding a task's work
     * (the job of JMH's Blackhole), and what tests read to see that every value was consumed.
     */
    static long sink() {
        return sink;
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
        /** The task when it has fixtures per task ({@link FixtureTask}), else null: its tasks run in a {@link TaskRun.WithFixtures}. */
        final FixtureTask fixtures;

        final NanoClock clock;
        final TaskSlots slots;
        final Semaphore inFlight;
        final RateSchedule schedule;
        final long timeoutNanos;
        final FailureLog failures = new FailureLog();
        /** Which tasks are timed: all of them, or once the pilot decides, one in N ({@link LatencySampling}). */
        final LatencySampling sampling;
        /** Start of the window or of the rate schedule; written by the submitter before its first execute. */
        long t0;

        long windowEnd;
        long lastSubmit;
        long submitted;
        /** Set by the recorder: the fold of the returned values. */
        long sink;
        /**
         * Set once the last task's deadline ({@code --timeout}) has passed and the tasks still running were
         * interrupted: whatever they throw from then on is their timeout, not a failure of their own.
         */
        volatile boolean cutAtDeadline;

        /**
         * A task that threw (the failure path only, never a successful task's): its slot marked failed and the
         * failure logged, or, once the trial cut the tasks past their deadline ({@link #cutAtDeadline}), left
         * as a task that ended late (counted as timed out). An interrupt is not swallowed: on the submitting
         * thread (sequential) it stops the trial.
         */
        void failed(TaskSlots.Chunk chunk, int slot, Throwable e) {
            if (!cutAtDeadline) {
                chunk.state[slot] = TaskSlots.FAILED;
                failures.record(e);
            }
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }

        Trial(LoadShape load, Task task, NanoClock clock, long timedTaskLimit) {
            this.load = load;
            this.task = task;
            this.fixtures = task instanceof FixtureTask f ? f : null;
            this.clock = clock;
            this.slots = load instanceof LoadShape.Timed
                    ? TaskSlots.growable(timedTaskLimit)
                    : TaskSlots.preallocated(load.tasks());
            this.inFlight = load.concurrency() > 0 ? new Semaphore(load.concurrency()) : null;
            this.schedule = load instanceof LoadShape.OpenRate r ? new RateSchedule(r.ratePerSecond()) : null;
            this.timeoutNanos = load.timeoutNanos();
            this.sampling = new LatencySampling(load, slots);
        }

        /** Intended start of task {@code index} (open model only). */
        long intendedNanos(long index) {
            return t0 + schedule.offsetNanos(index);
        }
    }
}
