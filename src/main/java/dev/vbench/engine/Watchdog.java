package dev.vbench.engine;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Ends a trial that cannot finish ({@code --task-timeout}): the trial runs on a thread of its own (the
 * sequential executor runs its tasks there too), and the engine's thread waits for it, looking every
 * poll at what the trial has done: tasks submitted ({@link TaskSlots#used()}) and tasks ended
 * ({@link TaskSlots#firstNotEnded}, a cursor over the end times the tasks write anyway). When neither
 * moved for the timeout, the trial is stuck: the task threads' stacks are taken
 * ({@link StuckTasks}), the tasks interrupted ({@code shutdownNow}, and the trial thread), and the cell
 * ends with status {@code stuck}. Tasks that ignore the interrupt for {@value #GRACE_SECONDS} s are
 * abandoned (the trial thread is replaced): the engine warns that later cells in this JVM may be
 * disturbed. Nothing is added to the task path; the watchdog's reads are racy on purpose and only ever
 * late, which delays a verdict by a poll, never makes one. The workload's own code outside its tasks
 * (its prepare, its setup before a trial, its close) runs on the same thread under the same timeout
 * ({@link #step}), so a hang there ends its cell as stuck too.
 *
 * <pre>{@code
 * Watchdog dog = new Watchdog(Duration.ofSeconds(60));
 * TrialResult t = dog.run(() -> runner.run(task, executor, load, 0), executor, runner::current);
 * Workload w = dog.step("prepare", () -> prepare(cell), preparingReports::get);
 * }</pre>
 */
public final class Watchdog {

    /** How long stuck tasks get to honour the interrupt before they are abandoned. */
    static final int GRACE_SECONDS = 2;
    /** How long a Ctrl-C waits for the trial thread (the JVM itself waits 30 s for the run). */
    private static final int INTERRUPT_WAIT_SECONDS = 20;

    /** Ends the cell: the trial was stuck. */
    public static final class StuckException extends Exception {
        private static final long serialVersionUID = 1L;
        /** Whether some tasks ignored the interrupt and still run in this JVM. */
        final boolean abandoned;

        StuckException(String message, boolean abandoned) {
            super(message, null, false, false);
            this.abandoned = abandoned;
        }
    }

    private final long timeoutNanos;
    private ExecutorService trialThread;

    /** @param timeout no progress for this long ends the trial; zero: off (the trial runs on the caller's thread) */
    public Watchdog(Duration timeout) {
        this.timeoutNanos = timeout.toNanos();
    }

    /**
     * Runs a trial of {@code runner} as {@code vbench run} does ({@code vbench calibrate} measures this path).
     *
     * @param trial calls {@code runner.run(…)} once, e.g. inside the trial probes
     */
    public <T> T run(Callable<T> trial, ExecutorService executor, TrialRunner runner) throws Exception {
        return run(trial, executor, runner::current);
    }

    /**
     * Runs {@code trial} and returns what it returned.
     *
     * @param executor the trial's executor, stopped when the trial is stuck
     * @param current the trial the runner runs now (null between trials), whose progress is watched
     * @throws StuckException when the trial made no progress for the timeout
     * @throws InterruptedException on Ctrl-C, after the trial stopped (or did not within 20 s)
     */
    <T> T run(Callable<T> trial, ExecutorService executor, Supplier<TrialRunner.Trial> current) throws Exception {
        if (timeoutNanos <= 0) {
            return trial.call();
        }
        Progress progress = new Progress();
        return watch(
                trial,
                () -> progress.moved(current.get()),
                (future, ended, runner) -> stuck(future, ended, executor, current.get(), progress));
    }

    /**
     * Runs a step of the workload's own code outside its tasks — making and preparing it, its setup before
     * a trial and the making of its task, closing it — on the trial thread, where the trials run: a step
     * that has not returned within the timeout, while {@code progress} did not move, is stuck. Where the
     * trial thread was (its top user frames) is taken, the thread interrupted, and abandoned when it does not
     * end within the grace period.
     *
     * @param what the step, as the message names it ("prepare")
     * @param progress a count that moves while the step works (a prepare's progress reports); null: none
     * @throws StuckException when the step did not return within the timeout
     */
    public <T> T step(String what, Callable<T> step, LongSupplier progress) throws Exception {
        if (timeoutNanos <= 0) {
            return step.call();
        }
        long[] seen = {progress == null ? 0 : progress.getAsLong()};
        return watch(
                step,
                () -> {
                    long now = progress == null ? seen[0] : progress.getAsLong();
                    boolean moved = now != seen[0];
                    seen[0] = now;
                    return moved;
                },
                (future, ended, runner) -> stuckStep(what, future, ended, runner));
    }

    /** What ends a watched piece of work found stuck, and says how. */
    @FunctionalInterface
    private interface OnStuck {
        StuckException stuck(Future<?> future, CountDownLatch ended, Thread runner) throws InterruptedException;
    }

    /**
     * Runs {@code work} on the trial thread, the calling thread waiting; {@code moved} is asked every poll
     * whether the work made progress, and {@code onStuck} ends it when none was seen for the timeout.
     */
    private <T> T watch(Callable<T> work, BooleanSupplier moved, OnStuck onStuck) throws Exception {
        CountDownLatch ended = new CountDownLatch(1);
        AtomicReference<Thread> runner = new AtomicReference<>();
        Future<T> future = thread().submit(() -> {
            runner.set(Thread.currentThread());
            try {
                return work.call();
            } finally {
                ended.countDown();
            }
        });
        long poll =
                Math.max(TimeUnit.MILLISECONDS.toNanos(50), Math.min(TimeUnit.SECONDS.toNanos(1), timeoutNanos / 4));
        long lastMove = System.nanoTime();
        while (true) {
            try {
                return future.get(poll, TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                long now = System.nanoTime();
                if (moved.getAsBoolean()) {
                    lastMove = now;
                } else if (now - lastMove >= timeoutNanos) {
                    throw onStuck.stuck(future, ended, runner.get());
                }
            } catch (InterruptedException e) {
                future.cancel(true); // Ctrl-C: the trial thread stops the trial as the engine thread did
                if (runner.get() != null
                        && !ended.await(INTERRUPT_WAIT_SECONDS, TimeUnit.SECONDS)) { // null: never started
                    abandonThread();
                }
                throw e;
            } catch (ExecutionException e) {
                if (e.getCause() instanceof Error error) {
                    throw error; // OutOfMemoryError: the CLI says what to do about it
                }
                throw e.getCause() instanceof Exception x ? x : new IllegalStateException(e.getCause());
            }
        }
    }

    private StuckException stuck(
            Future<?> future,
            CountDownLatch ended,
            ExecutorService executor,
            TrialRunner.Trial trial,
            Progress progress)
            throws InterruptedException {
        StuckTasks where = StuckTasks.capture(); // before the interrupt: where they were, not where they unwind
        future.cancel(true);
        executor.shutdownNow();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GRACE_SECONDS);
        boolean threadEnded = ended.await(GRACE_SECONDS, TimeUnit.SECONDS);
        boolean tasksEnded = executor.awaitTermination(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        if (!threadEnded) {
            abandonThread();
        }
        int count = where.count() > 0 ? where.count() : progress.outstanding(trial);
        String message = count + (count == 1 ? " task" : " tasks") + " did not end within the task timeout ("
                + seconds(timeoutNanos) + ", --task-timeout)" + (where.count() > 0 ? ": " + where.describe() : "");
        return new StuckException(message, !(threadEnded && tasksEnded));
    }

    private StuckException stuckStep(String what, Future<?> future, CountDownLatch ended, Thread runner)
            throws InterruptedException {
        String where = runner == null ? null : StuckTasks.whereIn(runner.getStackTrace());
        future.cancel(true);
        boolean threadEnded = ended.await(GRACE_SECONDS, TimeUnit.SECONDS);
        if (!threadEnded) {
            abandonThread();
        }
        return new StuckException(
                "the workload's " + what + " did not return within the task timeout (" + seconds(timeoutNanos)
                        + ", --task-timeout)" + (where == null ? "" : ": at " + where),
                !threadEnded);
    }

    /** What a fork says, on its output, when its JVM did not exit after its cell ended ({@link #sayWhereIfStillRunning}). */
    static final String STILL_RUNNING = "still running after its cell ended: ";

    /**
     * For a fork whose cell has ended and which only has to exit: when its JVM still runs after half the
     * task timeout (a shutdown hook of the workload's code that never returns, say), {@code say} gets one
     * line with where its threads with user code are, for the parent, which kills the fork at the
     * timeout, to quote. A daemon thread: it never keeps the JVM alive. Nothing when the timeout is off.
     */
    public static void sayWhereIfStillRunning(Duration timeout, Consumer<String> say) {
        if (timeout.isZero() || timeout.isNegative()) {
            return;
        }
        Thread t = new Thread(
                () -> {
                    try {
                        Thread.sleep(Math.max(1, timeout.toMillis() / 2));
                    } catch (InterruptedException e) {
                        return;
                    }
                    StuckTasks where = StuckTasks.captureUserThreads();
                    say.accept(STILL_RUNNING + (where.count() == 0 ? "no thread runs user code" : where.describe()));
                },
                "vbench-exit-watch");
        t.setDaemon(true);
        t.start();
    }

    /** {@code 60 s}, {@code 1.5 s}. */
    static String seconds(long nanos) {
        double s = nanos / 1e9;
        return (s == Math.rint(s) ? String.valueOf((long) s) : String.valueOf(s)) + " s";
    }

    /** The one trial thread, kept from trial to trial so that thread-locals of sequential tasks last as before. */
    private ExecutorService thread() {
        if (trialThread == null) {
            trialThread = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "vbench-trial");
                t.setDaemon(true); // an abandoned trial never keeps the JVM alive
                return t;
            });
        }
        return trialThread;
    }

    /** Leaves the trial thread to its stuck task; the next trial gets a new one. */
    private void abandonThread() {
        if (trialThread != null) {
            trialThread.shutdownNow();
            trialThread = null;
        }
    }

    /** Stops the trial thread once the engine is done. */
    public void close() {
        if (trialThread != null) {
            trialThread.shutdown();
            trialThread = null;
        }
    }

    /** What the watchdog has seen of one trial: its submitted count and the first task not seen ended. */
    static final class Progress {
        private TrialRunner.Trial trial;
        private long used = -1;
        private long cursor;

        /** Whether the trial moved since the last call (a new trial, or none running, counts as moved). */
        boolean moved(TrialRunner.Trial now) {
            if (now == null || now != trial) {
                trial = now;
                used = -1;
                cursor = 0;
                return true;
            }
            long u = now.slots.used();
            if (u != used) {
                used = u; // the submitter moves: no need to read the slots
                return true;
            }
            long c = now.slots.firstNotEnded(cursor, u);
            boolean moved = c != cursor || c == u; // none outstanding: the trial waits on its schedule, not on a task
            cursor = c;
            return moved;
        }

        /** Tasks submitted and not seen ended, counted once when the trial is found stuck. */
        int outstanding(TrialRunner.Trial now) {
            if (now == null) {
                return 0;
            }
            long u = now.slots.used();
            long n = 0;
            for (long i = now.slots.firstNotEnded(0, u); i < u; i = now.slots.firstNotEnded(i + 1, u)) {
                n++;
            }
            return (int) Math.min(Integer.MAX_VALUE, n);
        }
    }
}
