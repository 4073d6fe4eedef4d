package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.CellResult;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.result.TrialCounter;
import dev.vbench.result.TrialResult;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.JmhFixture;
import dev.vbench.testing.JmhRuns;
import dev.vbench.testing.TestCode;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JMH benchmarks written the way their authors write them, from the fixture jar ({@link JmhFixture}, compiled with
 * JMH's annotation processor): a benchmark inherited from an abstract superclass, nested classes by JMH's spelling,
 * a class of which only some benchmarks can run.
 */
class JmhAsWrittenTest {

    @TempDir
    Path tmp;

    JmhRuns jmh;

    @BeforeEach
    void runsInTmp() {
        jmh = new JmhRuns(tmp);
    }

    @Test
    void anInheritedBenchmarkRunsWithItsInheritedSetupInEverySubclassAndNotInTheAbstractOne() throws Exception {
        // JMH's spelling of a nested class; the benchmark, its @State and its @Setup are the superclass's
        CliRun r = jmh.runLogged("-w", "acme.bench.Inherited.Cos", "-e", "sequential", "--concurrency", "1");
        assertEquals(0, r.code(), r::toString);
        RunResult result = ResultCodec.read(tmp.resolve("r.json"));
        assertEquals(1, result.cells().size());
        CellResult cell = result.cells().get(0);
        assertEquals("acme.bench.Inherited$Cos::bench", cell.config().workload());
        assertEquals(0, cell.failures(), cell::toString); // the method throws when its inherited @Setup did not run
        List<String> log = Files.readAllLines(tmp.resolve("fixtures.log"));
        assertEquals(
                3, log.stream().filter(l -> l.equals("Inherited.setup Cos")).count(), log::toString); // 1 warmup + 2

        // the binary name runs the same benchmark; the interface's default @Benchmark method is no benchmark (as JMH)
        CliRun sin = jmh.run("-w", "acme.bench.Inherited$Sin", "-e", "sequential", "--concurrency", "1");
        assertEquals(0, sin.code(), sin::toString);
        assertEquals(
                List.of("acme.bench.Inherited$Sin::bench"),
                ResultCodec.read(tmp.resolve("r.json")).cells().stream()
                        .map(c -> c.config().workload())
                        .toList());

        jmh.run("-w", "acme.bench.Inherited.Base")
                .assertUsageError("class acme.bench.Inherited$Base is abstract; JMH runs"
                        + " the @Benchmark methods it declares in each concrete subclass: name a subclass");
    }

    @Test
    void listFindsNestedAndInheritedBenchmarksByTheirJmhNames() {
        CliRun r = CliRun.of("list", "--classpath", JmhFixture.benchmarksJar().toString());
        assertEquals(0, r.code(), r::toString);
        assertTrue(
                r.out().contains("acme.bench.Inherited$Cos::bench — JMH benchmark acme.bench.Inherited.Cos.bench,"),
                r::toString);
        assertTrue(
                r.out().contains("acme.bench.Inherited$Sin::bench — JMH benchmark acme.bench.Inherited.Sin.bench,"),
                r::toString);
        assertFalse(r.out().contains("Inherited.Base"), r::toString);
        assertFalse(r.out().contains("fromInterface"), r::toString);
        assertFalse(r.out().contains("not found"), r::toString);
        // a method named by JMH's spelling of its class
        CliRun one = CliRun.of(
                "list", "--classpath", JmhFixture.benchmarksJar().toString(), "-w", "acme.bench.Inherited.Cos::bench");
        assertEquals(0, one.code(), one::toString);
        assertTrue(one.out().contains("acme.bench.Inherited$Cos::bench"), one::toString);
    }

    @Test
    void aClassRunsTheBenchmarksItCanAndNamesTheSkippedOnesWithTheReason() throws Exception {
        CliRun r = jmh.run("-w", "acme.bench.Partial", "-e", "sequential");
        assertEquals(0, r.code(), r::toString);
        RunResult result = ResultCodec.read(tmp.resolve("r.json"));
        assertEquals(
                List.of("acme.bench.Partial::first", "acme.bench.Partial::second"),
                result.cells().stream().map(c -> c.config().workload()).toList());
        List<String> skipped =
                r.err().lines().filter(l -> l.startsWith("vbench: skipped ")).toList();
        assertEquals(2, skipped.size(), r::toString);
        assertTrue(
                skipped.get(0)
                        .startsWith("vbench: skipped acme.bench.Partial::reader: acme.bench.Partial::reader"
                                + " uses @State(Scope.Group) acme.bench.Partial$Shared"),
                skipped::toString);
        assertTrue(skipped.get(1).startsWith("vbench: skipped acme.bench.Partial::writer: "), skipped::toString);

        // named alone, a method that cannot run is still refused (exit 2)
        jmh.run("-w", "acme.bench.Partial::reader")
                .assertUsageError("uses @State(Scope.Group) acme.bench.Partial$Shared");
    }

    @Test
    void aBenchmarkThatIsNotPublicIsSkippedWithThatReasonNotTheMethodHint() throws Exception {
        // compiled without JMH's annotation processor (it would refuse the class): a jar a build made without it
        Path classes = TestCode.classes(
                tmp.resolve("hidden"), Map.of("acme/Hidden.java", """
                package acme;
                import org.openjdk.jmh.annotations.*;
                @State(Scope.Benchmark)
                public class Hidden {
                    public int x = 3;
                    @Benchmark public int shown() { return x + 1; }
                    @Benchmark int hidden() { return x + 2; }
                }
                """), Map.of(), List.of(JmhFixture.jmhCore()));
        String cp = classes + File.pathSeparator + JmhFixture.jmhCore();
        CliRun r = CliRun.of(
                "run",
                "--classpath",
                cp,
                "-w",
                "acme.Hidden",
                "-e",
                "sequential",
                "--tasks",
                "100",
                "--trials",
                "1",
                "--warmup",
                "0",
                "--no-progress",
                "-o",
                tmp.resolve("r.json").toString());
        assertEquals(0, r.code(), r::toString);
        assertEquals(
                List.of("acme.Hidden::shown"),
                ResultCodec.read(tmp.resolve("r.json")).cells().stream()
                        .map(c -> c.config().workload())
                        .toList());
        assertEquals(
                List.of("vbench: skipped acme.Hidden::hidden: @Benchmark method acme.Hidden.hidden is not public;"
                        + " JMH and vbench run public methods only: make it public"),
                r.err().lines().filter(l -> l.startsWith("vbench: skipped ")).toList(),
                r::toString);
        assertFalse(r.err().contains("CLASS::METHOD"), r::toString);

        CliRun alone =
                CliRun.of("run", "--classpath", cp, "-w", "acme.Hidden::hidden", "-e", "sequential", "--no-progress");
        alone.assertUsageError("@Benchmark method acme.Hidden.hidden is not public; JMH and vbench run public methods"
                + " only: make it public");
    }

    @Test
    void fixturesTakeTheStatesTheyDependOnAndABlackholeAsInJmhsStatesDag() throws Exception {
        CliRun r = jmh.runLogged("-w", "acme.bench.Dag", "-e", "fixed:threads=2", "--concurrency", "2");
        assertEquals(0, r.code(), r::toString);
        CellResult cell = ResultCodec.read(tmp.resolve("r.json")).cells().get(0);
        assertEquals(0, cell.failures(), cell::toString); // the method throws when Local was set up before Shared
        List<String> log = Files.readAllLines(tmp.resolve("fixtures.log"));
        // per trial (1 warmup + 2): one Shared, one Local per client, each given the trial's Shared
        assertEquals(3, log.stream().filter(l -> l.equals("Dag.shared")).count(), log::toString);
        assertEquals(6, log.stream().filter(l -> l.equals("Dag.local 42")).count(), log::toString);
        assertEquals(6, log.stream().filter(l -> l.equals("Dag.done 40")).count(), log::toString);
        assertTrue(log.indexOf("Dag.shared") < log.indexOf("Dag.local 42"), log::toString);
    }

    @Test
    void aPerInvocationFixtureTakesTheStateItDependsOnAsJmhsPerInvokeSetupSample() throws Exception {
        CliRun r = jmh.runLogged(
                "-w",
                "acme.bench.CopyPerCall",
                "-e",
                "sequential",
                "-e",
                "fixed:threads=2",
                "--concurrency",
                "2",
                "--tasks",
                "50");
        assertEquals(0, r.code(), r::toString);
        for (CellResult cell : ResultCodec.read(tmp.resolve("r.json")).cells()) {
            // the method throws on a stale copy, the teardown when the trial's own data was sorted
            assertEquals(0, cell.failures(), cell::toString);
        }
        List<String> log = Files.readAllLines(tmp.resolve("fixtures.log"));
        long fresh = log.stream().filter(l -> l.equals("Copy.fresh")).count();
        assertTrue(
                fresh >= 2 * 3 * 50, () -> fresh + " copies"); // two cells, three trials of 50 tasks: one copy per call
        assertEquals(fresh, log.stream().filter(l -> l.equals("Copy.check")).count());
    }

    @Test
    void theRunSaysOncePerCellWhichJmhAnnotationsItDoesNotApplyAndWhatDoesTheSame() {
        CliRun r = jmh.run("-w", "acme.bench.Annotated::run", "-e", "sequential", "-e", "virtual");
        assertEquals(0, r.code(), r::toString);
        String note = "JMH annotations vbench does not apply (its options decide): @Fork(jvmArgs=[-Xmx1g,"
                + " -XX:+UseParallelGC], value=2) → --forks 2, --jvm-args fork='-Xmx1g -XX:+UseParallelGC'; @Warmup(batchSize=50,"
                + " iterations=2) → --warmup 2 (whole trials, not timed iterations), --batch 50 (calls per task);"
                + " @Measurement(batchSize=100, iterations=3, time=200, timeUnit=MILLISECONDS) → --trials 3 (whole trials,"
                + " not timed iterations), --batch 100 (calls per task); @Threads(4) → --concurrency 4 with an executor"
                + " (-e), e.g. -e fixed:threads=4; @Timeout(time=10) → --task-timeout 10s (per task, not per iteration).";
        List<String> lines = r.out()
                .lines()
                .filter(l -> l.contains("JMH annotations vbench does not apply"))
                .toList();
        // one line per cell (two executors) under each of the two tables
        assertEquals(
                List.of("sequential: " + note, "virtual: " + note, "sequential: " + note, "virtual: " + note),
                lines,
                r::toString);
        CellResult cell = ResultCodec.read(tmp.resolve("r.json")).cells().get(0);
        assertTrue(cell.notes().contains(note), cell.notes()::toString);
    }

    @Test
    void whenEveryCellFailedTheLineSaysAllNotTheOthers() {
        CliRun r =
                jmh.run("-w", "acme.bench.Broken::setupFails", "-p", "mode=fail", "-e", "virtual", "-e", "sequential");
        assertEquals(1, r.code(), r::toString);
        assertTrue(r.errLine().endsWith("(all 2 cells failed)"), r::toString);
    }

    @Test
    void auxCountersAreReportedPerTrialAndPerCellAsJmhReportsThem() throws Exception {
        CliRun r = jmh.run(
                "-w",
                "acme.bench.Counted::split",
                "-e",
                "sequential",
                "-e",
                "fixed:threads=2",
                "--concurrency",
                "2",
                "--tasks",
                "300");
        assertEquals(0, r.code(), r::toString);
        RunResult result = ResultCodec.read(tmp.resolve("r.json"));
        assertEquals(2, result.cells().size());
        for (CellResult cell : result.cells()) {
            for (TrialResult t : cell.trials()) {
                Map<String, TrialCounter> byName = new HashMap<>();
                t.counters().forEach(c -> byName.put(c.name(), c));
                assertEquals(Set.of("evens", "odds", "total", "seen"), byName.keySet(), t.counters()::toString);
                // every call counted once per trial, summed over the clients' states (and seen's 7 reset to 0 first)
                assertEquals(
                        300, byName.get("evens").count() + byName.get("odds").count(), t.counters()::toString);
                assertEquals(300, byName.get("total").count());
                assertEquals(300, byName.get("seen").count());
                assertEquals(TrialCounter.OPERATIONS, byName.get("evens").kind());
                assertEquals(TrialCounter.EVENTS, byName.get("seen").kind());
                assertEquals(300 * 1e9 / t.makespanNanos(), byName.get("total").value(t.makespanNanos()), 1e-6);
            }
        }
        String table = r.out()
                .lines()
                .filter(l -> l.contains("counters (median per trial)"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(r.toString()));
        assertTrue(table.startsWith("acme.bench.Counted::split"), table);
        assertTrue(r.out().contains("evens (ops/s)"), r::toString);
        assertTrue(r.out().contains("seen (#)"), r::toString);
        String row = r.out()
                .lines()
                .filter(l -> l.matches("300 +sequential +\\d+ .*"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(r.toString()));
        assertTrue(row.endsWith(" 300  ±∞"), row); // seen: each trial's count
    }

    @Test
    void compareMatchesAuxCountersWithJmhsSecondaryResults() throws Exception {
        Path jmhJson = jmh.jmh(
                "acme.bench.Counted.split$",
                "-wi",
                "1",
                "-i",
                "2",
                "-w",
                "50ms",
                "-r",
                "50ms",
                "-bm",
                "thrpt",
                "-tu",
                "s");
        CliRun r =
                jmh.run("-w", "acme.bench.Counted::split", "-e", "sequential", "--concurrency", "1", "--tasks", "2000");
        assertEquals(0, r.code(), r::toString);
        CliRun c =
                CliRun.of("compare", jmhJson.toString(), tmp.resolve("r.json").toString());
        assertEquals(0, c.code(), c::toString);
        for (String counter : List.of("evens", "odds", "total", "seen")) {
            String line = c.out()
                    .lines()
                    .filter(l -> l.startsWith("Counted.split:" + counter + " "))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(counter + ": " + c));
            assertTrue(line.contains(counter.equals("seen") ? " # " : " ops/s "), line);
            assertFalse(line.contains("—"), line); // both columns have it
        }
        assertFalse(c.out().contains("only in"), c::toString);
    }
}
