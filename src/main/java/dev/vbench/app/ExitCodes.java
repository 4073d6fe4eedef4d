package dev.vbench.app;

/** Process exit codes; stable, documented in the README, relied on by scripts and cron. */
public final class ExitCodes {

    /** Everything ran; no gate failed. */
    public static final int OK = 0;
    /**
     * A regression gate failed ({@code compare --fail-on-regression}), or the code under test failed: tasks beyond
     * {@code --max-failures}, or its code outside the tasks ({@code WorkloadException.codeFailed}: a constructor,
     * {@code prepare}, the setup before a trial, {@code close} threw, an {@code Error} included, or returned null
     * where a value is needed); a run keeps such cells as {@code failed} (a failed {@code close}: as they are,
     * with a note) and runs the others.
     */
    public static final int FAILED = 1;
    /** Bad usage or bad input: the one-line message names the fix. Takes precedence over {@link #FAILED}. */
    public static final int USAGE = 2;
    /** An environment problem: missing JDK feature, database unreachable, disk full. */
    public static final int ENVIRONMENT = 3;
    /** A bug in vbench itself; rerun with --stacktrace and report it. */
    public static final int INTERNAL = 4;
    /**
     * A cell got stuck: its tasks (none ended, none could be submitted), or the workload's code outside them
     * (its prepare, its setup before a trial), for {@code --task-timeout}; or its fork did not exit within it
     * after the cell (the parent killed it). The cell is written with status {@code stuck}, a note with
     * where (the top user frames), and the other cells ran. Takes precedence over {@link #FAILED}.
     */
    public static final int STUCK = 5;
    /**
     * User code ended the JVM: {@code System.exit} in this JVM (caught by a shutdown hook: the finished cells
     * are written, the cell in progress with status {@code exited}, and one line says which workload), or
     * {@code System.exit}/{@code Runtime.halt} in a fork (the parent marks that cell {@code exited} and goes
     * on). {@code Runtime.halt} in this JVM runs no hook: the launcher {@code bin/vbench}, whose child this
     * JVM is for {@code run}, sees it end without vbench's exit ({@link LauncherState}), prints one line and
     * exits with this code; the files hold the cells finished before. Takes precedence over {@link #STUCK}
     * and {@link #FAILED}.
     */
    public static final int USER_EXIT = 6;
    /** Interrupted by Ctrl-C (128 + SIGINT); finished cells were written. */
    public static final int INTERRUPTED = 130;

    private ExitCodes() {}
}
