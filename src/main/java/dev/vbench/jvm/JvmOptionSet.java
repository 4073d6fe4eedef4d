package dev.vbench.jvm;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One JVM option set of a run: {@code --jvm-args g1='-XX:+UseG1GC -Xmx2g'}. The options are split
 * like a shell would (whitespace, with single or double quotes keeping a value together); an empty
 * set ({@code --jvm-args base=}) is the JVM's defaults. Option sets are crossed with {@code --jvm}.
 *
 * <pre>{@code
 * JvmOptionSet zgc = JvmOptionSet.parse("zgc=-XX:+UseZGC -Xmx2g");   // label zgc, two options
 * }</pre>
 *
 * @param label the column label
 * @param options the JVM options, in order
 * @param origin how the user wrote it, for error messages
 */
public record JvmOptionSet(String label, List<String> options, String origin) {

    /** Options that would change what the fork child runs rather than how the JVM runs it. */
    static final Set<String> NOT_ALLOWED = Set.of(
            "-cp",
            "-classpath",
            "--class-path",
            "-jar",
            "-m",
            "--module",
            "-p",
            "--module-path",
            "-version",
            "--version",
            "-showversion",
            "--show-version",
            "-help",
            "--help",
            "-h",
            "-?",
            "--dry-run");

    public JvmOptionSet {
        JvmSpec.checkLabel(label, origin);
        options = List.copyOf(options);
        for (String option : options) {
            if (!option.startsWith("-")) {
                throw new JvmException(origin + ": '" + option + "' is not a JVM option (options start with -);"
                        + " quote the whole set: --jvm-args " + label + "='-XX:+UseG1GC -Xmx2g'");
            }
            if (NOT_ALLOWED.contains(option) || option.startsWith("-jar") && option.length() == 4) {
                throw new JvmException(origin + ": " + option + " is not allowed: vbench sets the class path and"
                        + " main class of its fork child; give only JVM options (-XX:…, -Xmx…, -D…)");
            }
        }
    }

    /** Parses a {@code --jvm-args} value {@code LABEL=OPTIONS}. */
    public static JvmOptionSet parse(String value) {
        String origin = "--jvm-args " + value;
        int eq = value.indexOf('=');
        if (eq <= 0) {
            throw new JvmException(origin + ": give LABEL='OPTIONS', e.g. --jvm-args zgc='-XX:+UseZGC -Xmx2g'");
        }
        return new JvmOptionSet(value.substring(0, eq).strip(), split(value.substring(eq + 1), origin), origin);
    }

    /** Splits options on whitespace; single or double quotes keep whitespace inside one option. */
    static List<String> split(String text, String origin) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean inToken = false;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    current.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inToken = true;
            } else if (Character.isWhitespace(c)) {
                if (inToken) {
                    out.add(current.toString());
                    current.setLength(0);
                    inToken = false;
                }
            } else {
                current.append(c);
                inToken = true;
            }
        }
        if (quote != 0) {
            throw new JvmException(origin + ": unbalanced " + quote + " quote; close it");
        }
        if (inToken) {
            out.add(current.toString());
        }
        return out;
    }
}
