package dev.vbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.executor.ExecutorStrategies;
import dev.vbench.result.CellResult;
import dev.vbench.result.RunSettings;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.Params;
import dev.vbench.spi.WorkloadProvider;
import dev.vbench.workload.Workloads;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        CellResult cell = new ForkRunner().runCell(plan.cells().get(0), plan, RunListener.NONE);
        assertEquals(CellResult.OK, cell.status());
        assertEquals(List.of(0, 1, 2), cell.trials().stream().map(TrialResult::index).toList());
        assertEquals(List.of(1, 1, 2), cell.trials().stream().map(TrialResult::fork).toList(), "3 trials over 2 forks: 2 + 1");
        assertEquals(3, cell.summary(dev.vbench.result.Metric.MAKESPAN).n());
    }

    @Test
    void childCommandReproducesTheCell() {
        List<String> java = ForkRunner.javaCommand();
        assertTrue(java.get(0).endsWith("java"), java::toString);
        assertEquals(ForkRunner.MAIN_CLASS, java.get(java.size() - 1));
        assertTrue(java.stream().noneMatch(a -> a.startsWith("-agentlib:jdwp")));
        List<String> args = ForkRunner.childArguments(noopCell(), new RunSettings(1, 4, 2, 7), dataRoot, 2, 2,
                Path.of("/tmp/out.json"));
        assertEquals(List.of(ForkRunner.COMMAND, "--workload", "noop", "--executor", "virtual", "--tasks", "10",
                "--concurrency", "0", "--duration-nanos", "0", "--rate", "0.0", "--timeout-nanos", "0", "--warmup", "1", "--trials", "2", "--seed", "7", "--data-dir",
                dataRoot.toAbsolutePath().toString(), "--fork", "2", "--out", "/tmp/out.json"), args);
    }
}
