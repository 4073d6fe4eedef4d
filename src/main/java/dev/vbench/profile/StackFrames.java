package dev.vbench.profile;

import dev.vbench.result.Profile;
import java.util.ArrayList;
import java.util.List;

/**
 * The one way a stack becomes a collapsed stack in a vbench profile, whoever sampled it: frame names
 * normalised ({@code com.acme.Store.put}: dots, no hidden-class addresses), and the
 * stack cut at the task boundary so that it starts at the task's own code. Stacks of task threads
 * outside any task (a pool worker taking its next task, a carrier looking for work) start with
 * {@link Profile#OUTSIDE_TASKS}; stacks of other threads (JIT, GC, JFR, the submitter between tasks) are
 * dropped: {@link #cut} returns null.
 *
 * <pre>{@code
 * List<String> frames = StackFrames.rootFirst(thread.getStackTrace());
 * List<String> task = StackFrames.cut(frames); // null: not a task thread
 * }</pre>
 */
public final class StackFrames {

    /**
     * The task boundary: the {@code run} frame of a class nested in the engine's {@code TaskRun}, the Runnable
     * that calls a task (every runner is one: one for plain tasks, one for tasks with fixtures per call).
     * Everything above it is the task's. {@link #isTaskBoundary} is the one test of it, here and for a stuck
     * cell's report; the engine's {@code TaskRunTest} checks that it names every runner and nothing else.
     */
    public static final String TASK_RUNNERS = "dev.vbench.engine.TaskRun$";

    /** vbench's engine: a stack through it that is in no task is vbench's own work (submitting, watching). */
    private static final String ENGINE = "dev.vbench.engine.";

    /** Frame prefixes of the adapters between the boundary and the task's own code. */
    private static final List<String> ADAPTERS = List.of(
            "dev.vbench.engine.",
            "dev.vbench.loader.",
            "dev.vbench.profile.",
            "java.lang.invoke.",
            "jdk.internal.reflect.",
            "java.lang.reflect.Method.invoke");

    /**
     * Frames of the loops and dispatchers of the threads that run tasks (pool workers, fork/join workers,
     * virtual threads): the frames above the last of them are what the thread is doing.
     */
    private static final List<String> WORKER_ROOTS = List.of(
            "java.util.concurrent.ThreadPoolExecutor.runWorker",
            "java.util.concurrent.ForkJoinWorkerThread.run",
            "java.util.concurrent.ForkJoinPool.runWorker",
            "java.util.concurrent.ForkJoinPool$WorkQueue.topLevelExec",
            "java.util.concurrent.ForkJoinTask.doExec",
            "java.util.concurrent.FutureTask.run",
            "java.util.concurrent.ThreadPerTaskExecutor$TaskRunner.run",
            "java.lang.VirtualThread.run",
            "dev.vbench.executor.");

    /** Frames where a task enters a wait: what the JDK does below them differs by thread kind, so it is left out. */
    private static final List<String> WAIT_ENTRIES = List.of(
            "java.lang.Thread.sleep",
            "java.lang.Object.wait",
            "java.util.concurrent.locks.LockSupport.park",
            "java.lang.Thread.yield",
            "java.lang.Thread.onSpinWait");

    /** Frame prefixes of the JDK's park and scheduling machinery, left out at the leaf of a waiting stack. */
    private static final List<String> WAIT_MACHINERY = List.of(
            "java.lang.VirtualThread.",
            "jdk.internal.vm.Continuation.",
            "jdk.internal.misc.Unsafe.park",
            "java.lang.Thread.sleep",
            "java.lang.Object.wait0",
            "java.lang.Thread.yield0");

    private StackFrames() {}

    /** The frames of a {@link Thread#getStackTrace()} (leaf first), root first and normalised. */
    public static List<String> rootFirst(StackTraceElement[] leafFirst) {
        List<String> frames = new ArrayList<>(leafFirst.length);
        for (int i = leafFirst.length - 1; i >= 0; i--) {
            StackTraceElement e = leafFirst[i];
            frames.add(frame(e.getClassName(), e.getMethodName()));
        }
        return frames;
    }

