package dev.vbench.cli;

import java.io.Console;
import java.lang.reflect.Method;

/** Whether vbench talks to a person at a terminal (progress and colours) or to a pipe, a file or cron. */
public final class Terminals {

    private Terminals() {}

    /**
     * True when a console is attached and, on JDK 22+, {@code Console.isTerminal()} agrees (JDK 22+
     * returns a console even when output is redirected). Called reflectively because the bytecode
     * targets 21.
     */
    public static boolean interactive() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            Method isTerminal = Console.class.getMethod("isTerminal");
            return (Boolean) isTerminal.invoke(console);
        } catch (ReflectiveOperationException e) {
            return true; // JDK 21: System.console() is non-null only for a terminal
        }
    }
}
