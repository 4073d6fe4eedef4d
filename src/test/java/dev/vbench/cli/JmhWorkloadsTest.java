package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.JmhFixture;
import dev.vbench.testing.JmhRuns;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The user's JMH benchmarks as workloads: an archetype-style shaded {@code benchmarks.jar} (built by
 * {@link JmhFixture} with JMH 1.37's annotation processor), run by class and by method, its states,
 * fixtures, parameters and Blackhole given JMH's meaning, and each bad input as one line.
 */
@Isolated // the harness floor compares a nanosecond method's time with vbench's own, both measured: nothing else may
// run
class JmhWorkloadsTest {

    @TempDir
    Path tmp;

    JmhRuns jmh;

    @BeforeEach
    void runsInTmp() {
        jmh = new JmhRuns(tmp);
    }

    @Test
    void aClassRunsEveryBenchmarkTimesEveryParamCombinationOnEveryExecutor() throws Exception {
        CliRun r = jmh.runLogged(
                "-w", "acme.bench.MixBench", "-e", "virtual", "-e", "fixed:threads=4", "--concurrency", "4");
        assertEquals(0, r.code(), r::toString);
        RunResult result = ResultCodec.read(tmp.resolve("r.json"));
        // 2 methods × size {8, 32} × word {a, bb} × 2 executors
        assertEquals(16, result.cells().size());
        List<String> seen = new ArrayList<>();
        for (CellResult c : result.cells()) {
            seen.add(c.config().workload() + " " + c.config().params() + " "
                    + c.config().executor().spec());
            assertEquals(0, c.failures(), c.config()::toString);
            assertEquals(2, c.trials().size());
        }
        assertEquals("acme.bench.MixBench::sum {size=8, word=a} virtual", seen.get(0));
        assertEquals("acme.bench.MixBench::sum {size=8, word=a} fixed:threads=4", seen.get(1));
        assertEquals("acme.bench.MixBench::sumInto {size=32, word=bb} fixed:threads=4", seen.get(15));
        // Level.Trial and Level.Iteration setups: once per vbench trial (1 warmup + 2 measured) per cell
        List<String> log = jmh.fixtureLog();
        assertEquals(16 * 3, JmhRuns.count(log, "MixBench.trial"), log::toString);
        assertEquals(16 * 3, JmhRuns.count(log, "MixBench.iteration"));
        assertEquals(16 * 3, JmhRuns.count(log, "MixBench.teardown"));
        assertEquals(4 * 3, JmhRuns.count(log, "MixBench.trial size=32 word=bb"));
        // Scope.Thread: one Counter per client (--concurrency 4) per trial, for sumInto's 8 cells
        assertEquals(8 * 3 * 4, JmhRuns.count(log, "Counter.trial"));
    }

