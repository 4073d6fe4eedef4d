package dev.vbench.app;

import dev.vbench.spi.Redactor;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;

/**
 * stdout and stderr as vbench writes them: every piece of text passes {@link Redactor} before it reaches
 * the terminal, a pipe or a CI log, whoever wrote it (a command, picocli's own parse errors and help, a
 * warning, a stack trace with {@code --stacktrace}). Text is held until a flush (every {@code println}
 * of an auto-flushing writer, the progress bar's every redraw) or until a line ends past
 * {@value #HELD_CHARS} characters, and masked a whole piece at a time, so a secret printed in two
 * {@code print} calls is still one piece.
 *
 * <pre>{@code
 * PrintWriter err = RedactingWriter.wrap(new PrintWriter(System.err, true));
 * err.println("vbench: cannot connect to jdbc:postgresql://h/db?password=s3cret"); // …?password=***
 * }</pre>
 */
public final class RedactingWriter extends Writer {

    /** Characters held before the text up to its last line break is masked and passed on without a flush. */
    static final int HELD_CHARS = 1 << 16;

    private final Writer out;
    private final StringBuilder held = new StringBuilder();

    private RedactingWriter(Writer out) {
        this.out = out;
    }

    /** {@code out} behind a redacting writer, auto-flushing on {@code println}; one already wrapped is returned as it is. */
    public static PrintWriter wrap(PrintWriter out) {
        if (out instanceof Redacting) {
            return out;
        }
        return new Redacting(new RedactingWriter(out));
    }

    /** The type of a wrapped writer, so that wrapping twice does nothing. */
    private static final class Redacting extends PrintWriter {
        Redacting(RedactingWriter w) {
            super(w, true);
        }
    }

    @Override
    public void write(char[] chars, int offset, int length) throws IOException {
        synchronized (held) {
            held.append(chars, offset, length);
            if (held.length() > HELD_CHARS) {
                int lineEnd = Math.max(held.lastIndexOf("\n"), held.lastIndexOf("\r"));
                if (lineEnd >= 0) {
                    out.write(Redactor.redact(held.substring(0, lineEnd + 1)));
                    held.delete(0, lineEnd + 1);
                }
            }
        }
    }

    @Override
    public void flush() throws IOException {
        synchronized (held) {
            if (!held.isEmpty()) {
                out.write(Redactor.redact(held.toString()));
                held.setLength(0);
            }
            out.flush();
        }
    }

    @Override
    public void close() throws IOException {
        flush();
        out.close();
    }
}
