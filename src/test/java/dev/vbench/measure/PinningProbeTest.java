package dev.vbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.engine.CellPlan;
import dev.vbench.engine.Engine;
import dev.vbench.engine.RunListener;
import dev.vbench.engine.RunPlan;
import dev.vbench.executor.ExecutorStrategies;
import dev.vbench.jvm.JavaCommand;
import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.PinnedStack;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.result.Telemetry;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.Params;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.SecondJdk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Acceptance 2: a task that blocks inside {@code synchronized} on a virtual thread pins its
 * carrier before JDK 24 and does not on JDK 24+ (JEP 491). The test JVM (JDK 25 here) runs the
 * JDK 24+ branch in process; the JDK 21–23 branch runs for real in a child JVM on the second JDK
 * ({@link SecondJdk}: {@code .ci/run} provides a Temurin 21), and is skipped without one. A class
 * initializer that blocks pins on every JDK, which shows the probe does record events where they happen.
 */
@Isolated // JFR records the pinned events of every thread in the JVM
class PinningProbeTest {

    static final int TASKS = 16;

    @TempDir
    Path dataRoot;

    @Test
    void blockingInsideSynchronizedPinsOnlyBeforeJdk24() throws Exception {
        assertPinningByJdk(
                run(new SynchronizedSleep(), "virtual", 1), Runtime.version().feature());
    }

    /** The same cell in a child JVM on the second JDK (21): there every task pins its carrier. */
    @Test
    void onTheSecondJdkBlockingInsideSynchronizedPins() throws Exception {
        Path java = SecondJdk.requireJava();
        Path out = dataRoot.resolve("jdk21-result.json");
        List<String> command = JavaCommand.of(java, List.of(), Child.class.getName());
        command.addAll(List.of(dataRoot.toString(), out.toString()));
        Process child = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(dataRoot.resolve("child.log").toFile())
                .start();
        assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the JDK 21 child did not finish in 2 minutes");
        assertEquals(0, child.exitValue(), () -> "JDK 21 child failed: " + read(dataRoot.resolve("child.log")));
        RunResult result = ResultCodec.read(out);
        int feature = Runtime.Version.parse(result.environment().javaVersion()).feature();
        assertTrue(feature >= 21 && feature < 24, () -> "the second JDK is not 21–23: " + result.environment());
        CellResult cell = result.cells().get(0);
        assertPinningByJdk(cell, feature);
        System.out.println("PinningProbeTest: JDK " + feature + " branch ran on " + java + " ("
                + result.environment().javaVersion() + "): "
                + cell.trials().get(0).telemetry().pinnedEvents()
                + " pinned events for " + TASKS + " tasks blocking inside synchronized");
    }

    /** Runs the synchronized-sleep cell in this JVM and writes the run to a result file: args DATA_DIR OUT. */
    public static final class Child {
        public static void main(String[] args) throws Exception {
            CellResult cell = runCell(new SynchronizedSleep(), "virtual", 1, Path.of(args[0]));
            RunResult run = new RunResult(
                    RunResult.SCHEMA,
                    EnvironmentProbe.capture("test", "PinningProbeTest.Child"),
                    RunSettings.trials(1, 1).withSeed(42),
                    List.of(cell));
            Files.writeString(Path.of(args[1]), ResultCodec.toJson(run));
        }
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static void assertPinningByJdk(CellResult cell, int feature) {
        for (TrialResult t : cell.trials()) {
            Telemetry telemetry = t.telemetry();
            if (feature < 24) {
                assertTrue(
                        telemetry.pinnedEvents() >= TASKS,
                        () -> "JDK " + feature + ": every task parks while holding a monitor: " + telemetry);
                assertTrue(
                        telemetry.pinnedStacks().stream()
                                .flatMap(s -> s.frames().stream())
                                .anyMatch(f -> f.contains(SynchronizedSleep.class.getSimpleName())),
                        telemetry::toString);
            } else {
                assertEquals(
                        0,
                        telemetry.pinnedEvents(),
                        () -> "JDK " + feature + " does not pin in synchronized: " + telemetry);
                assertTrue(telemetry.pinnedStacks().isEmpty(), telemetry::toString);
            }
            assertNotNull(telemetry.scheduler(), "virtual cells record the scheduler");
            assertTrue(telemetry.scheduler().parallelism() >= 1);
            assertNotNull(telemetry.gcPauses());
        }
    }

    @Test
    void blockingInAClassInitializerPinsOnEveryJdk() throws Exception {
        CellResult cell = run(new ClassInitSleep(), "virtual", 0);
        Telemetry telemetry = cell.trials().get(0).telemetry();
        assertTrue(telemetry.pinnedEvents() >= 1, telemetry::toString);
        PinnedStack top = telemetry.pinnedStacks().get(0);
        assertTrue(top.frames().stream().anyMatch(f -> f.contains("<clinit>")), top::toString);
        assertTrue(top.totalNanos() >= 1_000_000, () -> "the initializer sleeps 5 ms: " + top);
        assertFalse(top.frames().stream().anyMatch(f -> f.startsWith("java.lang.VirtualThread.")), top::toString);
    }

