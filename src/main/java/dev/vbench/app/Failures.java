package dev.vbench.app;

import dev.vbench.plan.PlanException;
import dev.vbench.result.ResultFormatException;
import dev.vbench.spi.WorkloadException;
import dev.vbench.suite.SuiteException;

/**
 * What a use case's failure means for the process: the exit code ({@link ExitCodes}) and the one line
 * that names the fix. Bad input (a usage error, a plan, a result file or a suite file that cannot be
 * used) is 2, the environment 3, a workload's own failure its code, an interrupt 130, anything else a
 * bug in vbench (4).
 *
 * <pre>{@code
 * Failures.Failure f = Failures.of(e);
 * err.println("vbench: " + f.message());
 * return f.exitCode();
 * }</pre>
 */
public final class Failures {

    private Failures() {}

    /**
     * @param exitCode the process exit code
     * @param message the line on stderr, without the {@code vbench: } prefix
     */
    public record Failure(int exitCode, String message) {}

    public static Failure of(Exception e) {
        if (e instanceof UsageException
                || e instanceof PlanException
                || e instanceof ResultFormatException
                || e instanceof SuiteException) {
            return new Failure(ExitCodes.USAGE, e.getMessage());
        }
        if (e instanceof WorkloadException we) {
            return new Failure(we.exitCode(), we.getMessage());
        }
        if (e instanceof EnvironmentException) {
            return new Failure(ExitCodes.ENVIRONMENT, e.getMessage());
        }
        if (e instanceof InterruptedException) {
            return new Failure(ExitCodes.INTERRUPTED, "interrupted");
        }
        return new Failure(ExitCodes.INTERNAL, "internal error: " + e + "; rerun with --stacktrace and report it");
    }
}
