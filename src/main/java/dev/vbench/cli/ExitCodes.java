package dev.vbench.cli;

/** Process exit codes; stable, documented in the README, relied on by scripts and cron. */
public final class ExitCodes {

    /** Everything ran; no gate failed. */
    public static final int OK = 0;
    /** A regression gate failed ({@code compare --fail-on-regression}) or tasks failed beyond {@code --max-failures}. */
    public static final int FAILED = 1;
    /** Bad usage or bad input: the one-line message names the fix. */
    public static final int USAGE = 2;
    /** An environment problem: missing JDK feature, database unreachable, disk full. */
    public static final int ENVIRONMENT = 3;
    /** A bug in vbench itself; rerun with --stacktrace and report it. */
    public static final int INTERNAL = 4;
    /** Interrupted by Ctrl-C (128 + SIGINT); finished cells were written. */
    public static final int INTERRUPTED = 130;

    private ExitCodes() {}
}