    @Test
    void platformThreadCellsAreNotRecorded() throws Exception {
        CellResult cell = run(new SynchronizedSleep(), "fixed:threads=2", 0);
        Telemetry telemetry = cell.trials().get(0).telemetry();
        assertEquals(-1, telemetry.pinnedEvents());
        assertNull(telemetry.scheduler());
        assertNotNull(telemetry.gcPauses());
    }

    @Test
    void warnsAboutSynchronizedBeforeJdk24Only() {
        List<CellConfig> cells = List.of(config("sql", "virtual"), config("jar", "fixed:threads=4"));
        String warning = PinningProbe.synchronizedPinningWarning(21, cells).orElseThrow();
        assertTrue(
                warning.startsWith("JDK 21 pins a virtual thread's carrier while it blocks inside synchronized"),
                warning);
        assertTrue(warning.contains(", so sql on virtual threads may measure pinning"), warning);
        assertTrue(PinningProbe.synchronizedPinningWarning(24, cells).isEmpty());
        assertTrue(PinningProbe.synchronizedPinningWarning(21, List.of(config("jar", "fixed:threads=4")))
                .isEmpty());
    }

    @Test
    void aggregateKeepsTheMostFrequentStacksFirst() {
        PinningProbe.Aggregate a = new PinningProbe.Aggregate();
        a.add(List.of("a.B.c:1"), "", 10);
        a.add(List.of("x.Y.z:2"), "Native frame", 5);
        a.add(List.of("x.Y.z:2"), "Native frame", 7);
        List<PinnedStack> top = a.top(1);
        assertEquals(List.of(new PinnedStack(2, 12, "Native frame", List.of("x.Y.z:2"))), top);
    }

    private CellResult run(WorkloadProvider provider, String executor, int warmup) throws Exception {
        return runCell(provider, executor, warmup, dataRoot);
    }

    static CellResult runCell(WorkloadProvider provider, String executor, int warmup, Path dataRoot) throws Exception {
        Params params = Params.resolve(provider.name(), provider.params(), Map.of());
        CellPlan cell = new CellPlan("c1", provider, params, ExecutorStrategies.parse(executor), TASKS, 0);
        RunPlan plan = new RunPlan(List.of(cell), RunSettings.trials(warmup, 1).withSeed(42), dataRoot);
        TrialProbes probes = TrialProbes.standard(true, Duration.ZERO, m -> {
            throw new AssertionError("unexpected warning: " + m);
        });
        CellResult result = new Engine(NanoClock.SYSTEM, probes)
                .run(plan, Fixtures.environment(), RunListener.NONE)
                .cells()
                .get(0);
        assertEquals(CellStatus.OK, result.status());
        assertEquals(
                0,
                result.failures(),
                () -> result.trials().get(0).failureSamples().toString());
        return result;
    }

    private static CellConfig config(String workload, String executor) {
        return CellConfig.closed(
                workload, Map.of(), ExecutorStrategies.parse(executor).info(), 10, 0);
    }

    /** Each task sleeps 2 ms while holding its own (escaped, so never elided) monitor. */
    static final class SynchronizedSleep implements WorkloadProvider {
        private final Object[] locks = new Object[TASKS];

        SynchronizedSleep() {
            for (int i = 0; i < locks.length; i++) {
                locks[i] = new Object();
            }
        }

        @Override
        public String name() {
            return "sync-sleep";
        }

        @Override
        public String description() {
            return "Thread.sleep(2ms) inside synchronized";
        }

        @Override
        public List<ParamSpec<?>> params() {
            return List.of();
        }

        @Override
        public Workload create(Params params) {
            Task task = index -> {
                synchronized (locks[(int) (index % locks.length)]) {
                    Thread.sleep(2);
                    return index;
                }
            };
            return () -> task;
        }
    }

    /** Task 0 initialises a class whose static initializer sleeps 5 ms. */
    static final class ClassInitSleep implements WorkloadProvider {
        @Override
        public String name() {
            return "clinit-sleep";
        }

        @Override
        public String description() {
            return "Thread.sleep(5ms) in a static initializer";
        }

        @Override
        public List<ParamSpec<?>> params() {
            return List.of();
        }

        @Override
        public Workload create(Params params) {
            Task task = index -> index == 0 ? SlowInit.VALUE : index;
            return () -> task;
        }
    }

    static final class SlowInit {
        static final long VALUE;

        static {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            VALUE = System.nanoTime() & 1;
        }
    }
}
