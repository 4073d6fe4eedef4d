package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.engine.Duet;
import dev.vbench.result.CellResult;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.JmhFixture;
import dev.vbench.testing.TestCode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two builds of the user's code in one run ({@code --build}): each row gets one verdict old vs new, the
 * trials of the builds interleave round by round (their start times show it), and the result names each
 * build's bytes. The new build's method sleeps 12 ms longer, far beyond any machine's noise.
 */
class BuildsCliTest {

    @TempDir
    static Path shared;

    /** The two builds of {@code demo.Work} the tests compare, compiled once for the class. */
    static Path old;

    static Path neu;

    @TempDir
    Path tmp;

    @BeforeAll
    static void compile() throws Exception {
        old = TestCode.classes(shared.resolve("old"), Map.of("demo/Work.java", work(1)), Map.of());
        neu = TestCode.classes(shared.resolve("new"), Map.of("demo/Work.java", work(13)), Map.of());
    }

    private static String work(int sleepMillis) {
        return "package demo; public class Work { public static void call() throws InterruptedException {"
                + " Thread.sleep(" + sleepMillis + "); } }";
    }

    private static String bench(int sleepMillis) {
        return "package demo; import org.openjdk.jmh.annotations.*; @State(Scope.Benchmark) public class SleepBench {"
                + " @Benchmark public void sleep() throws InterruptedException { Thread.sleep(" + sleepMillis
                + "); } }";
    }

