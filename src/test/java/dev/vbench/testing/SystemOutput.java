package dev.vbench.testing;

import java.util.concurrent.Callable;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The test suite's one lock on {@code System.out} and {@code System.err}, which are JVM-wide while the suite runs
 * its classes in parallel. {@code vbench run} replaces both for the length of a run to count what user code prints
 * ({@code app/UserOutput}): two in-process runs at once would count each other's output and the second to end would
 * put back the first one's counter, and a line a test prints during a run would be counted as the user's. So
 * in-process runs ({@link CliRun} of {@code run} and {@code noise}, {@code RunUseCase.run} in tests) and a test's own
 * lines to {@code System.out} ({@link #println}) hold this lock.
 *
 * <pre>{@code
 * RunOutcome o = SystemOutput.locked(() -> RunUseCase.run(request, out, err));
 * SystemOutput.println("skipped: no second JDK");
 * }</pre>
 */
public final class SystemOutput {

    private static final ReentrantLock LOCK = new ReentrantLock();

    private SystemOutput() {}

    /** Runs {@code body} while no other in-process run or test line uses {@code System.out} and {@code System.err}. */
    public static <T> T locked(Callable<T> body) throws Exception {
        LOCK.lock();
        try {
            return body.call();
        } finally {
            LOCK.unlock();
        }
    }

    /** A line of the test's own to {@code System.out}, never while an in-process run counts what is printed. */
    public static void println(String line) {
        LOCK.lock();
        try {
            System.out.println(line);
        } finally {
            LOCK.unlock();
        }
    }

    /** Whether vbench's CLI with these arguments runs benchmarks in this JVM, and so replaces {@code System.out}. */
    static boolean runs(String... args) {
        return args.length > 0 && (args[0].equals("run") || args[0].equals("noise"));
    }

    /** {@link #locked} for a body that throws no checked exception. */
    static <T> T lockedUnchecked(Supplier<T> body) {
        LOCK.lock();
        try {
            return body.get();
        } finally {
            LOCK.unlock();
        }
    }
}
