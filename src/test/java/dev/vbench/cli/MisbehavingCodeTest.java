package dev.vbench.cli;

import dev.vbench.app.ExitCodes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vbench.result.CellResult;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.JmhFixture;
import dev.vbench.testing.TestCode;
import dev.vbench.testing.VbenchProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * User code that misbehaves never hangs vbench and never makes it lie: a task that never returns ends its
 * cell as {@code stuck} (with how many tasks and where) after {@code --task-timeout} and the run goes on; a
 * task that ends the JVM gives a non-zero exit code and one line, and the finished cells stay in the file;
 * a task that prints megabytes cannot break {@code -o - --format json}. Every case runs a real class
 * compiled here and loaded with {@code --classpath}.
 */
class MisbehavingCodeTest {

    /** The test's task timeout: short, so that each stuck cell costs about 1 s + the 2 s grace. */
    private static final String TIMEOUT = "1s";
    /** What the acceptance allows a run with one stuck cell: the task timeout + 10 s. */
    private static final long LIMIT_SECONDS = 1 + 10;

    private static final String BAD = """
            public class Bad {
                /** Bound with -p hang=…: whether forever() hangs (volatile: spin() reads it in its loop). */
                public static volatile boolean hang = true;

                public static long forever(long i) throws InterruptedException {
                    if (hang) {
                        Thread.sleep(Long.MAX_VALUE);
                    }
                    return i;
                }

                /** Ignores interrupts (until the next cell binds hang=false, or for 10 s at most). */
                public static long spin(long i) {
                    long end = System.nanoTime() + 10_000_000_000L;
                    long x = i;
                    while (hang && System.nanoTime() < end) {
                        x = x * 31 + 7;
                        Thread.interrupted();
                    }
                    return x;
                }

                /** How ender() ends the JVM in its third task: none, exit (System.exit(0)) or halt (Runtime.halt(0)). */
                public static String end = "none";

                public static long ender(long i) {
                    if (end.equals("exit") && i == 2) {
                        System.exit(0);
                    }
                    if (end.equals("halt") && i == 2) {
                        Runtime.getRuntime().halt(0);
                    }
                    return i;
                }

                /** Prints a 1 KB line per task. */
                public static long chatty(long i) {
                    System.out.println("x".repeat(1000));
                    System.err.println("e" + i);
                    return i;
                }
            }
            """;

    /** Workloads whose code outside the tasks never returns: while preparing, before each trial, or at the JVM's exit. */
    private static final String SLOW = """
            public class Slow {
                /** -p stall=true: binding it, in the workload's prepare, never returns. */
                public static void setStall(boolean stall) throws InterruptedException {
                    if (stall) {
                        Thread.sleep(Long.MAX_VALUE);
                    }
                }

                public static long run(long i) {
                    return i;
                }
            }
            """;
    private static final String SLOW_SETUP = """
            public class SlowSetup {
                /** -p stall=true: binding it on the instance made before each trial never returns. */
                public void setStall(boolean stall) throws InterruptedException {
                    if (stall) {
                        Thread.sleep(Long.MAX_VALUE);
                    }
                }

                public long run(long i) {
                    return i;
                }
            }
            """;
    private static final String LINGERS = """
            public class Lingers {
                /** -p hook=true: a shutdown hook that never returns, so that the JVM cannot exit (forks only). */
                public static void setHook(boolean hook) {
                    if (hook) {
                        Runtime.getRuntime().addShutdownHook(new Thread(Lingers::linger));
                    }
                }

                static void linger() {
                    try {
                        Thread.sleep(Long.MAX_VALUE);
                    } catch (InterruptedException e) {
                        // the parent kills this JVM
                    }
                }

                public static long run(long i) {
                    return i;
                }
            }
            """;

    @TempDir
    static Path shared;
    static Path classes;

    @TempDir
    Path tmp;

    @BeforeAll
    static void compile() throws Exception {
        classes = TestCode.classes(shared.resolve("classes"), Map.of("Bad.java", BAD, "Slow.java", SLOW,
                "SlowSetup.java", SLOW_SETUP, "Lingers.java", LINGERS), Map.of());
    }

