package dev.vbench.suite;

/** A suite file that cannot be used: {@code file:line: what is wrong; the fix}. Exit code 2. */
public class SuiteException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public SuiteException(String message) {
        super(message);
    }
}