    @Test
    void compareMatchesTheCellsWithJmhsOwnResultOfTheSameJar() throws Exception {
        Path jmhJson = jmh.jmh(
                "acme.bench.MixBench.sum$",
                "-wi",
                "1",
                "-i",
                "2",
                "-w",
                "50ms",
                "-r",
                "50ms",
                "-bm",
                "avgt",
                "-tu",
                "ns");
        CliRun r = jmh.run(
                "-w", "acme.bench.MixBench::sum", "-e", "virtual", "-e", "fixed:threads=4", "--concurrency", "4");
        assertEquals(0, r.code(), r::toString);
        CliRun c =
                CliRun.of("compare", jmhJson.toString(), tmp.resolve("r.json").toString());
        assertEquals(0, c.code(), c::toString);
        String[] header = c.out()
                .lines()
                .filter(l -> l.startsWith("Benchmark"))
                .findFirst()
                .orElseThrow()
                .trim()
                .split("\\s{2,}");
        assertEquals(
                List.of("Benchmark", "Mode", "Units", "jmh", "r virtual c=4", "r fixed:threads=4 c=4"),
                List.of(header).subList(0, 6),
                c::toString);
        for (String row : List.of("size=8 word=a", "size=8 word=bb", "size=32 word=a", "size=32 word=bb")) {
            String line = c.out()
                    .lines()
                    .filter(l -> l.startsWith(row + " "))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(c.toString()));
            assertTrue(line.contains("avgt  ns/op"), line);
            assertFalse(line.contains("—"), line); // every column has the cell
        }
        assertFalse(c.out().contains("only in"), c::toString);
    }

    @Test
    void oneMethodWithParamOverride() throws Exception {
        CliRun r = jmh.run("-w", "acme.bench.MixBench::sum", "-p", "size=100", "-e", "sequential");
        assertEquals(0, r.code(), r::toString);
        RunResult result = ResultCodec.read(tmp.resolve("r.json"));
        assertEquals(2, result.cells().size()); // size=100 × word {a, bb}
        assertEquals("100", result.cells().get(0).config().params().get("size"));
        assertEquals("bb", result.cells().get(1).config().params().get("word"));
    }

    @Test
    void listShowsTheBenchmarksAndHowJmhOptionsMap() {
        CliRun r = CliRun.of("list", "--classpath", JmhFixture.benchmarksJar().toString());
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("acme.bench.MixBench::sum — JMH benchmark acme.bench.MixBench.sum"), r::toString);
        assertTrue(r.out().contains("acme.bench.Costs::fourOps"), r::toString);
        CliRun detail = CliRun.of(
                "list", "--classpath", JmhFixture.benchmarksJar().toString(), "-w", "acme.bench.MixBench::sumInto");
        assertEquals(0, detail.code(), detail::toString);
        String text = detail.out().replaceAll("\\s+", " ");
        assertTrue(text.contains("size (default 8; int)"), detail::toString);
        assertTrue(text.contains("Counter one per client (Scope.Thread: needs --concurrency)"), text);
        assertTrue(
                text.contains(
                        "@Warmup(iterations=1, time=100, timeUnit=MILLISECONDS) → --warmup 1 (whole trials, not timed iterations)"),
                text);
        assertTrue(text.contains("@OperationsPerInvocation(4)"), text);
    }

    @Test
    void threadStateNeedsBoundedConcurrency() {
        jmh.run("-w", "acme.bench.MixBench::sumInto")
                .assertUsageError(
                        "uses @State(Scope.Thread) acme.bench.MixBench$Counter: one instance per concurrent client");
    }

    @Test
    void jmhClassWithoutJmhCore() {
        CliRun r = CliRun.of(
                "run",
                "--classpath",
                JmhFixture.classesOnlyJar().toString(),
                "-w",
                "acme.bench.Costs",
                "--tasks",
                "10",
                "--no-progress",
                "--quiet");
        r.assertUsageError("class acme.bench.Costs is a JMH benchmark, but jmh-core is not on the class path");
    }

    @Test
    void scopeGroupIsRefusedWithTheReason() {
        jmh.run("-w", "acme.bench.Broken::grouped")
                .assertUsageError("uses @State(Scope.Group) acme.bench.Broken$Shared:"
                        + " a group state is shared by the threads of one JMH @Group");
    }

    @Test
    void aSetupThatThrowsFailsItsCellAndTheOthersAreKept() {
        CliRun r = jmh.run(
                "-w", "acme.bench.Broken::setupFails", "-p", "mode=fail,ok", "-e", "virtual", "-e", "sequential");
        assertEquals(1, r.code(), r::toString);
        List<String> errLines = r.errLine()
                .lines()
                .filter(l -> !l.matches("vbench: \\d+ cell\\(s\\).*"))
                .filter(l -> !l.startsWith("vbench: warning: the machine was busy"))
                .toList(); // the build machine's load
        assertEquals(1, errLines.size(), r::toString);
        String line = errLines.get(0);
        assertTrue(
                line.startsWith("vbench: workload code failed while calling @Setup(Level.Trial) method"
                        + " acme.bench.Broken$Failing.open of acme.bench.Broken::setupFails: java.lang.IllegalStateException:"
                        + " cannot open the test database (at acme.bench.Broken$Failing.open(Broken.java:"),
                line);
        assertTrue(line.endsWith("(2 cells failed; the others ran and were kept)"), line);
        RunResult result = ResultCodec.read(tmp.resolve("r.json"));
        assertEquals(
                List.of(CellStatus.FAILED, CellStatus.FAILED, CellStatus.OK, CellStatus.OK),
                result.cells().stream().map(CellResult::status).toList());
        assertEquals(2, result.cells().get(2).trials().size());
        assertEquals(2, result.cells().get(3).trials().size());
    }

    @Test
    void aSetupThatThrowsInAForkFailsItsCellTooAndTheOthersAreKept() {
        CliRun r = jmh.run(
                "-w",
                "acme.bench.Broken::setupFails",
                "-p",
                "mode=fail,ok",
                "-e",
                "sequential",
                "--forks",
                "1",
                "--tasks",
                "20",
                "--warmup",
                "0");
        assertEquals(1, r.code(), r::toString);
        assertTrue(
                r.errLine()
                        .contains("vbench: workload code failed while calling @Setup(Level.Trial) method"
                                + " acme.bench.Broken$Failing.open of acme.bench.Broken::setupFails"),
                r::toString);
        RunResult result = ResultCodec.read(tmp.resolve("r.json"));
        assertEquals(
                List.of(CellStatus.FAILED, CellStatus.OK),
                result.cells().stream().map(CellResult::status).toList());
        assertEquals(2, result.cells().get(1).trials().size());
    }

    @Test
    void invocationFixturesRunAroundEachTaskOutsideItsTime() throws Exception {
        CliRun r = jmh.runLogged(
                "-w",
                "acme.bench.PerCall::tiny",
                "-e",
                "sequential",
                "-e",
                "fixed:threads=2",
                "--concurrency",
                "2",
                "--tasks",
                "30");
        assertEquals(0, r.code(), r::toString);
        List<String> log = jmh.fixtureLog();
        // 2 cells × (1 warmup + 2 measured trials) × 30 tasks, plus the check call before the first trial
        long calls = 2 * 3 * 30;
        assertTrue(
                JmhRuns.count(log, "PerCall.setup") >= calls && JmhRuns.count(log, "PerCall.setup") <= calls + 2,
                log::toString);
        assertEquals(JmhRuns.count(log, "PerCall.setup"), JmhRuns.count(log, "PerCall.teardown"));
        RunResult result = ResultCodec.read(tmp.resolve("r.json"));
        for (CellResult c : result.cells()) {
            for (var t : c.trials()) {
                // each setup sleeps 5 ms around a method of a few ns: none of it is in the task's latency
                assertTrue(
                        t.latency().p50Nanos() < 1_000_000,
                        () -> c.config() + ": p50 " + t.latency().p50Nanos());
                assertTrue(t.makespanNanos() >= 50_000_000L, () -> "the makespan spans the fixtures: " + t);
            }
        }
        assertTrue(
                r.out().contains("Level.Invocation fixtures run around each task, outside its timed region"),
                r::toString);
        jmh.run("-w", "acme.bench.PerCall::tiny", "-e", "sequential", "--batch", "10")
                .assertUsageError(
                        "has @Setup or @TearDown(Level.Invocation): they run around each task, untimed, and --batch 10");
    }

    @Test
    void theHarnessFloorIsStatedForANanosecondMethodAndNotForAMillisecondOne() {
        CliRun tiny =
                jmh.run("-w", "acme.bench.Costs::fourOps", "-e", "sequential", "--tasks", "300000", "--warmup", "3");
        assertEquals(0, tiny.code(), tiny::toString);
        assertTrue(tiny.out().contains("sequential ‡"), tiny::toString);
        assertTrue(tiny.out().contains("‡ sequential: "), tiny::toString);
        assertTrue(
                tiny.out().contains("per task is within 10x vbench's own cost per task on this executor ("),
                tiny::toString);
        assertTrue(
                tiny.out().contains("--batch N (N calls per task, as JMH's measurement loop) amortizes it"),
                tiny::toString);
        RunResult result = ResultCodec.read(tmp.resolve("r.json"));
        assertTrue(result.cells().get(0).harnessFloorNanos() > 0);
        assertTrue(result.cells().get(0).nearHarnessFloor());

        CliRun slow = jmh.run("-w", "acme.bench.Costs::sleep1ms", "-e", "sequential", "--tasks", "20");
        assertEquals(0, slow.code(), slow::toString);
        assertFalse(slow.out().contains("‡"), slow::toString);
        assertFalse(ResultCodec.read(tmp.resolve("r.json")).cells().get(0).nearHarnessFloor());
    }

    @Test
    void batchCallsTheOperationNTimesPerTaskAndFiguresArePerOperation() {
        CliRun r = jmh.run(
                "-w",
                "acme.bench.MixBench::sumInto",
                "-p",
                "size=8",
                "-p",
                "word=a",
                "-e",
                "sequential",
                "--concurrency",
                "1",
                "--tasks",
                "1000",
                "--batch",
                "25");
        assertEquals(0, r.code(), r::toString);
        RunResult result = ResultCodec.read(tmp.resolve("r.json"));
        CellResult cell = result.cells().get(0);
        assertEquals(25, cell.config().batch());
        assertEquals(4, cell.config().operationsPerCall());
        assertEquals(100, cell.config().operationsPerTask());
        assertEquals(1000, cell.trials().get(0).completed()); // tasks, each 25 calls of 4 operations
        assertTrue(r.out().contains("time/op"), r::toString);
        assertTrue(r.out().contains("ops/s"), r::toString);
        assertTrue(
                r.out()
                        .contains("sequential: one task = 25 calls (--batch) × 4 operations per call"
                                + " (@OperationsPerInvocation): throughput (ops/s) and time/op are per operation; latency percentiles are"
                                + " per task, i.e. per batch of 25 calls"),
                r::toString);
    }

    @Test
    void batchZeroIsRefused() {
        jmh.run("-w", "acme.bench.Costs::fourOps", "--batch", "0").assertUsageError("--batch");
    }

    @Test
    void aParamValueThatDoesNotConvert() {
        // JMH's annotation processor rejects a declared value that does not convert; a -p value reaches vbench
        jmh.run("-w", "acme.bench.MixBench::sum", "-p", "size=8,big")
                .assertUsageError(
                        "parameter 'size' of workload" + " 'acme.bench.MixBench::sum': 'big' does not convert to int");
    }
}
