package dev.vbench.app;

import java.io.Console;
import java.lang.reflect.Method;
import java.util.List;
import org.jline.terminal.spi.SystemStream;
import org.jline.terminal.spi.TerminalProvider;

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

    /** JLine providers asked, in order, whether stderr is a terminal: FFM (JDK 22+), JNI, then {@code exec}. */
    private static final List<String> PROVIDERS = List.of("ffm", "jni", "exec");

    /**
     * True when standard error is a terminal: where a progress bar may be drawn. A pipe, a file,
     * cron or {@code 2>log} give false. Asks JLine ({@code isatty(2)}); when no JLine provider
     * loads, falls back to {@link #interactive()}.
     */
    public static boolean stderrIsTerminal() {
        TerminalProvider provider = provider();
        return provider != null ? provider.isSystemStream(SystemStream.Error) : interactive();
    }

    /** Columns of the terminal on stderr; {@code $COLUMNS} or 80 when unknown. */
    public static int stderrWidth() {
        TerminalProvider provider = provider();
        int width = 0;
        if (provider != null) {
            try {
                width = provider.systemStreamWidth(SystemStream.Error);
            } catch (RuntimeException | LinkageError ignored) {
                // unknown width: fall through
            }
        }
        if (width <= 0) {
            try {
                width = Integer.parseInt(
                        System.getenv().getOrDefault("COLUMNS", "80").trim());
            } catch (NumberFormatException e) {
                width = 80;
            }
        }
        return width > 0 ? width : 80;
    }

    /** True when the user asked for no colours ({@code NO_COLOR} set and not empty, see no-color.org). */
    public static boolean noColor() {
        String v = System.getenv("NO_COLOR");
        return v != null && !v.isEmpty();
    }

    /** True when {@code TERM=dumb}: no cursor movement, ASCII only. */
    public static boolean dumb() {
        return "dumb".equals(System.getenv("TERM"));
    }

    private static volatile TerminalProvider cached;
    private static volatile boolean searched;

    private static TerminalProvider provider() {
        if (!searched) {
            cached = findProvider();
            searched = true;
        }
        return cached;
    }

    private static TerminalProvider findProvider() {
        for (String name : PROVIDERS) {
            try {
                TerminalProvider p = TerminalProvider.load(name);
                p.isSystemStream(SystemStream.Error); // fails here when the provider cannot work on this JVM
                return p;
            } catch (Exception | LinkageError ignored) {
                // try the next provider
            }
        }
        return null;
    }
}
