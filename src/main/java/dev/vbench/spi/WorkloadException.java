package dev.vbench.spi;

/**
 * A failure a user can act on, raised by a workload: bad parameter combination (exit 2) or an
 * environment problem such as an unreachable database (exit 3). The message is one sentence that
 * names the fix; it never contains a password.
 */
public class WorkloadException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Exit code for the workload's own code failing outside a task (a constructor, a setup method threw). */
    public static final int CODE_FAILED = 1;
    /** Exit code for bad input. */
    public static final int USAGE = 2;
    /** Exit code for an environment problem. */
    public static final int ENVIRONMENT = 3;

    private final int exitCode;

    public WorkloadException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public WorkloadException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
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
