package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.jvm.JdkDiscovery;
import dev.vbench.jvm.JvmProber;
import dev.vbench.result.CellResult;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.result.TrialResult;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.Golden;
import dev.vbench.testing.SecondJdk;
import dev.vbench.testing.SlowFirst;
import dev.vbench.testing.SystemOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JVM axis on the command line: {@code list --jvms}, {@code run --jvm}, {@code run --jvm-args}. */
@Tag(SlowFirst.SLOW)
class JvmCliTest {

    /**
     * The option sets of the forked runs: the same in each, so that each is probed once in this JVM (vbench probes
     * an option set once per process) and the forks are what the runs spend.
     */
    static final String G1 = "g1=-XX:+UseG1GC";

    static final String PAR = "par=-XX:+UseParallelGC -Xmx256m";

    /**
     * The option-set runs record no pinning: the JVM axis is what they check, and starting JFR for the pinned events
     * of virtual-thread cells is about a fifth of each fork's CPU. ForkProbesTest checks pinning in forks, and the
     * second JDK's run here records it.
     */
    static final String PINNING = "off";

    @TempDir
    Path tmp;

    /** One result file with three JVMs compares them as columns, as three files would be compared. */
    @Test
    void compareReadsAMultiJvmResultFile() throws Exception {
        Path file = Files.writeString(tmp.resolve("jvms.json"), ResultCodec.toJson(Fixtures.jvmRun()));
        CliRun chain = CliRun.of("compare", file.toString(), "--layout", "chain");
        assertEquals(0, chain.code(), chain::toString);
        Golden.assertMatches("compare/jvm-chain.txt", chain.out().replace(tmp.toString(), "TMP"));
        assertTrue(chain.out().contains("j21 → j25"), chain::toString);
        CliRun baseline = CliRun.of("compare", file.toString(), "--format", "markdown", "--labels", "21,25,25-zgc");
        assertEquals(0, baseline.code(), baseline::toString);
        Golden.assertMatches("compare/jvm-baseline.md", baseline.out().replace(tmp.toString(), "TMP"));
        CliRun html = CliRun.of("compare", file.toString(), "--format", "html");
        assertEquals(0, html.code(), html::toString);
        assertTrue(html.out().contains("j25/zgc"), "the HTML page names every JVM");
        CliRun gate = CliRun.of("compare", file.toString(), "--fail-on-regression", "5%");
        assertEquals(0, gate.code(), "j25 and j25/zgc are faster than j21, never slower: " + gate);
    }

    @Test
    void compareOfOneSingleJvmFileSaysWhatItNeeds() throws Exception {
        Path file = Files.writeString(tmp.resolve("one.json"), ResultCodec.toJson(Fixtures.ioRun()));
        CliRun.of("compare", file.toString())
                .assertUsageError("compare needs two or more result files, or one run with several JVMs; " + file
                        + " ran on one JVM");
        Path jvms = Files.writeString(tmp.resolve("jvms.json"), ResultCodec.toJson(Fixtures.jvmRun()));
        CliRun.of("compare", jvms.toString(), "--labels", "a,b")
                .assertUsageError("--labels gives 2 name(s) for the 3 JVMs of " + jvms + "; give one per JVM");
    }

    @Test
    void listJvmsShowsEveryDiscoveredJdkWithItsVersion() {
        CliRun r = CliRun.of("list", "--jvms");
        assertEquals(0, r.code(), r::toString);
        for (JdkDiscovery.Jdk jdk : JdkDiscovery.fromSystem().find()) {
            assertTrue(
                    r.out()
                            .lines()
                            .anyMatch(l -> l.contains(jdk.version())
                                    && l.contains(jdk.home().toString())),
                    () -> jdk + " not listed: " + r);
        }
        assertTrue(r.out().contains("Searched: JAVA_HOME"), r::toString);
        assertTrue(r.out().contains("VBENCH_JVM_DIRS"), r::toString);
        assertEquals("", r.err(), r::toString);
    }