    private List<String> args(String... more) {
        List<String> all = new ArrayList<>(List.of("run", "--classpath", classes.toString(), "--trials", "2", "--warmup", "0",
                "--no-progress", "--data-dir", tmp.resolve("data").toString(), "-o", tmp.resolve("r.json").toString()));
        all.addAll(List.of(more));
        return all;
    }

    // ------------------------------------------------------------ stuck tasks

    @ParameterizedTest
    @ValueSource(strings = {"sequential", "virtual", "fixed:threads=2", "bounded-virtual:permits=2"})
    void stuckTaskEndsItsCellAndTheRunGoesOn(String executor) {
        long start = System.nanoTime();
        CliRun r = CliRun.of(args("-w", "Bad::forever", "-p", "hang=true,false", "-e", executor, "--tasks", "20",
                "--concurrency", "2", "--task-timeout", TIMEOUT).toArray(String[]::new));
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertTrue(seconds <= LIMIT_SECONDS, "took " + seconds + " s: " + r);
        assertStuckThenOk(r, executor.equals("sequential") ? 1 : 2, "Bad.forever");
    }

    @Test
    void timedTrialWithStuckClientsEndsToo() {
        CliRun r = CliRun.of(args("-w", "Bad::forever", "-p", "hang=true,false", "-e", "fixed:threads=2",
                "--duration", "300ms", "--concurrency", "2", "--task-timeout", TIMEOUT).toArray(String[]::new));
        assertEquals(ExitCodes.STUCK, r.code(), r::toString);
        List<CellResult> cells = ResultCodec.read(tmp.resolve("r.json")).cells();
        assertEquals(List.of(CellResult.STUCK, CellResult.OK),
                cells.stream().map(CellResult::status).toList(), r::toString);
    }

    @Test
    void tasksThatIgnoreTheInterruptAreAbandonedWithAWarning() {
        CliRun r = CliRun.of(args("-w", "Bad::spin", "-p", "hang=true,false", "-e", "fixed:threads=1", "--tasks", "4",
                "--task-timeout", TIMEOUT).toArray(String[]::new));
        assertStuckThenOk(r, 1, "Bad.spin");
        assertTrue(r.err().contains("ignored the interrupt") && r.err().contains("--forks 1"), r::toString);
    }

    @Test
    void stuckForkIsEndedAndTheNextCellRunsInAFreshJvm() {
        long start = System.nanoTime();
        CliRun r = CliRun.of(args("-w", "Bad::spin", "-p", "hang=true,false", "-e", "fixed:threads=2", "--tasks", "10",
                "--forks", "1", "--task-timeout", TIMEOUT).toArray(String[]::new));
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertTrue(seconds <= LIMIT_SECONDS + 4, "took " + seconds + " s (two fork start-ups): " + r);
        assertStuckThenOk(r, 2, "Bad.spin");
    }

    /**
     * The other executors in forks (fixed, and a next cell that completes, are above): each stuck fork is ended
     * and the next cell runs in a fresh JVM.
     */
    @Test
    void stuckForksOnEveryOtherExecutorEndTheirCellsAndTheRunGoesOn() {
        long start = System.nanoTime();
        CliRun r = CliRun.of(args("-w", "Bad::forever", "-p", "hang=true", "-e", "sequential", "-e", "virtual",
                "-e", "bounded-virtual:permits=2", "--tasks", "20", "--concurrency", "2", "--forks", "1",
                "--task-timeout", TIMEOUT).toArray(String[]::new));
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertTrue(seconds <= 3 * LIMIT_SECONDS, "took " + seconds + " s (three forks, each stuck): " + r);
        assertEquals(ExitCodes.STUCK, r.code(), r::toString);
        List<CellResult> cells = ResultCodec.read(tmp.resolve("r.json")).cells();
        assertEquals(List.of("sequential", "virtual", "bounded-virtual:permits=2"),
                cells.stream().map(c -> c.config().executor().spec()).toList(), r::toString);
        for (CellResult c : cells) {
            assertEquals(CellResult.STUCK, c.status(), c.config().label());
            int tasks = c.config().executor().spec().equals("sequential") ? 1 : 2;
            String note = c.notes().get(0);
            assertTrue(note.startsWith("stuck: " + tasks + " task") && note.contains(tasks + " at Bad.forever(Bad.java:"), note);
        }
    }

