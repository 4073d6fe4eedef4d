package dev.vbench.app;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What user code prints while vbench runs it: {@code System.out} and {@code System.err} are replaced for
 * the run by streams that count the bytes and keep the first {@value #KEPT_LINES} lines, so a task that
 * prints megabytes can break neither vbench's own output ({@code -o -}, {@code --format json}: vbench
 * writes through the streams it was started with) nor the progress bar. When the run ends the streams
 * are put back and one line says how much was printed, with its first lines.
 *
 * <pre>{@code
 * try (UserOutput captured = UserOutput.capture()) {
 *     runTheTasks();
 *     captured.summary().ifPresent(warnings::warning); // "user code printed 10.0 MB to stdout: first lines …"
 * }
 * }</pre>
 */
final class UserOutput implements AutoCloseable {

    /** Lines of the user's output shown once. */
    static final int KEPT_LINES = 3;
    /** Characters of a kept line shown. */
    private static final int LINE_CHARS = 120;

    private final PrintStream previousOut;
    private final PrintStream previousErr;
    private final Counting out = new Counting();
    private final Counting err = new Counting();

    private UserOutput() {
        previousOut = System.out;
        previousErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    /** Replaces {@code System.out} and {@code System.err} until {@link #close()}. */
    static UserOutput capture() {
        return new UserOutput();
    }

    /** One line about what user code printed, or empty when it printed nothing. */
    Optional<String> summary() {
        List<String> parts = new ArrayList<>();
        out.describe("stdout").ifPresent(parts::add);
        err.describe("stderr").ifPresent(parts::add);
        return parts.isEmpty()
                ? Optional.empty()
                : Optional.of("user code printed " + String.join(" and ", parts)
                        + " while it ran (counted, not shown; vbench's own output stays apart)");
    }

    @Override
    public void close() {
        System.out.flush();
        System.err.flush();
        System.setOut(previousOut);
        System.setErr(previousErr);
    }

    /** Counts bytes and keeps the first lines; never blocks the task on I/O. */
    private static final class Counting extends OutputStream {
        private long bytes;
        private final StringBuilder kept = new StringBuilder();
        private int lines;

        @Override
        public synchronized void write(int b) {
            bytes++;
            keep((char) (b & 0xff));
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            bytes += len;
            for (int i = off; i < off + len && lines < KEPT_LINES; i++) {
                keep((char) (b[i] & 0xff));
            }
        }

        private void keep(char c) {
            if (lines >= KEPT_LINES) {
                return;
            }
            if (c == '\n') {
                lines++;
                kept.append(" | ");
            } else if (c >= ' ' && kept.length() < KEPT_LINES * (LINE_CHARS + 3)) {
                kept.append(c);
            }
        }

        synchronized Optional<String> describe(String stream) {
            if (bytes == 0) {
                return Optional.empty();
            }
            String first = kept.toString().replaceAll(" \\| $", "");
            return Optional.of(bytes + " bytes to " + stream + " (first lines: " + first + ")");
        }
    }
}
