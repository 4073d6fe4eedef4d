package dev.vbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.engine.CellPlan;
import dev.vbench.engine.Engine;
import dev.vbench.engine.RunListener;
import dev.vbench.engine.RunPlan;
import dev.vbench.executor.ExecutorStrategy;
import dev.vbench.loader.UserCode;
import dev.vbench.measure.Histograms;
import dev.vbench.measure.NanoClock;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.Metric;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.Params;
import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.SlowFirst;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One contract over every built-in workload × every executor strategy (HdrHistogram's habit of
 * one test against every implementation): the workload prepares, its single operation verifies
 * as correct, and a small cell runs through the engine with every task completing and every
 * histogram consistent with the task count.
 */
@Tag(SlowFirst.SLOW)
class WorkloadContractTest {

    /**
     * Small parameters per workload so the whole matrix stays fast. A new workload adds one line;
     * a workload missing here runs with its defaults.
     */
    static final Map<String, Map<String, String>> SMALL = Map.ofEntries(
            Map.entry("io", Map.of("duration", "1ms")),
            Map.entry("cpu", Map.of("iterations", "10000")),
            Map.entry("noop", Map.of()),
            Map.entry("sql", Map.of("op", "insertKeyword", "connections", "2")),
            Map.entry("hello", Map.of()),
            Map.entry("http", Map.of("connections", "4", "server-threads", "2")),
            Map.entry("jar", Map.of("entry", "small-compressed", "fanout", "2")),
            Map.entry(
                    "thumbnail",
                    Map.of("files", "2", "cache", "warm")), // cold decodes 1920x1080 JPEGs: ThumbnailWorkloadTest
            Map.entry("render", Map.of("requests", "4")));

    /** Tasks per trial in the contract run. */
    static final long TASKS = 8;

    @TempDir
    static Path dataRoot;

    static List<String> workloadNames() {
        return Workloads.all().stream().map(WorkloadProvider::name).toList();
    }

    @ParameterizedTest(name = "{0} verifies its operation")
    @MethodSource("workloadNames")
    void operationIsCorrect(String name) throws Exception {
        WorkloadProvider provider = Workloads.byName(name);
        assertFalse(provider.description().isBlank());
        Params params = Params.resolve(name, provider.params(), SMALL.getOrDefault(name, Map.of()));
        try (Workload w = provider.create(params)) {
            w.prepare(new PrepareContext(dataRoot.resolve(name), 42, m -> {}, PrepareContext.Progress.NONE));
            String verified = w.verify();
            assertNotNull(verified);
        }
    }

    /**
     * Every workload on every executor in one run, as {@code -w a -w b ... -e x -e y ...} runs them: each
     * workload's cells make one table row, which shares one prepared workload, and vbench's own cost per
     * task on each executor is measured once for the run instead of once per workload.
     */
    static RunResult everyWorkloadOnEveryExecutor;

    /** The executors of that run, in the order of each row's cells. */
    static List<ExecutorStrategy> executors;

    @BeforeAll
    static void runEveryWorkloadOnEveryExecutor() throws Exception {
        executors = UserCode.builtIn().executors(); // built-ins + ExecutorProviders on the class path
        List<CellPlan> cells = new ArrayList<>();
        for (String workload : workloadNames()) {
            WorkloadProvider provider = Workloads.byName(workload);
            Params params = Params.resolve(workload, provider.params(), SMALL.getOrDefault(workload, Map.of()));
            for (ExecutorStrategy e : executors) {
                cells.add(new CellPlan(
                        "c" + (cells.size() + 1),
                        provider,
                        params,
                        UserCode.builtIn().executor(e.name()),
                        TASKS,
                        0));
            }
        }
        RunPlan plan = new RunPlan(cells, RunSettings.trials(0, 2).withSeed(42), dataRoot);
        everyWorkloadOnEveryExecutor = new Engine(NanoClock.SYSTEM).run(plan, Fixtures.environment(), RunListener.NONE);
    }

    /** The workload's row of the shared run: a cell per executor, each checked on its own. */
    @ParameterizedTest(name = "{0} on every executor")
    @MethodSource("workloadNames")
    void runsOnEveryExecutor(String workload) throws Exception {
        List<CellResult> row = everyWorkloadOnEveryExecutor.cells().stream()
                .filter(c -> c.config().workload().equals(workload))
                .toList();
        assertEquals(executors.size(), row.size());
        for (int i = 0; i < executors.size(); i++) {
            String executor = executors.get(i).name();
            CellResult c = row.get(i);
            String on = workload + " on " + executor + ": ";
            assertEquals(CellStatus.OK, c.status(), () -> on + c.notes());
            assertEquals(2, c.trials().size(), on);
            for (TrialResult t : c.trials()) {
                assertEquals(0, t.failures(), () -> on + "failures: " + t.failureSamples());
                assertEquals(TASKS, t.completed(), on);
                assertEquals(TASKS, Histograms.decode(t.histograms().endToEnd()).getTotalCount(), on);
                assertEquals(TASKS, Histograms.decode(t.histograms().service()).getTotalCount(), on);
                assertTrue(t.makespanNanos() > 0, on);
            }
            assertNotNull(c.summary(Metric.MAKESPAN), on);
            assertEquals(executor, c.config().executor().kind(), on);
        }
    }
}
