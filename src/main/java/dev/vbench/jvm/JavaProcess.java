package dev.vbench.jvm;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A child JVM run to its end, its output (stdout and stderr together) in a log file: the forks of
 * {@code vbench run --forks} and of {@code vbench calibrate --forks}. When the waiting thread is
 * interrupted (Ctrl-C, TERM), the child is stopped, and killed after a grace period, before the
 * interrupt goes on: no fork outlives the run that started it. A child can also be watched while it
 * runs ({@link Watch}): the watch may have it killed, saying why.
 *
 * <p>A vbench JVM tells the process that started it how far it got through a state file named in the
 * environment variable {@value #STATE_FILE} (the launcher {@code bin/vbench} for {@code run}, a parent
 * for its forks): {@code running} while user code may run, {@code done} once it only has to exit. A
 * child never inherits its parent's: it gets its own, or none.
 */
public final class JavaProcess {

    /** The environment variable naming a vbench JVM's state file; unset: none is written. */
    public static final String STATE_FILE = "VBENCH_LAUNCHER_STATE";
    /** The state file's first line while user code may run. */
    public static final String RUNNING = "running";
    /** The state file's first line once vbench has written what it had to and only exits. */
    public static final String DONE = "done";

    private static final long STOP_GRACE_SECONDS = 5;

    private JavaProcess() {}

    /** Looked at every poll while a child runs. */
    @FunctionalInterface
    public interface Watch {
        /** Why the child is killed now, or null to let it run on. */
        String verdict();
    }

    /**
     * How a child ended: its pid, its exit code, and the log its output went to.
     *
     * @param killed why a {@link Watch} had the child killed; null when it ended by itself
     */
    public record Ended(long pid, int exitCode, Path log, String killed) {

        /** The log's lines. */
        public List<String> lines() throws IOException {
            return Files.readAllLines(log, StandardCharsets.UTF_8);
        }

        /** The last line of the log that can say why the child failed ({@link #reasons}), for a one-line error; "no output" when there is none. */
        public String lastLine() {
            try {
                return lastReason(lines());
            } catch (IOException e) {
                return "no output (" + e.getMessage() + ")";
            }
        }
    }

    /** HotSpot's header above the reason a JVM could not start ("Multiple garbage collectors selected"). */
    private static final String VM_INIT_ERROR = "Error occurred during initialization of VM";

    /**
     * A line of HotSpot's unified logging with its default decorations: {@code [0.004s][warning][gc,ergo] text}
     * (uptime, level padded, tags padded), or a continuation line of a message, {@code [        ] text}.
     */
    private static final Pattern LOG_LINE =
            Pattern.compile("^\\[[0-9.]+s\\]\\[(\\w+)\\s*\\]\\[[\\w,\\s]+\\] ?(.*)$|^\\[\\s*\\] ");

    /**
     * The lines of a JVM's output that can say why it failed, stripped and not blank: its unified-logging lines
     * below error level (a warning such as "[warning][gc,ergo] NewSize … is greater than the MaxNewSize" comes
     * before the real reason and is not it) and HotSpot's "Error occurred during initialization of VM" header (the
     * reason is the line below it) left out, and an error line without its decorations.
     */
    public static List<String> reasons(List<String> lines) {
        List<String> reasons = new ArrayList<>();
        for (String line : lines) {
            if (line.strip().equals(VM_INIT_ERROR)) {
                continue; // HotSpot's header above the reason ("Multiple garbage collectors selected")
            }
            Matcher log = LOG_LINE.matcher(line);
            if (!log.find()) {
                if (!line.isBlank()) {
                    reasons.add(line.strip());
                }
            } else if ("error".equals(log.group(1)) && !log.group(2).isBlank()) {
                reasons.add(log.group(2).strip());
            }
        }
        return reasons;
    }

    /** The last of {@link #reasons} in {@code lines}, for a one-line error; "no output" when there is none. */
    public static String lastReason(List<String> lines) {
        List<String> reasons = reasons(lines);
        return reasons.isEmpty() ? "no output" : reasons.get(reasons.size() - 1);
    }

    /** Starts {@code command} with its output going to {@code log} and waits for it to end. */
    public static Ended run(List<String> command, Path log) throws IOException, InterruptedException {
        return run(command, log, null, null, 0, null);
    }

    /** As {@link #run(List, Path)}, with {@code input} (one line) on the child's stdin ({@link #run(List, Path, Path, Watch, long, String)}). */
    public static Ended run(List<String> command, Path log, String input) throws IOException, InterruptedException {
        return run(command, log, null, null, 0, input);
    }

    /** As {@link #run(List, Path, Path, Watch, long, String)}, nothing on the child's stdin. */
    public static Ended run(List<String> command, Path log, Path stateFile, Watch watch, long pollMillis)
            throws IOException, InterruptedException {
        return run(command, log, stateFile, watch, pollMillis, null);
    }

    /**
     * Starts {@code command} with its output going to {@code log} and waits for it to end, asking
     * {@code watch} every {@code pollMillis} whether to kill it (at once: a child that is killed is stuck,
     * and what it still had to write is not waited for).
     *
     * @param stateFile the child's state file ({@value #STATE_FILE}); null: none
     * @param watch null: the child is not watched
     * @param input one line written to the child's stdin (a fork's plan, secrets included: never on disk), whose
     *     pipe then stays open until the child ends, so that the child sees its end when this JVM is gone
     *     ({@link ParentWatch#untilEndOf}); null: nothing
     */
    public static Ended run(List<String> command, Path log, Path stateFile, Watch watch, long pollMillis, String input)
            throws IOException, InterruptedException {
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().remove(STATE_FILE); // this JVM's own, if any, is not the child's to write
        builder.environment()
                .remove(ParentWatch.LAUNCHER_PID); // the child's parent is this JVM, which it watches itself
        if (stateFile != null) {
            builder.environment().put(STATE_FILE, stateFile.toString());
        }
        Process process = builder.start();
        try (OutputStream stdin = process.getOutputStream()) {
            send(stdin, input);
            return waitFor(process, log, watch, pollMillis);
        } catch (InterruptedException e) {
            process.destroy();
            if (!process.waitFor(STOP_GRACE_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            throw e;
        }
    }

    /** Writes {@code input} and a line break to the child's stdin, leaving it open; a child that is gone already is not an error here. */
    private static void send(OutputStream stdin, String input) {
        if (input == null) {
            return;
        }
        try {
            stdin.write((input + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        } catch (IOException e) {
            // the child ended before it read: its exit code and log say why
        }
    }

    private static Ended waitFor(Process process, Path log, Watch watch, long pollMillis) throws InterruptedException {
        if (watch == null) {
            return new Ended(process.pid(), process.waitFor(), log, null);
        }
        while (!process.waitFor(pollMillis, TimeUnit.MILLISECONDS)) {
            String killed = watch.verdict();
            if (killed != null) {
                process.destroyForcibly();
                return new Ended(process.pid(), process.waitFor(), log, killed);
            }
        }
        return new Ended(process.pid(), process.exitValue(), log, null);
    }
}
