package dev.vbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.config.Defaults;
import dev.vbench.executor.ExecutorStrategies;
import dev.vbench.measure.NanoClock;
import dev.vbench.measure.TrialProbes;
import dev.vbench.profile.ProfileRequest;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.Metric;
import dev.vbench.result.RunSettings;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.Params;
import dev.vbench.spi.WorkloadProvider;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.SlowFirst;
import dev.vbench.workload.Workloads;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag(SlowFirst.SLOW)
class ForkRunnerTest {

    @TempDir
    Path dataRoot;

    private static CellPlan noopCell() {
        WorkloadProvider noop = Workloads.byName("noop");
        return new CellPlan(
                "c1",
                noop,
                Params.resolve("noop", noop.params(), Map.of()),
                ExecutorStrategies.parse("virtual"),
                10,
                0);
    }

    /** A tiny cell (noop, 10 tasks, 1 fork, 2 trials) runs in another JVM and comes back as fork 1. */
    @Test
    void trialsRunInAnotherJvm() throws Exception {
        ForkRunner.Fork fork = new ForkRunner()
                .runFork(noopCell(), RunSettings.trials(0, 2).withForks(1).withSeed(42), dataRoot, 1, 2);
        assertNotEquals(ProcessHandle.current().pid(), fork.pid(), "the trials ran in a child process");
        assertEquals(2, fork.trials().size());
        for (TrialResult t : fork.trials()) {
            assertEquals(10, t.completed());
        }
    }

    @Test
    void mergesForksAndNumbersThemFromOne() throws Exception {
        RunPlan plan = new RunPlan(
                List.of(noopCell()), RunSettings.trials(0, 3).withForks(2).withSeed(42), dataRoot);
        CellResult cell = new Engine(NanoClock.SYSTEM)
                .run(plan, Fixtures.environment(), RunListener.NONE)
                .cells()
                .get(0);
        assertEquals(CellStatus.OK, cell.status());
        assertEquals(
                List.of(0, 1, 2), cell.trials().stream().map(TrialResult::index).toList());
        assertEquals(
                List.of(1, 1, 2),
                cell.trials().stream().map(TrialResult::fork).toList(),
                "3 trials over 2 forks: 2 + 1");
        assertEquals(3, cell.summary(Metric.MAKESPAN).n());
    }

    @Test
    void childCommandReadsThePlanFromStdinAndNamesTheResultFileAndTheForkNumber() {
        List<String> java = ForkRunner.javaCommand();
        assertTrue(java.get(0).endsWith("java"), java::toString);
        assertEquals(ForkRunner.MAIN_CLASS, java.get(java.size() - 1));
        assertTrue(java.stream().noneMatch(a -> a.startsWith("-agentlib:jdwp")));
        assertEquals(
                List.of(ForkRunner.COMMAND, "-", "/tmp/out.json", "2"),
                ForkRunner.childArguments(Path.of("/tmp/out.json"), 2));
    }

    /** The plan carries every fact of the cell as one line (what the fork reads from stdin), and a cell rebuilt from it has the same configuration. */
    @Test
    void forkPlanCarriesTheCellOnOneLine() throws Exception {
        WorkloadProvider io = Workloads.byName("io");
        LoadShape open = LoadShape.OpenRate.forWindow(400, 50_000_000L, 4, 1_000_000L);
        CellPlan cell = new CellPlan(
                "exp/c3",
                io,
                Params.resolve("io", io.params(), Map.of("duration", "3ms")),
                ExecutorStrategies.parse("fixed:threads=3"),
                open);
        TrialProbes.Settings probes = new TrialProbes.Settings(true, Duration.ofMillis(2));
        String line = ForkPlan.of(cell, RunSettings.trials(2, 5).withForks(3).withSeed(7), dataRoot, probes, 2)
                .toLine();
        assertFalse(line.contains("\n"), line);
        ForkPlan read = ForkPlan.fromLine(line);
        assertEquals(
                RunSettings.trials(2, 2).withSeed(7),
                read.settings(),
                "warmup, this fork's share, no further forks, seed");
        assertEquals(probes, read.probes());
        assertEquals(dataRoot.toAbsolutePath().toString(), read.dataRoot());
        assertEquals(open, read.cell().load());
        assertEquals("exp/c3", read.cell().id());
    }