    /** Acceptance 2 and 4: option sets as columns, each probed and recorded, trials interleaved across them. */
    @Test
    void optionSetsAreColumnsAndTheirTrialsInterleave() throws Exception {
        Path json = tmp.resolve("r.json");
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
                "--pinning",
                PINNING,
                "--jvm-args",
                G1,
                "--jvm-args",
                PAR,
                "--data-dir",
                tmp.toString(),
                "-o",
                json.toString());
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("g1 → par"), r::toString);
        assertTrue(r.err().contains("JVMs g1 (") && r.err().contains("order interleaved"), r::toString);
        RunResult run = ResultCodec.read(json);
        assertEquals("interleaved", run.settings().order());
        assertEquals(
                List.of("g1", "par"),
                run.cells().stream().map(c -> c.config().jvm()).toList());
        assertEquals(
                List.of("G1", "Parallel"),
                run.cells().stream().map(c -> c.jvm().gc()).toList());
        assertEquals(
                List.of("-XX:+UseParallelGC", "-Xmx256m"),
                run.cells().get(1).jvm().options());
        assertTrue(
                run.cells().get(1).jvm().maxHeapBytes() <= 256L << 20,
                () -> run.cells().get(1).jvm().toString());
        assertEquals(
                System.getProperty("java.version"), run.cells().get(0).jvm().version());
        List<String> order = Fixtures.startOrder(run);
        assertEquals(
                List.of("c1", "c2"),
                order.subList(0, 2).stream().sorted().toList(),
                "round 1: one trial of each: " + order);
        assertEquals(
                List.of("c1", "c2"),
                order.subList(2, 4).stream().sorted().toList(),
                "round 2: one trial of each: " + order);
        for (CellResult c : run.cells()) {
            assertEquals(
                    List.of(1, 2), c.trials().stream().map(TrialResult::fork).toList(), "each trial in its own fork");
        }
    }

    @Test
    void groupedOrderRunsEachJvmsTrialsTogether() throws Exception {
        Path json = tmp.resolve("g.json");
        CliRun r = CliRun.of(
                "run",
                "-w",
                "noop",
                "--tasks",
                "10",
                "--warmup",
                "0",
                "--trials",
                "2",
                "--order",
                "grouped",
                "--pinning",
                PINNING,
                "--jvm-args",
                G1,
                "--jvm-args",
                PAR,
                "--data-dir",
                tmp.toString(),
                "-o",
                json.toString(),
                "-q");
        assertEquals(0, r.code(), r::toString);
        RunResult run = ResultCodec.read(json);
        assertEquals("grouped", run.settings().order());
        assertEquals(List.of("c1", "c1", "c2", "c2"), Fixtures.startOrder(run));
    }

    /** Acceptance 1 in small: JDK 21 and this JDK as columns, each cell recording its JVM's probed version. */
    @Test
    void theSecondJdkIsAColumnBesideThisOne() throws Exception {
        Path home = SecondJdk.require();
        Path json = tmp.resolve("jdks.json");
        CliRun r = CliRun.of(
                "run",
                "-w",
                "io",
                "-p",
                "duration=1ms",
                "-e",
                "virtual",
                "--tasks",
                "20",
                "--warmup",
                "0",
                "--trials",
                "1",
                "--jvm",
                "this=" + System.getProperty("java.home"),
                "--jvm",
                "j21=" + home,
                "--format",
                "markdown",
                "-o",
                json.toString(),
                "--data-dir",
                tmp.toString());
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("this → j21"), r::toString);
        RunResult run = ResultCodec.read(json);
        assertEquals(
                List.of("this", "j21"),
                run.cells().stream().map(c -> c.config().jvm()).toList());
        assertTrue(
                run.cells().get(1).jvm().version().startsWith("21."),
                run.cells().get(1).jvm()::toString);
        assertEquals(
                List.of("c1", "c2"),
                Fixtures.startOrder(run).stream().sorted().toList(),
                "one row: the two JVMs, one round of the two in a shuffled order");
    }

    /** Acceptance 5: every bad --jvm/--jvm-args/--order value is one line and exit 2, before anything runs. */
    @Test
    void badJvmValuesAreOneLineUsageErrors() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        String thisHome = System.getProperty("java.home");
        CliRun.of("run", "-w", "noop", "--jvm", "j=/no/such/jdk")
                .assertUsageError("--jvm j=/no/such/jdk: /no/such/jdk does not exist; give a JDK home or its bin/java");
        CliRun.of("run", "-w", "noop", "--jvm", "j=" + empty)
                .assertUsageError(empty + " is not a JDK (it has no bin/java)");
        CliRun.of("run", "-w", "noop", "--jvm", "j21")
                .assertUsageError(
                        "--jvm j21: give LABEL=PATH (a JDK home or its bin/java), LABEL=MAJOR or a major version");
        CliRun.of("run", "-w", "noop", "--jvm", "a=" + thisHome, "--jvm", "a=" + thisHome)
                .assertUsageError("duplicate --jvm label 'a'; give each its own label");
        CliRun.of("run", "-w", "noop", "--jvm-args", "bad=-XX:+UseFooGC")
                .assertUsageError("does not start with these options: Unrecognized VM option 'UseFooGC'");
        CliRun.of("run", "-w", "noop", "--jvm-args", "g1=UseG1GC")
                .assertUsageError("'UseG1GC' is not a JVM option (options start with -)");
        CliRun.of("run", "-w", "noop", "--order", "zigzag")
                .assertUsageError("--order zigzag is not an order; use interleaved, grouped, random or duet");
        CliRun.of("run", "workloads/seed-004-virtual-vs-platform.yaml", "--jvm", "21")
                .assertUsageError("a suite file declares its own JVMs (jvms: and jvmArgs: in an experiment)");
        Optional<JdkDiscovery.Jdk> old = JdkDiscovery.fromSystem().find().stream()
                .filter(j -> j.feature() < JvmProber.MIN_FEATURE)
                .findFirst();
        if (old.isEmpty()) {
            SystemOutput.println("skipped: no JDK older than 21 installed");
        }
        Assumptions.assumeTrue(old.isPresent(), "skipped: no JDK older than 21 installed");
        CliRun older =
                CliRun.of("run", "-w", "noop", "--jvm", "old=" + old.get().home());
        older.assertUsageError(
                "--jvm old=" + old.get().home() + ": JDK " + old.get().version());
        older.assertUsageError("is older than 21, and vbench's fork child needs 21 or newer");
    }
}
