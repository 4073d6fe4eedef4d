package dev.vbench.engine;

import dev.vbench.profile.StackFrames;
import dev.vbench.spi.FixtureTask;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.Semaphore;

/**
 * The Runnable a trial hands its executor for each task: it times the task and stores its end, its value and
 * (when timed) its start in the task's slot. Its {@code run()} is the <b>task boundary</b>: what a thread
 * runs above it is the task's, so the task sampler and the profilers cut stacks there and a stuck cell names
 * the user frames above it. Every runner is a class nested here (the class is sealed), and
 * {@link StackFrames#isTaskBoundary} takes the {@code run} frame of every class nested here for the boundary,
 * so a runner added here is a boundary with nothing else to change ({@code TaskRunTest} keeps the two in step).
 *
 * <ul>
 *   <li>{@link Plain}: every task without fixtures: the path {@code vbench calibrate} measures.
 *   <li>{@link WithFixtures}: a {@link FixtureTask} (JMH's {@code Level.Invocation}), its {@code before} and
 *       {@code after} outside its timed region.
 * </ul>
 *
 * <p>The submitter picks the runner once per trial ({@link TrialRunner}), so a task without fixtures runs
 * {@link Plain} with no test, call or allocation more per task. What both share lives here: the slot they
 * write, a late task's drop, a failure, the end store and the release of the concurrency permit.
 *
 * <pre>{@code
 * executor.execute(TaskRun.of(trial, chunk, TaskSlots.slot(i), true));
 * }</pre>
 */
abstract sealed class TaskRun implements Runnable {

    static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    final TrialRunner.Trial trial;
    final TaskSlots.Chunk chunk;
    /**
     * The chunk's times, held here too (the object stays 32 bytes): in a loop of untimed tasks run inline
     * (sequential) it is the submitter's local, so the array and its length need no load per task.
     */
    final long[] times;
    /** Where the slot starts in the chunk's times: {@code TaskSlots.at(slot, END)}. */
    final int at;

    final boolean timed;

    private TaskRun(TrialRunner.Trial trial, TaskSlots.Chunk chunk, long[] times, int slot, boolean timed) {
        this.trial = trial;
        this.chunk = chunk;
        this.times = times;
        this.at = TaskSlots.at(slot, TaskSlots.END);
        this.timed = timed;
    }

    /** The runner of the task in {@code slot} of {@code chunk}: {@link WithFixtures} for a trial of a {@link FixtureTask}. */
    static TaskRun of(TrialRunner.Trial trial, TaskSlots.Chunk chunk, int slot, boolean timed) {
        return trial.fixtures == null
                ? new Plain(trial, chunk, chunk.times, slot, timed)
                : new WithFixtures(trial, chunk, chunk.times, slot, timed);
    }

    /** A slot's end time, read with acquire semantics (pairs with a timed task's release store of it). */
    static long endAcquire(TaskSlots.Chunk c, int slot) {
        return (long) LONGS.getAcquire(c.times, TaskSlots.at(slot, TaskSlots.END));
    }

    /** The task's index in the trial. */
    final long index() {
        return chunk.first + (at >> 2);
    }

    /**
     * With a timeout: whether the task, starting at {@code start}, is past its deadline; then it is dropped (its
     * start stored, never run) and its permit released.
     */
    final boolean droppedLate(TrialRunner.Trial t, long start) {
        if (start - t.intendedNanos(index()) <= t.timeoutNanos) {
            return false;
        }
        times[at + TaskSlots.START] = start;
        chunk.state[at >> 2] = TaskSlots.DROPPED;
        release(t);
        return true;
    }

    /**
     * The task (or a fixture of it) threw: the trial marks its slot (success leaves it DONE: no store on the
     * common path) as {@link TrialRunner.Trial#failed} decides.
     */
    final void failed(TrialRunner.Trial t, Throwable e) {
        t.failed(chunk, at >> 2, e);
    }

    /**
     * Stores the task's end ({@code end}) and, when timed, its start, then releases its permit. A timed
     * task's end is a release store, last: the pilot check reads it first ({@link #endAcquire}); an untimed
     * task's is a plain store, which costs about 2 ns less per task. The permit is released here rather than
     * through {@link #release}: with that call C2 left the release out of line on every task.
     */
    final void ended(TrialRunner.Trial t, long start, long end) {
        if (timed) {
            times[at + TaskSlots.START] = start;
            LONGS.setRelease(times, at + TaskSlots.END, end);
        } else {
            times[at + TaskSlots.END] = end;
        }
        Semaphore inFlight = t.inFlight;
        if (inFlight != null) {
            inFlight.release();
        }
    }

    static void release(TrialRunner.Trial t) {
        if (t.inFlight != null) {
            t.inFlight.release();
        }
    }

    /** The runner of a task without fixtures. */
    static final class Plain extends TaskRun {

        Plain(TrialRunner.Trial trial, TaskSlots.Chunk chunk, long[] times, int slot, boolean timed) {
            super(trial, chunk, times, slot, timed);
        }

        @Override
        public void run() {
            TrialRunner.Trial t = trial;
            TaskSlots.Chunk c = chunk;
            int at = this.at;
            long s = 0;
            if (timed) {
                s = t.clock.nanoTime();
                if (t.timeoutNanos > 0 && droppedLate(t, s)) {
                    return;
                }
            }
            // The value is stored before the clock read and a failure recorded in a branch of its own, so
            // neither is live across the read (see TrialRunner.submitCounted).
            try {
                times[at + TaskSlots.VALUE] = t.task.run(c.first + (at >> 2));
            } catch (Throwable e) {
                failed(t, e);
            }
            ended(t, s, t.clock.nanoTime());
        }
    }

    /**
     * The runner of a {@link FixtureTask}: as {@link Plain}, with the task's {@code before} ahead of its start
     * and its {@code after} behind its end, so neither is in its service time; a timed task's submit moves later
     * by what {@code before} took, so its end-to-end latency leaves it out too and keeps the wait in the queue.
     * Its end is stored after {@code after} ran, so the {@link Watchdog} sees a fixture that never returns as a
     * task that never ended.
     */
    static final class WithFixtures extends TaskRun {

        WithFixtures(TrialRunner.Trial trial, TaskSlots.Chunk chunk, long[] times, int slot, boolean timed) {
            super(trial, chunk, times, slot, timed);
        }

        @Override
        public void run() {
            TrialRunner.Trial t = trial;
            FixtureTask task = t.fixtures;
            long index = index();
            long before = 0;
            if (timed) {
                before = t.clock.nanoTime();
                if (t.timeoutNanos > 0 && droppedLate(t, before)) {
                    return;
                }
            }
            int claim = 0;
            boolean set = false;
            try {
                claim = task.before(index);
                set = true;
            } catch (Throwable e) {
                failed(t, e);
            }
            long s = 0;
            if (timed) {
                s = t.clock.nanoTime();
                times[at + TaskSlots.SUBMIT] += s - before;
            }
            if (set) {
                try {
                    times[at + TaskSlots.VALUE] = task.run(index, claim);
                } catch (Throwable e) {
                    failed(t, e);
                }
            }
            long e = t.clock.nanoTime();
            if (set) {
                try {
                    task.after(index, claim);
                } catch (Throwable x) {
                    if (chunk.state[at >> 2] != TaskSlots.FAILED) {
                        failed(t, x);
                    }
                }
            }
            ended(t, s, e);
        }
    }
}
