package dev.vbench.workload.sql;

import dev.vbench.jdbc.JdbcTarget;
import dev.vbench.spi.ParamType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Locale;

/**
 * The {@code url} parameter: a JDBC URL that a driver on the class path accepts. Checked when the
 * matrix is built, so a typo exits 2 before anything runs. Messages never repeat the URL (the
 * caller shows it redacted).
 */
final class JdbcUrlType implements ParamType<String> {

    @Override
    public String parse(String text) {
        String url = text.strip();
        if (url.startsWith("@")) {
            url = fromFile(url.substring(1));
        }
        if (!url.startsWith("jdbc:")) {
            throw new IllegalArgumentException("is not a JDBC URL; use e.g. " + SqlWorkload.DEFAULT_URL
                    + " or jdbc:postgresql://127.0.0.1:5432/DB?user=USER (password from PGPASSWORD)");
        }
        String lower = url.toLowerCase(Locale.ROOT);
        if (lower.equals("jdbc:h2:mem:") || lower.startsWith("jdbc:h2:mem:;")) {
            throw new IllegalArgumentException("is an unnamed in-memory H2 database, which gives every connection"
                    + " of the pool its own empty database; name it, e.g. " + SqlWorkload.DEFAULT_URL);
        }
        try {
            JdbcTarget.driverFor(url);
        } catch (SQLException e) {
            throw new IllegalArgumentException("has no JDBC driver here; the bundled drivers take jdbc:h2: and"
                    + " jdbc:postgresql: URLs (for another database put its driver jar on --classpath)");
        }
        return url;
    }

    /**
     * {@code -p url=@FILE}: the URL is the file's first line that is not blank, so a password (with a comma,
     * or one that should not be on the command line) stays out of the shell history and of every output,
     * which show {@code @FILE}.
     */
    private static String fromFile(String file) {
        try {
            return Files.readAllLines(Path.of(file)).stream()
                    .map(String::strip)
                    .filter(line -> !line.isEmpty())
                    .findFirst()
                    .orElseThrow(() ->
                            new IllegalArgumentException("names an empty file; write the JDBC URL on its first line"));
        } catch (IOException | UncheckedIOException | InvalidPathException e) {
            throw new IllegalArgumentException("names no readable file ("
                    + (e instanceof NoSuchFileException
                            ? "no such file"
                            : e.getClass().getSimpleName()) + "); write -p url=@FILE with the JDBC URL in FILE");
        }
    }

    @Override
    public String describe() {
        return "JDBC URL, or @FILE holding one";
    }
}
