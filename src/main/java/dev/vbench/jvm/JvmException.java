package dev.vbench.jvm;

/**
 * A {@code --jvm} or {@code --jvm-args} value vbench cannot use: a missing path, something that is
 * not a JDK, a JDK older than 21, a duplicate label, options the JVM rejects. The message is one
 * sentence naming the value and the fix; the command line turns it into exit code 2.
 */
public final class JvmException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public JvmException(String message) {
        super(message);
    }
}
