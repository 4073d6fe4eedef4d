package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.CellResult;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.result.SchedulerInfo;
import dev.vbench.result.TrialResult;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.SecondJdk;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The virtual-thread scheduler as an axis ({@code -e virtual:parallelism=…}), the in-flight ceiling and
 * the {@code structured} executor, through the command line.
 */
class SchedulerCliTest {

    @TempDir
    Path tmp;

    /** Each scheduler configuration in forks started with its properties; the result records what the JVM ran. */
    @Test
    void schedulerParametersRunInForksStartedWithThemAndTheResultRecordsTheEffectiveValues() throws Exception {
        Path json = tmp.resolve("p.json");
        CliRun r = CliRun.of(
                "run",
                "-w",
                "cpu",
                "-p",
                "iterations=1000",
                "--tasks",
                "4",
                "--warmup",
                "0",
                "--trials",
                "2",
                "-e",
                "virtual:parallelism=1,2",
                "-e",
                "fixed:threads=2",
                "--pinning",
                "off", // the forks' schedulers are checked, not pinning (ForkProbesTest): no JFR start in each fork
                "--data-dir",
                tmp.toString(),
                "-o",
                json.toString());
        assertEquals(0, r.code(), r::toString);
        assertTrue(
                r.err()
                        .contains("in forks with the JVM options their executor needs: virtual:parallelism=1"
                                + " (-Djdk.virtualThreadScheduler.parallelism=1), virtual:parallelism=2"
                                + " (-Djdk.virtualThreadScheduler.parallelism=2)"),
                r::toString);
        RunResult run = ResultCodec.read(json);
        assertEquals(
                List.of("virtual:parallelism=1", "virtual:parallelism=2", "fixed:threads=2"),
                run.cells().stream().map(c -> c.config().executor().spec()).toList());
        List<String> order = Fixtures.startOrder(run);
        assertEquals(
                Set.of("c1", "c2", "c3"),
                Set.copyOf(order.subList(0, 3)),
                "trials interleaved across the forks of the row, a round at a time: " + order);
        assertEquals(Set.of("c1", "c2", "c3"), Set.copyOf(order.subList(3, 6)), order::toString);
        for (CellResult c : run.cells()) {
            assertNull(c.config().jvm(), "no JVM column without --jvm");
            assertNull(c.jvm());
            assertEquals(
                    List.of(1, 2), c.trials().stream().map(TrialResult::fork).toList(), "every cell in forks alike");
        }
        for (int i = 0; i < 2; i++) {
            for (TrialResult t : run.cells().get(i).trials()) {
                SchedulerInfo s = t.telemetry().scheduler();
                assertEquals(i + 1, s.parallelism(), "the parallelism the fork's scheduler ran with");
                assertEquals(Map.of("jdk.virtualThreadScheduler.parallelism", String.valueOf(i + 1)), s.properties());
                assertEquals(Runtime.version().feature() >= 24 ? "mxbean" : "carrier-pool", s.source());
                assertTrue(s.load() != null && s.load().samples() > 0, s::toString);
            }
            assertEquals(i + 1, run.cells().get(i).config().executor().carrierParallelism());
        }
        assertNull(run.cells().get(2).trials().get(0).telemetry().scheduler(), "a pool has no scheduler to record");
    }

    /**
     * A pool of 20 lets 20 of the 100 tasks asked for be in flight (five waves of 200 ms); a virtual thread per task
     * all 100 (each task long enough for the 100th to start before the first ends on a loaded machine).
     */
    @Test
    void theInFlightCeilingShowsWhatTheExecutorLetRun() throws Exception {
        Path json = tmp.resolve("f.json");
        CliRun r = CliRun.of(
                "run",
                "-w",
                "io",
                "-p",
                "duration=200ms",
                "--tasks",
                "100",
                "--concurrency",
                "100",
                "--warmup",
                "0",
                "--trials",
                "1",
                "-e",
                "fixed:threads=20",
                "-e",
                "virtual",
                "--verbose",
                "--data-dir",
                tmp.toString(),
                "-o",
                json.toString());
        assertEquals(0, r.code(), r::toString);
        RunResult run = ResultCodec.read(json);
        assertEquals(
                20, run.cells().get(0).trials().get(0).telemetry().inFlight().ceiling());
        assertEquals(
                100, run.cells().get(1).trials().get(0).telemetry().inFlight().ceiling());
        assertTrue(
                r.out().lines().anyMatch(l -> l.contains(" fixed:threads=20 ") && l.contains(" 20/100 ")), r::toString);
        assertTrue(r.out().lines().anyMatch(l -> l.contains(" virtual ") && l.contains(" 100/100 ")), r::toString);
    }