    /**
     * No false verdict: a trial far longer than the task timeout whose tasks keep ending (one at a time, or
     * queued behind a pool), and an open-model trial whose schedule leaves gaps longer than the timeout.
     */
    @Test
    void slowTrialsThatMoveAreNeverStuck() {
        CliRun r = CliRun.of("run", "-w", "io", "-p", "duration=100ms", "-e", "sequential", "-e", "fixed:threads=2",
                "--tasks", "12", "--trials", "1", "--warmup", "0", "--task-timeout", "400ms", "--no-progress", "--quiet");
        assertEquals(0, r.code(), r::toString);
        CliRun rate = CliRun.of("run", "-w", "io", "-p", "duration=10ms", "-e", "virtual", "--rate", "2/s", "--tasks", "3",
                "--trials", "1", "--warmup", "0", "--task-timeout", "200ms", "--no-progress", "--quiet");
        assertEquals(0, rate.code(), rate::toString);
    }

    @Test
    void taskTimeoutOffAndBadValues() {
        CliRun.of(args("-w", "Bad::forever", "--task-timeout", "10ms").toArray(String[]::new))
                .assertUsageError("--task-timeout");
        CliRun r = CliRun.of(args("-w", "Bad::forever", "-p", "hang=false", "--tasks", "5", "--task-timeout", "off")
                .toArray(String[]::new));
        assertEquals(0, r.code(), r::toString);
    }

    // ------------------------------------------------------------ stuck outside the tasks

    @ParameterizedTest
    @ValueSource(strings = {"0", "1"})
    void prepareThatNeverReturnsEndsItsCellAndTheRunGoesOn(String forks) {
        long start = System.nanoTime();
        CliRun r = CliRun.of(args("-w", "Slow::run", "-p", "stall=true,false", "-e", "virtual", "--tasks", "10",
                "--forks", forks, "--task-timeout", TIMEOUT).toArray(String[]::new));
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertTrue(seconds <= LIMIT_SECONDS + 4 * Integer.parseInt(forks), "took " + seconds + " s: " + r);
        assertStuckOutsideTasksThenOk(r, "stuck: the workload's prepare did not return within the task timeout (1 s,"
                + " --task-timeout): at Slow.setStall(Slow.java:");
    }

    /** In a fork the same watchdog watches the setup as the prepare above. */
    @Test
    void setupBeforeATrialThatNeverReturnsEndsItsCellAndTheRunGoesOn() {
        long start = System.nanoTime();
        CliRun r = CliRun.of(args("-w", "SlowSetup::run", "-p", "stall=true,false", "-e", "fixed:threads=2", "--tasks", "10",
                "--task-timeout", TIMEOUT).toArray(String[]::new));
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertTrue(seconds <= LIMIT_SECONDS, "took " + seconds + " s: " + r);
        assertStuckOutsideTasksThenOk(r, "stuck: the workload's setup before a trial did not return within the task"
                + " timeout (1 s, --task-timeout): at SlowSetup.setStall(SlowSetup.java:");
    }