    @Test
    void aMethodOfTwoBuildsIsComparedInOneRunAndTheSlowerBuildIsCalledSlower() throws Exception {
        Path json = tmp.resolve("r.json");
        CliRun r = CliRun.of(
                "run",
                "--build",
                "old=" + old,
                "--build",
                "new=" + neu,
                "-w",
                "demo.Work::call",
                "-e",
                "sequential",
                "--tasks",
                "10",
                "--warmup",
                "0",
                "--trials",
                "4",
                "--no-progress",
                "--data-dir",
                tmp.toString(),
                "-o",
                json.toString());
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("by build"), r::toString);
        assertTrue(
                r.out().lines().anyMatch(l -> l.matches("10 .*old.*new.*|10 .* \\+\\d+\\.\\d% \\(slower\\)")),
                r::toString);
        RunResult run = ResultCodec.read(json);
        assertEquals(
                List.of("old", "new"),
                run.cells().stream().map(c -> c.config().build()).toList());
        assertEquals(
                List.of("old", "new"),
                run.settings().builds().stream().map(b -> b.label()).toList());
        assertEquals(64, run.settings().builds().get(0).code().get(0).sha256().length(), "the build's bytes: SHA-256");
        assertRounds(run);
    }

    /**
     * {@code --duet}: the two builds' forks of a round run at once, each pinned to half of the CPUs: every trial
     * records half of them as its usable CPUs. Rows that are not two forked columns, and CPUs that do not split,
     * are refused in one line.
     */
    @Test
    void aDuetPinsEachBuildsForksToHalfTheCpus() throws Exception {
        List<Integer> cpus = Duet.allowedCpus();
        org.junit.jupiter.api.Assumptions.assumeTrue(
                cpus.size() % 2 == 0 && Duet.onPath("taskset"), "needs an even number of CPUs and taskset");
        Path json = tmp.resolve("r.json");
        CliRun r = CliRun.of(
                "run",
                "--build",
                "old=" + old,
                "--build",
                "new=" + neu,
                "-w",
                "demo.Work::call",
                "-e",
                "sequential",
                "--tasks",
                "5",
                "--warmup",
                "0",
                "--trials",
                "1",
                "--duet",
                "--no-progress",
                "--data-dir",
                tmp.toString(),
                "-o",
                json.toString());
        assertEquals(0, r.code(), r::toString);
        RunResult run = ResultCodec.read(json);
        assertEquals("duet", run.settings().order());
        for (CellResult cell : run.cells()) {
            assertEquals(1, cell.trials().size(), cell::toString);
            cell.trials()
                    .forEach(t -> assertEquals(
                            cpus.size() / 2, t.telemetry().machine().cpus(), t::toString));
        }
        CliRun.of(
                        "run",
                        "--build",
                        "old=" + old,
                        "--build",
                        "new=" + neu,
                        "-w",
                        "demo.Work::call",
                        "-e",
                        "sequential",
                        "-e",
                        "virtual",
                        "--duet")
                .assertUsageError("--duet runs the two columns of a row at once; the row of cell"
                        + " demo.Work::call | sequential | build old | tasks=10000 has 4 columns (give two builds, two JVMs or"
                        + " two executors, and no more)");
        CliRun.of("run", "-w", "noop", "-e", "sequential", "-e", "virtual", "--duet")
                .assertUsageError(
                        "--duet pins each column's forks to its CPUs; cell noop | sequential | tasks=10000 runs in this JVM: add"
                                + " --forks N (or compare builds or JVMs, which fork)");
        CliRun.of("run", "-w", "noop", "-e", "sequential", "-e", "virtual", "--duet", "--order", "grouped")
                .assertUsageError("--duet runs interleaved rounds, two units at a time; drop --order grouped");
    }

    @Test
    void aJmhBenchmarkOfTwoBuildsIsComparedInOneRun() throws Exception {
        List<Path> jmh = List.of(JmhFixture.jmhCore());
        Path oldBench = TestCode.classes(tmp.resolve("old"), Map.of("demo/SleepBench.java", bench(1)), Map.of(), jmh);
        Path newBench = TestCode.classes(tmp.resolve("new"), Map.of("demo/SleepBench.java", bench(13)), Map.of(), jmh);
        Path json = tmp.resolve("j.json");
        CliRun r = CliRun.of(
                "run",
                "--classpath",
                JmhFixture.jmhCore().toString(),
                "--build",
                "old=" + oldBench,
                "--build",
                "new=" + newBench,
                "-w",
                "demo.SleepBench",
                "-e",
                "sequential",
                "--tasks",
                "10",
                "--warmup",
                "0",
                "--trials",
                "4",
                "--forks",
                "2",
                "--no-progress",
                "--data-dir",
                tmp.toString(),
                "-o",
                json.toString());
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("(slower)"), r::toString);
        List<String> order = Fixtures.startOrder(ResultCodec.read(json));
        assertEquals(
                List.of("c1", "c1", "c2", "c2"),
                order.subList(0, 4).stream().sorted().toList(),
                "the first fork of each build (two trials each) before the second of either: " + order);
    }

    /** Every round of two trials, by start time, holds one trial of each build. */
    private static void assertRounds(RunResult run) {
        List<String> order = Fixtures.startOrder(run);
        assertEquals(8, order.size(), order::toString);
        for (int i = 0; i < order.size(); i += 2) {
            assertEquals(
                    List.of("c1", "c2"),
                    order.subList(i, i + 2).stream().sorted().toList(),
                    "round " + (i / 2) + ": " + order);
        }
        for (CellResult c : run.cells()) {
            assertEquals(
                    List.of(1, 2, 3, 4), c.trials().stream().map(t -> t.fork()).toList(), "a fork per trial");
        }
    }

    @Test
    void buildsThatCannotBeComparedAreRefusedInOneLine() throws Exception {
        CliRun.of("run", "--build", "old=" + old, "-w", "demo.Work::call")
                .assertUsageError(
                        "vbench: --build old is one build; give two or more to compare them (or --classpath for one)");
        CliRun.of("run", "--build", "old=" + old, "--build", "old=" + old, "-w", "demo.Work::call")
                .assertUsageError("vbench: --build old is given twice; give each build a label of its own");
        CliRun.of("run", "--build", "=x", "--build", "b=" + old, "-w", "demo.Work::call")
                .assertUsageError(
                        "vbench: --build =x is not LABEL=CLASSPATH; give a label of letters, digits, '.', '_' or '-' and the"
                                + " build's class path, e.g. --build new=target/classes");
        Path other = TestCode.classes(
                tmp.resolve("other"),
                Map.of("demo/Other.java", "package demo; public class Other { public static void call() {} }"),
                Map.of());
        CliRun r = CliRun.of("run", "--build", "old=" + old, "--build", "other=" + other, "-w", "demo.Work::call");
        assertEquals(2, r.code(), r::toString);
        assertTrue(r.err().startsWith("vbench: ") && r.err().strip().lines().count() == 1, r::toString);
    }
}
