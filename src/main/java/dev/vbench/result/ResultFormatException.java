package dev.vbench.result;

/** A result file that cannot be read: the message names the file and what to do. Exit code 2. */
public class ResultFormatException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ResultFormatException(String message) {
        super(message);
    }

    public ResultFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
