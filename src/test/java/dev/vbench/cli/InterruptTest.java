package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.testing.VbenchProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Stopping a run (Ctrl-C, or a TERM from cron or CI; both run the JVM's shutdown hooks) keeps what
 * finished: the cell in progress is written with the trials it completed and status interrupted,
 * and the tables and a one-line note are still printed.
 */
@Isolated // a stopped child JVM must end within a bound in seconds: nothing else may compete for the CPUs
class InterruptTest {

    @TempDir
    Path tmp;

    @Test
    void stoppedRunKeepsFinishedTrialsAndSaysSo() throws Exception {
        Path json = tmp.resolve("r.json");
        Path log = tmp.resolve("out.log");
        Process p = startMeasuring(
                log,
                "run",
                "-w",
                "io",
                "-p",
                "duration=200ms",
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
        // each trial takes 0.6 s (60 in all, 36 s): once the run is planned, let a few trials finish (8 s: a loaded
        // machine may take seconds to start the engine and the first trial), then stop
        Thread.sleep(8000);
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
    @ValueSource(strings = {"io:duration=200ms", "cpu:iterations=100000000"})
    void sequentialTrialStopsAtTheNextTask(String workload) throws Exception {
        String[] w = workload.split(":");
        Path json = tmp.resolve("s.json");
        Path log = tmp.resolve("seq.log");
        Process p = startMeasuring(
                log,
                "run",
                "-w",
                w[0],
                "-p",
                w[1],
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
        Thread.sleep(3000); // inside the first trial (hours long), also where starting the engine takes seconds
        long stopped = System.nanoTime();
        p.destroy();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "vbench did not stop");
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - stopped);
        String out = Files.readString(log, StandardCharsets.UTF_8);
        // one task is at most 0.2 s (io) or about 0.3 s (cpu) here; the JVM's own limit is 30 s
        assertTrue(seconds < 20, "took " + seconds + " s to stop: " + out);
        assertTrue(out.contains("vbench: interrupted; finished cells were kept"), out);
        assertEquals(
                CellStatus.INTERRUPTED, ResultCodec.read(json).cells().get(0).status(), out);
    }

    /** Starts vbench in a child JVM and returns once it has printed its header (the measured trials begin). */
    private static Process startMeasuring(Path log, String... args) throws Exception {
        Process p = VbenchProcess.start(log, List.of(), args);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (p.isAlive()
                && System.nanoTime() < deadline
                && !Files.readString(log, StandardCharsets.UTF_8).contains("measured trials")) {
            Thread.sleep(20);
        }
        return p;
    }
}
