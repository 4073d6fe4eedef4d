package dev.vbench.testing;

import dev.vbench.cli.Cli;
import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * Runs the vbench CLI in-process and captures exit code, stdout and stderr.
 *
 * <pre>{@code
 * CliRun r = CliRun.of("run", "-w", "noop", "--tasks", "10");
 * assertEquals(0, r.code());
 * }</pre>
 */
public record CliRun(int code, String out, String err) {

    public static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        // a run replaces System.out and System.err for its length: one at a time in this JVM (SystemOutput)
        int code = SystemOutput.runs(args)
                ? SystemOutput.lockedUnchecked(
                        () -> Cli.run(new PrintWriter(out, true), new PrintWriter(err, true), args))
                : Cli.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new CliRun(code, out.toString(), err.toString());
    }

    /**
     * Asserts a usage error as the CLI promises it: exit 2, nothing on stdout, one line on stderr that
     * starts with {@code vbench: }, contains {@code expected} and shows no exception.
     */
    public void assertUsageError(String expected) {
        org.junit.jupiter.api.Assertions.assertEquals(2, code, this::toString);
        org.junit.jupiter.api.Assertions.assertEquals("", out, this::toString);
        String line = err.strip();
        org.junit.jupiter.api.Assertions.assertFalse(line.contains("\n"), () -> "not one line: " + this);
        org.junit.jupiter.api.Assertions.assertTrue(line.startsWith("vbench: "), this::toString);
        org.junit.jupiter.api.Assertions.assertTrue(
                line.contains(expected), () -> "expected '" + expected + "' in: " + line);
        org.junit.jupiter.api.Assertions.assertFalse(line.contains("Exception"), this::toString);
    }

    /** Lines of stderr that are not the run's informational header. */
    public String errLine() {
        return err.strip();
    }

    @Override
    public String toString() {
        return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}
