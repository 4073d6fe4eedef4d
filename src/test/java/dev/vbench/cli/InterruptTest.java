package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.testing.TestCode;
import dev.vbench.testing.VbenchProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Stopping a run (Ctrl-C, or a TERM from cron or CI; both run the JVM's shutdown hooks) keeps what
 * finished: the cell in progress is written with the trials it completed and status interrupted,
 * and the tables and a one-line note are still printed. The tasks are {@link #TICK}'s: each adds a byte to a
 * file as it starts, so the test stops the run once it is where the test needs it, not after a fixed sleep.
 */
@Isolated // a stopped child JVM must end within a bound in seconds: nothing else may compete for the CPUs
class InterruptTest {

    /** Tasks that say when they start ({@code -p marks=FILE}): one that sleeps, one that never looks at the interrupt. */
    static final String TICK = """
            import java.nio.file.*;

            public class Tick {
                /** Bound with -p marks=…: the file each task adds a byte to as it starts. */
                public static String marks;

                public static long sleep(long i) throws Exception {
                    mark();
                    Thread.sleep(200);
                    return i;
                }

                /** About 0.1-0.3 s of arithmetic that never looks at the interrupt. */
                public static long spin(long i) {
                    mark();
                    long x = i;
                    for (long k = 0; k < 100_000_000L; k++) {
                        x = x * 31 + 7;
                    }
                    return x;
                }

                static void mark() {
                    try {
                        Files.write(Path.of(marks), new byte[] {1}, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
            }
            """;

    @TempDir
    static Path shared;

    /** {@link #TICK} compiled once for the class. */
    static Path classes;

    @TempDir
    Path tmp;

    private Path marks;

    @BeforeAll
    static void compile() throws Exception {
        classes = TestCode.classes(shared.resolve("classes"), Map.of("Tick.java", TICK), Map.of());
    }

    @BeforeEach
    void marks() {
        marks = tmp.resolve("marks");
    }

    @Test
    void stoppedRunKeepsFinishedTrialsAndSaysSo() throws Exception {
        Path json = tmp.resolve("r.json");
        Path log = tmp.resolve("out.log");
        Process p = startMeasuring(
                log,
                "run",
                "--classpath",
                classes.toString(),
                "-w",
                "Tick::sleep",
                "-p",
                "marks=" + marks,
                "-e",
                "fixed:threads=1",
                "--tasks",
                "3",
                "--trials",
                "60",
                "--warmup",
                "0",
                "-o",
                json.toString());
        // each trial takes 0.6 s (60 in all, 36 s), one task at a time: the 5th task started (4 counting a check
        // call before the trials, if any) means the first trial ended
        awaitTasks(p, log, 5);
        p.destroy(); // SIGTERM: the same shutdown path as Ctrl-C
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "vbench did not stop");
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(out.contains("vbench: interrupted; finished cells were kept"), out);
        assertTrue(out.contains("cell interrupted after"), out);
        RunResult result = ResultCodec.read(json);
        CellResult cell = result.cells().get(0);
        assertEquals(CellStatus.INTERRUPTED, cell.status(), out);
        assertTrue(cell.trials().size() >= 1 && cell.trials().size() < 60, out);
        assertTrue(cell.trials().stream().allMatch(t -> t.completed() == 3), "kept trials are complete ones");
    }

    /**
     * The sequential executor runs every task on the thread that Ctrl-C interrupts, and nothing there waits on
     * a semaphore: the trial must stop at the next task, whether the task threw on the interrupt (sleep) or
     * never looked at it (CPU), not run on until the JVM gives up waiting (30 s) with nothing printed.
     */
    @ParameterizedTest
    @ValueSource(strings = {"Tick::sleep", "Tick::spin"})
    void sequentialTrialStopsAtTheNextTask(String workload) throws Exception {
        Path json = tmp.resolve("s.json");
        Path log = tmp.resolve("seq.log");
        Process p = startMeasuring(
                log,
                "run",
                "--classpath",
                classes.toString(),
                "-w",
                workload,
                "-p",
                "marks=" + marks,
                "-e",
                "sequential",
                "--tasks",
                "100000",
                "--trials",
                "2",
                "--warmup",
                "0",
                "-o",
                json.toString());
        awaitTasks(p, log, 3); // inside the first trial (hours long): its second task started, or its third
        long stopped = System.nanoTime();
        p.destroy();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "vbench did not stop");
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - stopped);
        String out = Files.readString(log, StandardCharsets.UTF_8);
        // one task is at most 0.2 s (sleep) or about 0.3 s (spin) here; the JVM's own limit is 30 s
        assertTrue(seconds < 20, "took " + seconds + " s to stop: " + out);
        assertTrue(out.contains("vbench: interrupted; finished cells were kept"), out);
        assertEquals(
                CellStatus.INTERRUPTED, ResultCodec.read(json).cells().get(0).status(), out);
    }

    /** Waits until {@code tasks} tasks of {@link #TICK} have started (60 s at most: then the assertions say why). */
    private void awaitTasks(Process p, Path log, int tasks) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (p.isAlive() && System.nanoTime() < deadline && (!Files.exists(marks) || Files.size(marks) < tasks)) {
            Thread.sleep(20);
        }
        assertTrue(p.isAlive(), () -> "vbench ended before its tasks ran: " + read(log));
    }

    private static String read(Path log) {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** Starts vbench in a child JVM and returns once it has printed its header (the measured trials begin). */
    private static Process startMeasuring(Path log, String... args) throws Exception {
        Process p = VbenchProcess.start(log, VbenchProcess.QUICK_START, args);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (p.isAlive()
                && System.nanoTime() < deadline
                && !Files.readString(log, StandardCharsets.UTF_8).contains("measured trials")) {
            Thread.sleep(20);
        }
        return p;
    }
}