    /** One frame's name: {@code class.method}, with the class in dots and without a hidden class's address. */
    public static String frame(String className, String method) {
        return className(className) + "." + method;
    }

    /** A class name in dots, without a hidden class's address ({@code Foo$$Lambda/0x…} → {@code Foo$$Lambda}). */
    public static String className(String name) {
        String n = name.replace('/', '.');
        int hidden = n.indexOf(".0x");
        if (hidden > 0) {
            n = n.substring(0, hidden);
        }
        return n;
    }

    /**
     * The frames of one sample from the task's own code on (root first); for a pool worker or carrier
     * outside any task, {@code [outside tasks]} and the frames above the worker's loop (what it is doing: taking
     * its next task, or work a task handed to another pool, such as a fan-out's reads); null for any other thread.
     */
    public static List<String> cut(List<String> rootFirst) {
        int boundary = rootFirst.size() - 1;
        while (boundary >= 0 && !isTaskBoundary(rootFirst.get(boundary))) {
            boundary--;
        }
        if (boundary >= 0) {
            int from = boundary + 1;
            while (from < rootFirst.size() && adapter(rootFirst.get(from))) {
                from++;
            }
            return new ArrayList<>(rootFirst.subList(from, rootFirst.size()));
        }
        for (String f : rootFirst) {
            if (f.startsWith(ENGINE)) {
                return null; // vbench's own threads between tasks: the submitter, the trial's watchdog
            }
        }
        int lastRoot = -1;
        for (int i = 0; i < rootFirst.size(); i++) {
            for (String root : WORKER_ROOTS) {
                if (rootFirst.get(i).startsWith(root)) {
                    lastRoot = i;
                }
            }
        }
        if (lastRoot >= 0) { // a task thread between tasks, or a pool thread doing work a task handed it
            List<String> out = new ArrayList<>(rootFirst.size() - lastRoot);
            out.add(Profile.OUTSIDE_TASKS);
            out.addAll(rootFirst.subList(lastRoot + 1, rootFirst.size()));
            return out;
        }
        return null;
    }

    /**
     * Whether a frame ({@code class.method}, as {@link #frame} writes it) calls a task: a task runner's
     * {@code run} ({@link #TASK_RUNNERS}).
     */
    public static boolean isTaskBoundary(String frame) {
        int end = frame.length() - ".run".length();
        if (end <= TASK_RUNNERS.length() || !frame.startsWith(TASK_RUNNERS) || !frame.startsWith(".run", end)) {
            return false;
        }
        for (int i = TASK_RUNNERS.length(); i < end; i++) { // a named member class: no lambda, no anonymous class
            char c = frame.charAt(i);
            if (c == '$' || c == '.' || !Character.isJavaIdentifierPart(c)) {
                return false;
            }
        }
        return true;
    }

    private static boolean adapter(String frame) {
        if (frame.contains("$$Lambda.")) {
            return true;
        }
        for (String p : ADAPTERS) {
            if (frame.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A waiting stack without the JDK's machinery below the call that waits: {@code …;java.lang.Thread.sleep}
     * on a pool thread and on a virtual thread alike.
     */
    public static List<String> trimWaitMachinery(List<String> rootFirst) {
        for (int i = 0; i < rootFirst.size(); i++) {
            if (waitEntry(rootFirst.get(i))) {
                return new ArrayList<>(rootFirst.subList(0, i + 1));
            }
        }
        int end = rootFirst.size();
        while (end > 0 && machinery(rootFirst.get(end - 1))) {
            end--;
        }
        return new ArrayList<>(rootFirst.subList(0, end));
    }

    /** {@code java.lang.Thread.sleep}, {@code java.lang.Object.wait}, {@code LockSupport.park…}: where a task starts to wait. */
    private static boolean waitEntry(String frame) {
        return WAIT_ENTRIES.contains(frame) || frame.startsWith("java.util.concurrent.locks.LockSupport.park");
    }

    private static boolean machinery(String frame) {
        for (String p : WAIT_MACHINERY) {
            if (frame.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** The collapsed form: frames joined by {@code ;}. */
    public static String join(List<String> rootFirst) {
        return String.join(";", rootFirst);
    }
}
