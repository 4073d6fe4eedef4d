package dev.vbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.executor.ExecutorStrategies;
import dev.vbench.measure.NanoClock;
import dev.vbench.testing.Fixtures;
import dev.vbench.result.CellResult;
import dev.vbench.result.RunSettings;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.ParamType;
import dev.vbench.spi.Params;
import dev.vbench.spi.WorkloadProvider;
import dev.vbench.workload.Workloads;
import dev.vbench.measure.TrialProbes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Tag;
import dev.vbench.testing.SlowFirst;

@Tag(SlowFirst.SLOW)
class ForkRunnerTest {

    @TempDir
    Path dataRoot;

    private static CellPlan noopCell() {
        WorkloadProvider noop = Workloads.byName("noop");
        return new CellPlan("c1", noop, Params.resolve("noop", noop.params(), Map.of()), ExecutorStrategies.parse("virtual"),
                10, 0);
    }

    /** A tiny cell (noop, 10 tasks, 1 fork, 2 trials) runs in another JVM and comes back as fork 1. */
    @Test
    void trialsRunInAnotherJvm() throws Exception {
        ForkRunner.Fork fork = new ForkRunner().runFork(noopCell(), new RunSettings(0, 2, 1, 42), dataRoot, 1, 2);
        assertNotEquals(ProcessHandle.current().pid(), fork.pid(), "the trials ran in a child process");
        assertEquals(2, fork.trials().size());
        for (TrialResult t : fork.trials()) {
            assertEquals(10, t.completed());
        }
    }

    @Test
    void mergesForksAndNumbersThemFromOne() throws Exception {
        RunPlan plan = new RunPlan(List.of(noopCell()), new RunSettings(0, 3, 2, 42), dataRoot);
        CellResult cell = new Engine(NanoClock.SYSTEM).run(plan, Fixtures.environment(), RunListener.NONE).cells().get(0);
        assertEquals(CellResult.OK, cell.status());
        assertEquals(List.of(0, 1, 2), cell.trials().stream().map(TrialResult::index).toList());
        assertEquals(List.of(1, 1, 2), cell.trials().stream().map(TrialResult::fork).toList(), "3 trials over 2 forks: 2 + 1");
        assertEquals(3, cell.summary(dev.vbench.result.Metric.MAKESPAN).n());
    }

    @Test
    void childCommandIsThePlanFileTheResultFileAndTheForkNumber() {
        List<String> java = ForkRunner.javaCommand();
        assertTrue(java.get(0).endsWith("java"), java::toString);
        assertEquals(ForkRunner.MAIN_CLASS, java.get(java.size() - 1));
        assertTrue(java.stream().noneMatch(a -> a.startsWith("-agentlib:jdwp")));
        assertEquals(List.of(ForkRunner.COMMAND, "/tmp/p.plan.json", "/tmp/out.json", "2"),
                ForkRunner.childArguments(Path.of("/tmp/p.plan.json"), Path.of("/tmp/out.json"), 2));
    }

    /**
     * The plan file carries every fact of the cell, the secret in a parameter included, is readable
     * by its owner only, and a cell rebuilt from it has the same configuration.
     */
    @Test
    void forkPlanCarriesTheCellAndOnlyItsOwnerCanReadIt() throws Exception {
        WorkloadProvider io = Workloads.byName("io");
        LoadShape open = LoadShape.OpenRate.forWindow(400, 50_000_000L, 4, 1_000_000L);
        CellPlan cell = new CellPlan("exp/c3", io, Params.resolve("io", io.params(), Map.of("duration", "3ms")),
                ExecutorStrategies.parse("fixed:threads=3"), open);
        TrialProbes.Settings probes = new TrialProbes.Settings(true, java.time.Duration.ofMillis(2));
        Path file = ForkPlan.of(cell, new RunSettings(2, 5, 3, 7), dataRoot, probes, 2).write();
        try {
            if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
            }
            ForkPlan read = ForkPlan.read(file);
            assertEquals(new RunSettings(2, 2, 0, 7), read.settings(), "warmup, this fork's share, no further forks, seed");
            assertEquals(probes, read.probes());
            assertEquals(dataRoot.toAbsolutePath().toString(), read.dataRoot());
            assertEquals(open, read.cell().load());
            assertEquals("exp/c3", read.cell().id());
        } finally {
            Files.delete(file);
        }
    }

    /** A secret parameter reaches the fork through the plan file, unredacted, and the file is gone afterwards. */
    @Test
    void secretsTravelInThePlanFileWhichIsDeletedAfterTheFork() throws Exception {
        Params secret = Params.resolve("noop", List.of(ParamSpec.of("url", "a URL", "x", ParamType.text())),
                Map.of("url", "postgresql://u:s3cret@h/db"));
        CellPlan withSecret = new CellPlan("c1", Workloads.byName("noop"), secret, ExecutorStrategies.parse("virtual"), 10, 0);
        Path plan = ForkPlan.of(withSecret, new RunSettings(0, 1, 1, 42), dataRoot, TrialProbes.Settings.DEFAULTS, 1).write();
        try {
            assertEquals(Map.of("url", "postgresql://u:s3cret@h/db"), ForkPlan.read(plan).cell().params());
        } finally {
            Files.delete(plan);
        }
        Path scratch = Files.createDirectory(dataRoot.resolve("scratch"));
        ForkRunner.Fork fork = new ForkRunner(TrialProbes.Settings.DEFAULTS, Engine.DEFAULT_TASK_TIMEOUT,
                dev.vbench.profile.ProfileRequest.OFF, scratch)
                .runFork(noopCell(), new RunSettings(0, 1, 1, 42), dataRoot, 1, 1);
        assertEquals(1, fork.trials().size());
        assertEquals(List.of(), planFiles(scratch), "the fork's plan, result and log files are deleted after the fork");
    }

    private static List<Path> planFiles(Path dir) throws java.io.IOException {
        try (var files = Files.list(dir)) {
            return files.sorted().toList();
        }
    }
}
