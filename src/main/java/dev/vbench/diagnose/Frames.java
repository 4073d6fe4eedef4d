package dev.vbench.diagnose;

import dev.vbench.result.Profile;
import java.util.List;

/**
 * What a frame of a profile is, for the Why lines: the executors', schedulers' and vbench's own
 * frames and the JDK's park and call machinery are internals, folded away; frames of the user's code
 * and of JDK libraries the task called ({@code java.util.zip.ZipFile.getEntry},
 * {@code java.util.concurrent.locks.ReentrantLock.lock}) are kept. Native and kernel frames a profiler
 * may add below the Java ones are folded too ({@link #nativeFrame}).
 */
public final class Frames {

    /** Prefixes of frames that are internals: who ran the task, or how the JDK parks and calls. */
    static final List<String> INTERNAL_PREFIXES = List.of(
            "dev.vbench.",
            "java.util.concurrent.ThreadPoolExecutor",
            "java.util.concurrent.ForkJoin",
            "java.util.concurrent.FutureTask",
            "java.util.concurrent.Executors$",
            "java.util.concurrent.ThreadPerTaskExecutor",
            "java.util.concurrent.CompletableFuture$AsyncRun",
            "java.util.concurrent.locks.LockSupport.",
            "java.util.concurrent.locks.AbstractQueuedSynchronizer",
            "java.lang.Thread.run",
            "java.lang.Thread.runWith",
            "java.lang.VirtualThread",
            "java.lang.invoke.",
            "java.lang.reflect.",
            "jdk.internal.",
            "sun.reflect.");

    private Frames() {}

    /** Whether {@code frame} is an internal of the executor, the scheduler, vbench or the JDK's machinery. */
    public static boolean internal(String frame) {
        for (String prefix : INTERNAL_PREFIXES) {
            if (frame.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** The task sampler's state frames ({@link Profile#STATE_RUNNING}, …). */
    static final List<String> STATES = List.of(
            Profile.STATE_RUNNING,
            Profile.STATE_BLOCKED,
            Profile.STATE_PARKED,
            Profile.STATE_SLEEPING,
            Profile.STATE_WAITING,
            Profile.STATE_WAITING_FOR_CARRIER);

    /** Whether {@code frame} is one of the task sampler's state frames. */
    public static boolean state(String frame) {
        return STATES.contains(frame);
    }

    /**
     * Whether {@code frame} is no Java method: a native or kernel frame a profiler may report
     * ({@code JavaThread::run()}, {@code __lll_lock_wait}, {@code do_syscall_64_[k]}) or one of its
     * bracketed markers ({@code [unknown]}) that is not a vbench state or monitor frame.
     */
    public static boolean nativeFrame(String frame) {
        if (pseudo(frame)) {
            return !state(frame) && monitorClass(frame) == null && !frame.equals(Profile.OUTSIDE_TASKS);
        }
        return frame.contains("::") || frame.endsWith("_[k]") || !frame.contains(".") || frame.contains(" ");
    }

    /** Whether {@code frame} is in the JDK's own packages (a library the task called, when not internal). */
    public static boolean jdk(String frame) {
        return frame.startsWith("java.")
                || frame.startsWith("javax.")
                || frame.startsWith("jdk.")
                || frame.startsWith("sun.")
                || frame.startsWith("com.sun.");
    }

    /** Whether {@code frame} is not code: a task's state, the outside-tasks root or a monitor's class. */
    public static boolean pseudo(String frame) {
        return frame.startsWith("[") && frame.endsWith("]");
    }

    /** The class of a monitor frame ({@link Profile#monitorFrame}), or null when {@code frame} is none. */
    public static String monitorClass(String frame) {
        String prefix = "[monitor ";
        return frame.startsWith(prefix) && frame.endsWith("]")
                ? frame.substring(prefix.length(), frame.length() - 1)
                : null;
    }

    /** The frames of a collapsed stack, root first. */
    public static List<String> split(String collapsed) {
        return collapsed.isEmpty() ? List.of() : List.of(collapsed.split(";"));
    }
}
