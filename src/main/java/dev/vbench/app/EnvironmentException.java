package dev.vbench.app;

/** Something outside vbench's control is missing or broken; exit 3. */
public class EnvironmentException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public EnvironmentException(String message, Throwable cause) {
        super(message, cause);
    }
}
