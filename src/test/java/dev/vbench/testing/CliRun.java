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
        int code = Cli.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new CliRun(code, out.toString(), err.toString());
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