    /** A JMH {@code @Setup(Level.Trial)} that never returns: the same, through vbench's reading of JMH's annotations. */
    @Test
    void jmhSetupThatNeverReturnsEndsItsCell() throws Exception {
        Path jmhClasses = TestCode.classes(tmp.resolve("jmh"), Map.of("HangingSetup.java", """
                import org.openjdk.jmh.annotations.*;

                @State(Scope.Benchmark)
                public class HangingSetup {
                    @Param({"true", "false"})
                    public boolean stall;

                    @Setup(Level.Trial)
                    public void setUp() throws InterruptedException {
                        if (stall) {
                            Thread.sleep(Long.MAX_VALUE);
                        }
                    }

                    @Benchmark
                    public long measure() {
                        return 1;
                    }
                }
                """), Map.of(), List.of(JmhFixture.jmhCore()));
        List<String> all = new ArrayList<>(args("-w", "HangingSetup::measure", "-e", "virtual", "--tasks", "10",
                "--task-timeout", TIMEOUT));
        all.set(2, jmhClasses + java.io.File.pathSeparator + JmhFixture.jmhCore()); // --classpath
        CliRun r = CliRun.of(all.toArray(String[]::new));
        assertStuckOutsideTasksThenOk(r, "stuck: the workload's setup before a trial did not return within the task"
                + " timeout (1 s, --task-timeout): at HangingSetup.setUp(HangingSetup.java:");
    }

    /**
     * A fork whose JVM cannot exit after its cell (a shutdown hook of the workload's that never returns) is
     * killed by its parent after the task timeout; the cell keeps the trials it wrote, is marked stuck with
     * where the fork's threads were, and the next cell runs in a fresh JVM.
     */
    @Test
    void forkThatCannotExitIsKilledAndTheNextCellRunsInAFreshJvm() {
        long start = System.nanoTime();
        CliRun r = CliRun.of(args("-w", "Lingers::run", "-p", "hook=true,false", "-e", "virtual", "--tasks", "10",
                "--forks", "1", "--task-timeout", TIMEOUT).toArray(String[]::new));
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertTrue(seconds <= LIMIT_SECONDS + 4, "took " + seconds + " s (two fork start-ups): " + r);
        assertEquals(ExitCodes.STUCK, r.code(), r::toString);
        List<CellResult> cells = ResultCodec.read(tmp.resolve("r.json")).cells();
        assertEquals(List.of(CellResult.STUCK, CellResult.OK), cells.stream().map(CellResult::status).toList(), r::toString);
        String note = cells.get(0).notes().get(0);
        assertTrue(note.startsWith("stuck: fork 1's JVM did not exit within the task timeout (1 s, --task-timeout) after"
                + " its cell ended, and was killed; threads with user code: 1 at Lingers.linger(Lingers.java:"), note);
        assertEquals(2, cells.get(0).trials().size(), "the trials it wrote are kept");
        assertEquals(2, cells.get(1).trials().size());
        assertTrue(r.err().contains("got stuck"), r::toString);
    }

    private void assertStuckOutsideTasksThenOk(CliRun r, String notePrefix) {
        assertEquals(ExitCodes.STUCK, r.code(), r::toString);
        List<CellResult> cells = ResultCodec.read(tmp.resolve("r.json")).cells();
        assertEquals(List.of(CellResult.STUCK, CellResult.OK), cells.stream().map(CellResult::status).toList(), r::toString);
        String note = cells.get(0).notes().get(0);
        assertTrue(note.startsWith(notePrefix), note);
        assertTrue(note.contains(" in java.lang.Thread.sleep"), note);
        assertEquals(2, cells.get(1).trials().size(), r::toString);
        assertTrue(r.err().contains("got stuck"), r::toString);
    }

    private void assertStuckThenOk(CliRun r, int tasks, String method) {
        assertEquals(ExitCodes.STUCK, r.code(), r::toString);
        RunResult result = ResultCodec.read(tmp.resolve("r.json"));
        assertEquals(2, result.cells().size(), r::toString);
        CellResult stuck = result.cells().get(0);
        assertEquals(CellResult.STUCK, stuck.status(), r::toString);
        String note = stuck.notes().get(0);
        assertTrue(note.startsWith("stuck: " + tasks + " task"), note);
        assertTrue(note.contains(tasks + " at " + method + "(Bad.java:"), note);
        CellResult ok = result.cells().get(1);
        assertEquals(CellResult.OK, ok.status(), r::toString);
        assertEquals(2, ok.trials().size());
        assertTrue(r.err().contains("got stuck"), r::toString);
    }

    // ------------------------------------------------------------ ending the JVM

