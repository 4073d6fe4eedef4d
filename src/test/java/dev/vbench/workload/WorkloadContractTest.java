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
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
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

    static Stream<Arguments> matrix() {
        List<Arguments> out = new ArrayList<>();
        for (WorkloadProvider w : Workloads.all()) {
            for (ExecutorStrategy e :
                    UserCode.builtIn().executors()) { // built-ins + ExecutorProviders on the class path
                out.add(Arguments.of(w.name(), e.name()));
            }
        }
        return out.stream();
    }

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

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("matrix")
    void runsOnEveryExecutor(String workload, String executor) throws Exception {
        WorkloadProvider provider = Workloads.byName(workload);
        Params params = Params.resolve(workload, provider.params(), SMALL.getOrDefault(workload, Map.of()));
        CellPlan cell = new CellPlan("c1", provider, params, UserCode.builtIn().executor(executor), TASKS, 0);
        RunPlan plan = new RunPlan(List.of(cell), RunSettings.trials(0, 2).withSeed(42), dataRoot);
        RunResult result = new Engine(NanoClock.SYSTEM).run(plan, Fixtures.environment(), RunListener.NONE);
        CellResult c = result.cells().get(0);
        assertEquals(CellStatus.OK, c.status());
        assertEquals(2, c.trials().size());
        for (TrialResult t : c.trials()) {
            assertEquals(0, t.failures(), () -> "failures: " + t.failureSamples());
            assertEquals(TASKS, t.completed());
            assertEquals(TASKS, Histograms.decode(t.histograms().endToEnd()).getTotalCount());
            assertEquals(TASKS, Histograms.decode(t.histograms().service()).getTotalCount());
            assertTrue(t.makespanNanos() > 0);
        }
        assertNotNull(c.summary(Metric.MAKESPAN));
        assertEquals(executor, c.config().executor().kind());
    }
}
