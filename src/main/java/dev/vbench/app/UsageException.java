package dev.vbench.app;

/** Bad input found after parsing (a bad sweep value, an unwritable -o); exit 2. One sentence that names the fix. */
public class UsageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }

    public UsageException(String message, Throwable cause) {
        super(message, cause);
    }
}