    @Test
    void endingTheJvmInAForkEndsThatCellAndTheRunGoesOn() throws Exception {
        Path log = tmp.resolve("fork.log");
        int code = runChild(log, "-w", "Bad::ender", "-p", "end=none,exit,halt", "-e", "virtual", "--tasks", "5",
                "--forks", "1");
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(ExitCodes.USER_EXIT, code, out);
        assertEquals(1, out.lines().filter(l -> l.startsWith("vbench: workload")).count(), out);
        List<CellResult> cells = ResultCodec.read(tmp.resolve("r.json")).cells();
        // the finished cell is kept; the run went on after the second fork's System.exit(0) to the third's Runtime.halt(0)
        assertEquals(List.of(CellResult.OK, CellResult.EXITED, CellResult.EXITED),
                cells.stream().map(CellResult::status).toList(), out);
        for (CellResult exited : cells.subList(1, 3)) {
            assertTrue(exited.notes().get(0).contains("exit code 0"), exited.notes().toString());
        }
    }

    @Test
    void systemExitInProcessIsNotASuccess() throws Exception {
        Path log = tmp.resolve("exit.log");
        int code = runChild(log, "-w", "Bad::ender", "-p", "end=none,exit,none", "-e", "fixed:threads=1", "--tasks", "5");
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(ExitCodes.USER_EXIT, code, out);
        List<String> lines = out.lines().filter(l -> l.startsWith("vbench: workload")).toList();
        assertEquals(1, lines.size(), out);
        assertTrue(lines.get(0).contains("Bad::ender") && lines.get(0).contains("System.exit from Bad.ender(Bad.java:"),
                lines.get(0));
        List<CellResult> cells = ResultCodec.read(tmp.resolve("r.json")).cells();
        assertEquals(List.of(CellResult.OK, CellResult.EXITED), cells.stream().map(CellResult::status).toList(), out);
    }

    /**
     * {@code Runtime.halt} runs no shutdown hook: a JVM started without the launcher ends with the status user
     * code gave it; the cells finished before are in the file all the same. Through the launcher the exit code
     * is 6 ({@code LauncherUserExitTest}).
     */
    @Test
    void haltInProcessKeepsTheFinishedCells() throws Exception {
        Path log = tmp.resolve("halt.log");
        runChild(log, "-w", "Bad::ender", "-p", "end=none,halt", "-e", "virtual", "--tasks", "5");
        List<CellResult> cells = ResultCodec.read(tmp.resolve("r.json")).cells();
        assertEquals(List.of(CellResult.OK), cells.stream().map(CellResult::status).toList());
    }

    // ------------------------------------------------------------ printing

    @Test
    void tenMegabytesOfTaskOutputLeaveTheJsonParseable() throws Exception {
        Path stdout = tmp.resolve("stdout.json");
        Path stderr = tmp.resolve("stderr.txt");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                "dev.vbench.Main", "run", "--classpath", classes.toString(), "--trials", "2", "--warmup", "0",
                "-w", "Bad::chatty", "-e", "virtual", "-e", "fixed:threads=2", "--tasks", "2500", "-o", "-", "--format", "json"));
        Process p = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "vbench did not end");
        String err = Files.readString(stderr, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), err);
        JsonNode tree = ResultCodec.mapper().readTree(stdout.toFile()); // the whole of stdout is the JSON
        assertEquals(2, tree.get("cells").size());
        // 2 cells x 2 trials x 2,500 tasks x 1,001 bytes: counted once, its first lines shown, never passed on
        assertEquals(1, err.lines().filter(l -> l.contains("user code printed 10010000 bytes to stdout")).count(), err);
        assertTrue(err.length() < 10_000, "stderr holds no raw output: " + err.length() + " chars");
    }

    /** Runs vbench in a child JVM with {@link #args} and returns its exit code. */
    private int runChild(Path log, String... more) throws Exception {
        Process p = VbenchProcess.start(log, List.of(), args(more).toArray(String[]::new));
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "vbench did not end");
        return p.exitValue();
    }
}
