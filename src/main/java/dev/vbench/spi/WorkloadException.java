package dev.vbench.spi;

/**
 * A failure a user can act on, raised by a workload: bad parameter combination (exit 2), the workload's
 * own code failing outside its tasks ({@link #codeFailed}, exit 1) or an environment problem such as an
 * unreachable database (exit 3). The message is one sentence that names the fix; it never contains a
 * password.
 */
public class WorkloadException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Exit code for the code under test failing: its tasks beyond {@code --max-failures}, or its hooks ({@link #codeFailed}). */
    public static final int FAILED = 1;
    /** Exit code for bad input. */
    public static final int USAGE = 2;
    /** Exit code for an environment problem. */
    public static final int ENVIRONMENT = 3;

    private final int exitCode;
    private final boolean codeFailure;

    public WorkloadException(int exitCode, String message) {
        this(exitCode, message, null);
    }

    public WorkloadException(int exitCode, String message, Throwable cause) {
        this(exitCode, message, cause, false);
    }

    private WorkloadException(int exitCode, String message, Throwable cause, boolean codeFailure) {
        super(message, cause);
        this.exitCode = exitCode;
        this.codeFailure = codeFailure;
    }

    /**
     * The workload's own code failed outside a task (a constructor, a setter, {@code prepare}, its setup before
     * a trial, {@code task()}, a JMH {@code @Setup} threw, or returned null where a value is needed): the code
     * under test failed, exit 1, as when its tasks fail beyond {@code --max-failures}. A run fails only the
     * cells of that workload (status {@code failed}, the message as their note) and runs the others; a task
     * that throws is counted instead.
     */
    public static WorkloadException codeFailed(String message, Throwable cause) {
        return new WorkloadException(FAILED, message, cause, true);
    }

    /** Whether this is {@link #codeFailed}: the cell fails and the run goes on. */
    public boolean codeFailure() {
        return codeFailure;
    }

    public static WorkloadException usage(String message) {
        return new WorkloadException(USAGE, message);
    }

    public static WorkloadException environment(String message, Throwable cause) {
        return new WorkloadException(ENVIRONMENT, message, cause);
    }

    public int exitCode() {
        return exitCode;
    }
}
