package dev.vbench.loader;

import dev.vbench.spi.WorkloadException;
import java.lang.reflect.InvocationTargetException;

/**
 * Turns an exception thrown by the user's code outside a task (a constructor, a setter, a provider's
 * {@code prepare}) into one line for the user: the exception, its message and the first frame of the
 * user's code, never vbench's frames. This is where vbench decides what such a failure means: the code
 * under test failed before any of its tasks ran, so it cannot be benchmarked as given: exit 2, as bad input
 * ({@link WorkloadException#codeFailed}; in a run only its cells fail and the others run). A task that throws is
 * not one of these: the engine counts it ({@code --max-failures}, exit 1).
 */
final class UserFailures {

    private UserFailures() {}

    /**
     * @param while_ what vbench was doing, e.g. "creating com.acme.Checkout"
     * @throws OutOfMemoryError when that is what was thrown: the command says what to do about it (a bigger heap)
     */
    static WorkloadException of(String while_, Throwable thrown) {
        Throwable t = thrown;
        while ((t instanceof InvocationTargetException || t instanceof ExceptionInInitializerError)
                && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof OutOfMemoryError oom) {
            throw oom;
        }
        if (t instanceof WorkloadException we) {
            return we;
        }
        StackTraceElement frame = userFrame(t);
        String text = message(t);
        String message = text == null ? "" : ": " + text.strip().replaceAll("\\s*\\R\\s*", " ");
        return WorkloadException.codeFailed(
                "workload code failed while " + while_ + ": " + t.getClass().getName() + message
                        + (frame == null ? "" : " (at " + show(frame) + ")") + "; fix it and run again",
                t);
    }

    /** A null the user's code returned where vbench needs a value: one line naming the method. */
    static WorkloadException returnedNull(String method, String fix) {
        return WorkloadException.codeFailed("workload code failed: " + method + " returned null; " + fix, null);
    }

    /** The message of {@code t}; null when it has none or when reading it throws (the class names the failure then). */
    static String message(Throwable t) {
        try {
            return t.getMessage();
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            return null;
        }
    }

    /** {@code com.acme.Db.connect(Db.java:19)}: the frame without class loader or module prefixes. */
    static String show(StackTraceElement f) {
        String where = f.isNativeMethod()
                ? "Native Method"
                : f.getFileName() == null
                        ? "Unknown Source"
                        : f.getLineNumber() >= 0 ? f.getFileName() + ":" + f.getLineNumber() : f.getFileName();
        return f.getClassName() + "." + f.getMethodName() + "(" + where + ")";
    }

    /** The first frame that belongs to neither vbench nor the JDK, else the first frame. */
    static StackTraceElement userFrame(Throwable t) {
        StackTraceElement[] trace = t.getStackTrace();
        for (StackTraceElement e : trace) {
            String c = e.getClassName();
            boolean loadedForUser = UserCode.LOADER_NAME.equals(e.getClassLoaderName());
            if (loadedForUser
                    || !(c.startsWith("dev.vbench.")
                            || c.startsWith("java.")
                            || c.startsWith("javax.")
                            || c.startsWith("jdk.")
                            || c.startsWith("sun.")
                            || c.startsWith("com.sun."))) {
                return e;
            }
        }
        return trace.length == 0 ? null : trace[0];
    }
}
