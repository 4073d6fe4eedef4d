package dev.vbench.app;

import dev.vbench.jvm.ParentWatch;
import java.util.Map;

/**
 * Tells, inside a shutdown hook, whether the JVM is ending because user code called {@code System.exit}
 * (or {@code Runtime.exit}) rather than because of a signal (Ctrl-C, a TERM from cron or CI). The JVM
 * handles a signal on a thread named {@code SIGINT handler} ({@code SIGTERM handler}, …) that waits in
 * {@code Shutdown.exit} for the hooks; no such thread means an exit call. {@code Runtime.halt} runs no
 * hook at all, so nothing in this JVM can see it (a fork's parent does).
 *
 * <pre>{@code
 * String how = UserExit.how(Thread.getAllStackTraces()); // "System.exit from Bad.exit(Bad.java:5)", or null
 * }</pre>
 */
final class UserExit {

    private UserExit() {}

    /**
     * How user code ended the JVM, or null when a signal did, or vbench's own watch of its parent as a signal
     * would ({@link dev.vbench.jvm.ParentWatch#exit}: the launcher or the parent is gone).
     */
    static String how(Map<Thread, StackTraceElement[]> threads) {
        String caller = null;
        for (Map.Entry<Thread, StackTraceElement[]> t : threads.entrySet()) {
            String name = t.getKey().getName();
            if (name.startsWith("SIG") && name.endsWith(" handler")) {
                return null;
            }
            String c = caller(t.getValue());
            if (c != null && c.startsWith(PARENT_WATCH)) {
                return null;
            }
            caller = caller == null ? c : caller;
        }
        return "System.exit" + (caller == null ? "" : " from " + caller);
    }

    private static final String PARENT_WATCH = ParentWatch.class.getName() + ".";

    /** The frame that called {@code System.exit} or {@code Runtime.exit} in this stack, or null. */
    private static String caller(StackTraceElement[] stack) {
        for (int i = 0; i + 1 < stack.length; i++) {
            StackTraceElement e = stack[i];
            boolean exit = e.getMethodName().equals("exit")
                    && (e.getClassName().equals("java.lang.System")
                            || e.getClassName().equals("java.lang.Runtime"));
            StackTraceElement next = stack[i + 1];
            if (exit
                    && !next.getClassName().equals("java.lang.System")
                    && !next.getClassName().equals("java.lang.Runtime")) {
                return next.getClassName() + "." + next.getMethodName() + "(" + next.getFileName() + ":"
                        + next.getLineNumber() + ")";
            }
        }
        return null;
    }
}
