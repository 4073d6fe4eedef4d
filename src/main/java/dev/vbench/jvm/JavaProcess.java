package dev.vbench.jvm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM run to its end, its output (stdout and stderr together) in a log file: the forks of
 * {@code vbench run --forks} and of {@code vbench calibrate --forks}. When the waiting thread is
 * interrupted (Ctrl-C, TERM), the child is stopped, and killed after a grace period, before the
 * interrupt goes on: no fork outlives the run that started it.
 */
public final class JavaProcess {

    private static final long STOP_GRACE_SECONDS = 5;

    private JavaProcess() {}

    /** How a child ended: its pid, its exit code, and the log its output went to. */
    public record Ended(long pid, int exitCode, Path log) {

        /** The log's lines. */
        public List<String> lines() throws IOException {
            return Files.readAllLines(log, StandardCharsets.UTF_8);
        }

        /** The last line of the log that is not blank, for a one-line error; "no output" when there is none. */
        public String lastLine() {
            try {
                List<String> lines = lines().stream().filter(l -> !l.isBlank()).toList();
                return lines.isEmpty() ? "no output" : lines.get(lines.size() - 1).strip();
            } catch (IOException e) {
                return "no output (" + e.getMessage() + ")";
            }
        }
    }

    /** Starts {@code command} with its output going to {@code log} and waits for it to end. */
    public static Ended run(List<String> command, Path log) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            return new Ended(process.pid(), process.waitFor(), log);
        } catch (InterruptedException e) {
            process.destroy();
            if (!process.waitFor(STOP_GRACE_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            throw e;
        }
    }
}
