package dev.vbench.workload.http;

import dev.vbench.spi.ParamType;
import dev.vbench.text.Numbers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The request parameters of the {@code http} workload: {@code url}, {@code method}, {@code header}
 * and {@code body}. Each is checked when the matrix is built, so a typo exits 2 before anything runs.
 */
final class HttpParamTypes {

    /** Largest request body vbench sends (it is held in memory and written whole per request). */
    static final long MAX_BODY_BYTES = 64L << 20;

    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
    private static final Set<String> SET_BY_VBENCH = Set.of("content-length", "transfer-encoding");
    private static final String HEADER_EXAMPLE = "-p 'header=Accept: text/plain|X-Trace: 1'";

    private HttpParamTypes() {}

    /** {@code url}: empty for the embedded server, else an http:// or https:// URL. */
    static final ParamType<String> URL = new ParamType<>() {
        @Override
        public String parse(String text) {
            if (text.isBlank()) {
                return "";
            }
            HttpTarget.parse(text);
            return text.strip();
        }

        @Override
        public String describe() {
            return "http:// or https:// URL; empty: the embedded loopback server";
        }
    };

    /** {@code method}: an HTTP method token, upper case; empty means GET. */
    static final ParamType<String> METHOD = new ParamType<>() {
        @Override
        public String parse(String text) {
            String m = text.strip();
            if (m.isEmpty()) {
                return "GET";
            }
            if (!m.matches("[A-Z][A-Z_-]*")) {
                throw new IllegalArgumentException(
                        "is not an HTTP method; write it in upper case, e.g. GET, POST, PUT");
            }
            return m;
        }

        @Override
        public String describe() {
            return "HTTP method (GET, POST, …); empty: GET";
        }
    };

    /**
     * {@code header}: {@code Name: value} entries separated by {@code |}, or {@code @FILE} with one
     * entry per line (blank lines and lines starting with {@code #} skipped). A comma separates
     * sweep values on the command line, so a value with a comma goes in a file.
     */
    static final ParamType<List<String>> HEADERS = new ParamType<>() {
        @Override
        public List<String> parse(String text) {
            String t = text.strip();
            if (t.isEmpty()) {
                return List.of();
            }
            List<String> entries = new ArrayList<>();
            if (t.startsWith("@")) {
                Path file = Path.of(t.substring(1));
                try {
                    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                        if (!line.isBlank() && !line.strip().startsWith("#")) {
                            entries.add(line);
                        }
                    }
                } catch (IOException e) {
                    throw new IllegalArgumentException("names no readable file (" + why(e) + ");"
                            + " write -p header=@FILE with one 'Name: value' per line");
                }
            } else {
                entries.addAll(List.of(t.split("\\|")));
            }
            List<String> headers = new ArrayList<>();
            for (String entry : entries) {
                headers.add(header(entry.strip()));
            }
            return List.copyOf(headers);
        }

        @Override
        public String describe() {
            return "'Name: value' entries separated by |, or @FILE with one per line";
        }
    };

    /** The file system's reason in words, not a Java class name. */
    private static String why(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        return e.getMessage() == null ? "cannot read it" : e.getMessage();
    }

    private static String header(String entry) {
        int colon = entry.indexOf(':');
        if (colon <= 0 || !TOKEN.matcher(entry.substring(0, colon)).matches()) {
            throw new IllegalArgumentException("has an entry '" + entry + "' that is not 'Name: value'; write e.g. "
                    + HEADER_EXAMPLE + " (a value with a comma goes in a file: -p header=@FILE)");
        }
        String name = entry.substring(0, colon);
        String value = entry.substring(colon + 1).strip();
        if (SET_BY_VBENCH.contains(name.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException(
                    "sets " + name + ", which vbench writes itself from -p body; leave it out");
        }
        if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
            throw new IllegalArgumentException(
                    "has a line break in the value of " + name + "; give one header per entry");
        }
        return name + ": " + value;
    }

    /** {@code body}: the path of a file whose bytes are the request body ({@code @} prefix allowed); empty: none. */
    static final ParamType<byte[]> BODY = new ParamType<>() {
        @Override
        public byte[] parse(String text) {
            String t = text.strip();
            if (t.startsWith("@")) {
                t = t.substring(1);
            }
            if (t.isEmpty()) {
                return new byte[0];
            }
            Path file = Path.of(t);
            try {
                if (Files.size(file) > MAX_BODY_BYTES) {
                    throw new IllegalArgumentException(
                            "is larger than " + Numbers.bytes(MAX_BODY_BYTES) + "; give a smaller" + " request body");
                }
                return Files.readAllBytes(file);
            } catch (IOException e) {
                throw new IllegalArgumentException("is not a readable file (" + why(e) + ");"
                        + " give the path of the request body, e.g. -p body=order.json");
            }
        }

        @Override
        public String describe() {
            return "path of the request body file; empty: no body";
        }
    };
}
