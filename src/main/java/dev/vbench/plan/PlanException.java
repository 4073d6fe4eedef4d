package dev.vbench.plan;

/**
 * A run that cannot be planned as asked: a bad option value, options that contradict each other,
 * an option a suite cannot honour. One sentence that names the fix; the CLI prints it and exits 2.
 */
public class PlanException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message what is wrong and the fix, one sentence
     * @param cause the parser's or registry's exception behind it (shown with {@code --stacktrace}), or null
     */
    public PlanException(String message, Throwable cause) {
        super(message, cause);
    }

    /** @param message what is wrong and the fix, one sentence */
    public PlanException(String message) {
        this(message, null);
    }
}
