package dev.vbench.history;

/**
 * A history problem with a one-line message that names the fix: bad input (exit 2) or the
 * environment, a store that is down, corrupt or newer than this vbench (exit 3).
 */
public final class HistoryException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final boolean environment;

    private HistoryException(String message, boolean environment, Throwable cause) {
        super(message, cause);
        this.environment = environment;
    }

    /** Bad input from the user: exit 2. */
    public static HistoryException usage(String message) {
        return new HistoryException(message, false, null);
    }

    /** The store cannot be reached or used: exit 3. */
    public static HistoryException environment(String message, Throwable cause) {
        return new HistoryException(message, true, cause);
    }

    /** Whether this is an environment problem (exit 3) rather than bad input (exit 2). */
    public boolean isEnvironment() {
        return environment;
    }
}
