package dev.vbench.text;

/**
 * Text that came from outside (a result file, the history store, a label typed by someone else) as it is
 * safe to print: every control character written out as an escape, so that a stored newline cannot break
 * a table's rows and an escape sequence ({@code ESC[2J}) cannot clear or rewrite the terminal. Printable
 * text, tabs turned to escapes included, is returned as it is.
 *
 * <pre>{@code
 * Printable.escape("main\u001b[2J");   // "main\\e[2J"
 * Printable.escape("a\nb");            // "a\\nb"
 * Printable.controlAt("ok");           // -1
 * }</pre>
 */
public final class Printable {

    private Printable() {}

    /** Whether {@code c} is a control character: C0, DEL or C1 (U+0080–U+009F). */
    public static boolean isControl(char c) {
        return c < 0x20 || c >= 0x7f && c <= 0x9f;
    }

    /** The index of the first control character of {@code text}, or -1 when it has none. */
    public static int controlAt(String text) {
        if (text == null) {
            return -1;
        }
        for (int i = 0; i < text.length(); i++) {
            if (isControl(text.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    /** {@code text} with each control character as {@code \n}, {@code \r}, {@code \t}, {@code \e} or {@code \xHH}; null stays null. */
    public static String escape(String text) {
        if (text == null || controlAt(text) < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!isControl(c)) {
                out.append(c);
            } else {
                out.append(
                        switch (c) {
                            case '\n' -> "\\n";
                            case '\r' -> "\\r";
                            case '\t' -> "\\t";
                            case 0x1b -> "\\e";
                            default -> String.format("\\x%02x", (int) c);
                        });
            }
        }
        return out.toString();
    }

    /** How a control character is named in a message: {@code \n at character 6}. */
    public static String describeControl(String text) {
        int at = controlAt(text);
        return at < 0 ? "" : escape(String.valueOf(text.charAt(at))) + " at character " + (at + 1);
    }
}