    /**
     * A secret parameter reaches the fork unredacted, on its stdin: no file of the fork holds it (its
     * command line names no plan file), and the fork's files are gone afterwards.
     */
    @Test
    void secretsReachTheForkOnStdinAndNoFileHoldsThem() throws Exception {
        String url = "jdbc:h2:mem:forksecret;USER=sa;PASSWORD=s3cr3t,with comma";
        WorkloadProvider sql = Workloads.byName("sql");
        CellPlan withSecret = new CellPlan(
                "c1",
                sql,
                Params.resolve("sql", sql.params(), Map.of("url", url, "connections", "1")),
                ExecutorStrategies.parse("virtual"),
                20,
                0);
        assertEquals(
                url,
                ForkPlan.fromLine(ForkPlan.of(
                                        withSecret,
                                        RunSettings.trials(0, 1).withForks(1).withSeed(42),
                                        dataRoot,
                                        TrialProbes.Settings.DEFAULTS,
                                        1)
                                .toLine())
                        .cell()
                        .params()
                        .get("url"));
        Path scratch = Files.createDirectory(dataRoot.resolve("scratch"));
        List<String> seen = new CopyOnWriteArrayList<>();
        Thread looker = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try (var files = Files.list(scratch)) {
                    for (Path f : files.toList()) {
                        try {
                            if (Files.readString(f).contains("s3cr3t")) {
                                seen.add(f.getFileName().toString());
                            }
                        } catch (IOException | UncheckedIOException gone) {
                            // removed meanwhile
                        }
                    }
                } catch (IOException e) {
                    return;
                }
                // a look every millisecond: a file lives at least as long as the fork's start; a look without a
                // pause took one of the machine's CPUs from the fork it watches
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        looker.start();
        ForkRunner.Fork fork;
        try {
            fork = new ForkRunner(TrialProbes.Settings.DEFAULTS, Defaults.TASK_TIMEOUT, ProfileRequest.OFF, scratch)
                    .runFork(withSecret, RunSettings.trials(0, 1).withForks(1).withSeed(42), dataRoot, 1, 1);
        } finally {
            looker.interrupt();
            looker.join();
        }
        assertEquals(1, fork.trials().size(), String.valueOf(fork.ended()));
        assertEquals(List.of(), seen, "no file of the fork held the secret while it ran");
        assertEquals(
                List.of(), planFiles(scratch), "the fork's result, log and state files are deleted after the fork");
    }

    /**
     * A fork whose parent is gone (its stdin pipe ends: the parent exited or was killed with {@code kill -9})
     * stops its cell and exits within seconds, instead of running the cell to its end.
     */
    @Test
    void aForkWhoseParentIsGoneExits() throws Exception {
        WorkloadProvider io = Workloads.byName("io");
        CellPlan slow = new CellPlan(
                "c1",
                io,
                Params.resolve("io", io.params(), Map.of("duration", "20ms")),
                ExecutorStrategies.parse("sequential"),
                100_000,
                0);
        String plan = ForkPlan.of(
                        slow,
                        RunSettings.trials(0, 1).withForks(1).withSeed(42),
                        dataRoot,
                        TrialProbes.Settings.DEFAULTS,
                        1)
                .toLine();
        List<String> command = new ArrayList<>(ForkRunner.javaCommand());
        command.addAll(ForkRunner.childArguments(dataRoot.resolve("out.json"), 1));
        Process fork = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(dataRoot.resolve("log").toFile())
                .start();
        try {
            fork.getOutputStream().write((plan + "\n").getBytes(StandardCharsets.UTF_8));
            fork.getOutputStream().flush();
            for (int i = 0; i < 600 && !Files.exists(dataRoot.resolve("out.json")); i++) {
                Thread.sleep(50); // the fork writes its placeholder result before its cell starts
            }
            assertTrue(Files.exists(dataRoot.resolve("out.json")), () -> "the fork did not start its cell");
            Thread.sleep(500);
            assertTrue(fork.isAlive(), "the cell runs for minutes");
            long closed = System.nanoTime();
            fork.getOutputStream().close(); // what the kernel does when the parent dies
            assertTrue(fork.waitFor(5, TimeUnit.SECONDS), "the fork still runs 5 s after its parent went");
            assertTrue(System.nanoTime() - closed < TimeUnit.SECONDS.toNanos(5));
        } finally {
            fork.destroyForcibly();
        }
    }

    private static List<Path> planFiles(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.sorted().toList();
        }
    }
}