    /** Subtasks in a StructuredTaskScope, in a fork with --enable-preview, beside virtual threads fanning out alike. */
    @Test
    void structuredRunsItsSubtasksInAPreviewFork() throws Exception {
        Path json = tmp.resolve("s.json");
        CliRun r = CliRun.of(
                "run",
                "-w",
                "io",
                "-p",
                "duration=1ms",
                "--tasks",
                "20",
                "--concurrency",
                "4",
                "--fanout",
                "3",
                "--warmup",
                "0",
                "--trials",
                "1",
                "-e",
                "virtual",
                "-e",
                "structured:joiner=await-all-successful",
                "--pinning",
                "off", // the subtasks are checked, not pinning: no JFR start in the forks
                "--data-dir",
                tmp.toString(),
                "-o",
                json.toString());
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.err().contains("structured:joiner=await-all-successful,fanout=3 (--enable-preview)"), r::toString);
        RunResult run = ResultCodec.read(json);
        assertEquals(
                List.of("virtual:fanout=3", "structured:joiner=await-all-successful,fanout=3"),
                run.cells().stream().map(c -> c.config().executor().spec()).toList());
        for (CellResult c : run.cells()) {
            TrialResult t = c.trials().get(0);
            assertEquals(20, t.completed(), c::toString);
            assertEquals(0, t.failures(), () -> t.failureSamples().toString());
            assertTrue(t.histograms() != null && t.makespanNanos() >= 1_000_000, c::toString);
        }
    }

    @Test
    void structuredIsRefusedInOneLineOnJdk21() {
        Path home = SecondJdk.require();
        CliRun structured = CliRun.of("run", "-w", "io", "--jvm", "j21=" + home, "-e", "structured", "--fanout", "10");
        structured.assertUsageError("-e structured:joiner=all-successful,fanout=10 on j21: JDK 21.");
        structured.assertUsageError(
                " has no StructuredTaskScope.open(Joiner), JDK 25's preview API (JEP 505); run it on a"
                        + " JDK 25 with --jvm 25 or --jvm LABEL=PATH");
        CliRun.of("run", "-w", "io", "--jvm", "j21=" + home, "-e", "virtual:pollerMode=2")
                .assertUsageError("does not read jdk.pollerMode and would run with its default; run it on a JDK that"
                        + " reads it");
    }

    /** What the JDK would not do as asked is one line and exit 2, before anything runs. */
    @Test
    void schedulerValuesTheJvmWouldNotHonourAreOneLineUsageErrors() {
        String jdk = "JDK " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")";
        CliRun.of("run", "-w", "io", "-e", "virtual:scheduler=com.acme.Sched")
                .assertUsageError(
                        "-e"
                                + " virtual:scheduler=com.acme.Sched: " + jdk
                                + " does not read jdk.virtualThreadScheduler.implClass and"
                                + " would run with its default; custom schedulers need a Loom early-access build: --jvm LABEL=PATH to one");
        if (Runtime.version().feature() == 25) { // JDK 25 knows poller modes 1 and 2
            CliRun.of("run", "-w", "io", "-e", "virtual:pollerMode=3")
                    .assertUsageError(
                            "-e virtual:pollerMode=3: " + jdk
                                    + " cannot do blocking I/O on a virtual thread with -Djdk.pollerMode=3: Can't parse '3' as polling mode");
        }
        CliRun.of("run", "-w", "io", "-e", "virtual:parallelism=8,maxPoolSize=2")
                .assertUsageError("executor 'virtual':"
                        + " parallelism 8 is above maxPoolSize 2, and the JDK would run 2 carriers without a word");
        CliRun.of("run", "-w", "io", "-e", "fixed", "--fanout", "4")
                .assertUsageError(
                        "--fanout 4: executor 'fixed' cannot"
                                + " fan out (its tasks would wait for subtasks on its own threads); use virtual, bounded-virtual or structured");
        CliRun.of("run", "-w", "io", "-e", "virtual:fanout=2", "--fanout", "4")
                .assertUsageError("--fanout 4 and -e" + " virtual:fanout=2 both set fanout; give it once");
        CliRun.of("run", "-w", "io", "--fanout", "0").assertUsageError("--fanout '0' is out of range; use 1 to 10000");
        CliRun.of("run", "-w", "io", "-e", "virtual:parallelism=1,parallelism=2")
                .assertUsageError("'parallelism' is"
                        + " given twice; list its values after one parallelism=, e.g. parallelism=1,2");
    }

    @Test
    void listSaysWhichSchedulerParametersThisJdkReads() {
        CliRun r = CliRun.of("list");
        assertEquals(0, r.code(), r::toString);
        String jdk = "JDK " + System.getProperty("java.version");
        assertTrue(
                r.out()
                        .lines()
                        .anyMatch(l -> l.contains("scheduler  (not set; class name)")
                                && l.endsWith("[not read by this " + jdk + "]")),
                r::toString);
        assertTrue(
                r.out().lines().anyMatch(l -> l.contains("parallelism  (not set;") && !l.contains("[not read")),
                r::toString);
        assertTrue(
                r.out()
                        .contains(
                                "parallelism, maxPoolSize, minRunnable, scheduler, pollerMode  the scheduler's, as for"
                                        + " virtual"),
                r::toString);
    }
}
