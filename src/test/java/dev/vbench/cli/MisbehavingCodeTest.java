package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.app.ExitCodes;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.TestCode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * User code that misbehaves never hangs vbench and never makes it lie: a task that never returns ends its
 * cell as {@code stuck} (with how many tasks and where) after {@code --task-timeout} and the run goes on, in
 * this JVM and in forks. Every case runs a real class compiled here and loaded with {@code --classpath}; setups
 * stuck in this JVM, the JVM's end and output are in {@link MisbehavingChildrenTest}.
 *
 * <p>Isolated: a stuck trial reports every task thread of the JVM, so another class's tasks running in this
 * JVM at that moment would be counted in its note; and the stuck forks' wall times are bounded, fork start-ups
 * included, which other classes beside them would stretch.
 */
@Isolated
class MisbehavingCodeTest {

    /** The test's task timeout: short, so that each stuck cell costs about 1 s + the 2 s grace. */
    static final String TIMEOUT = "1s";
    /** What the acceptance allows a run with one stuck cell: the task timeout + 10 s. */
    static final long LIMIT_SECONDS = 1 + 10;

    static final String BAD = """
            public class Bad {
                /** Bound with -p hang=…: whether forever() hangs (volatile: spin() reads it in its loop). */
                public static volatile boolean hang = true;

                public static long forever(long i) throws InterruptedException {
                    if (hang) {
                        Thread.sleep(Long.MAX_VALUE);
                    }
                    return i;
                }

                /**
                 * Ignores interrupts (until the next cell binds hang=false, or for 10 s at most): each one is caught
                 * and the wait goes on, a millisecond at a time, so that the abandoned tasks hold no CPU the rest
                 * of the run (and the other test JVM) needs.
                 */
                public static long spin(long i) {
                    long end = System.nanoTime() + 10_000_000_000L;
                    while (hang && System.nanoTime() < end) {
                        try {
                            Thread.sleep(1);
                        } catch (InterruptedException ignored) {
                            // what this task is for
                        }
                    }
                    return i;
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
    static final String SLOW = """
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

    static final String SLOW_SETUP = """
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
    static final String LINGERS = """
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
        classes = compile(shared);
    }

    /** Compiles the misbehaving classes above into {@code dir}/classes: the class path of {@link #args}. */
    static Path compile(Path dir) throws Exception {
        return TestCode.classes(
                dir.resolve("classes"),
                Map.of("Bad.java", BAD, "Slow.java", SLOW, "SlowSetup.java", SLOW_SETUP, "Lingers.java", LINGERS),
                Map.of());
    }

    private List<String> args(String... more) {
        return args(classes, tmp, more);
    }

    /** {@code vbench run} of the classes compiled in {@code classes}, its files in {@code tmp} ({@code r.json}), then {@code more}. */
    static List<String> args(Path classes, Path tmp, String... more) {
        List<String> all = new ArrayList<>(List.of(
                "run",
                "--classpath",
                classes.toString(),
                "--trials",
                "2",
                "--warmup",
                "0",
                "--no-progress",
                "--data-dir",
                tmp.resolve("data").toString(),
                "-o",
                tmp.resolve("r.json").toString()));
        all.addAll(List.of(more));
        return all;
    }

    // ------------------------------------------------------------ stuck tasks

    @ParameterizedTest
    @ValueSource(strings = {"sequential", "virtual", "fixed:threads=2", "bounded-virtual:permits=2"})
    void stuckTaskEndsItsCellAndTheRunGoesOn(String executor) {
        long start = System.nanoTime();
        CliRun r = CliRun.of(args(
                        "-w",
                        "Bad::forever",
                        "-p",
                        "hang=true,false",
                        "-e",
                        executor,
                        "--tasks",
                        "20",
                        "--concurrency",
                        "2",
                        "--task-timeout",
                        TIMEOUT)
                .toArray(String[]::new));
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertTrue(seconds <= LIMIT_SECONDS, "took " + seconds + " s: " + r);
        assertStuckThenOk(r, executor.equals("sequential") ? 1 : 2, "Bad.forever");
    }

    @Test
    void timedTrialWithStuckClientsEndsToo() {
        CliRun r = CliRun.of(args(
                        "-w",
                        "Bad::forever",
                        "-p",
                        "hang=true,false",
                        "-e",
                        "fixed:threads=2",
                        "--duration",
                        "300ms",
                        "--concurrency",
                        "2",
                        "--task-timeout",
                        TIMEOUT)
                .toArray(String[]::new));
        assertEquals(ExitCodes.STUCK, r.code(), r::toString);
        List<CellResult> cells = ResultCodec.read(tmp.resolve("r.json")).cells();
        assertEquals(
                List.of(CellStatus.STUCK, CellStatus.OK),
                cells.stream().map(CellResult::status).toList(),
                r::toString);
    }

    @Test
    void tasksThatIgnoreTheInterruptAreAbandonedWithAWarning() {
        CliRun r = CliRun.of(args(
                        "-w",
                        "Bad::spin",
                        "-p",
                        "hang=true,false",
                        "-e",
                        "fixed:threads=1",
                        "--tasks",
                        "4",
                        "--task-timeout",
                        TIMEOUT)
                .toArray(String[]::new));
        assertStuckThenOk(r, 1, "Bad.spin");
        assertTrue(r.err().contains("ignored the interrupt") && r.err().contains("--forks 1"), r::toString);
    }

    /**
     * No false verdict: a trial far longer than the task timeout whose tasks keep ending (one at a time, or
     * queued behind a pool), and an open-model trial whose schedule leaves gaps longer than the timeout.
     */
    @Test
    void slowTrialsThatMoveAreNeverStuck() {
        CliRun r = CliRun.of(
                "run",
                "-w",
                "io",
                "-p",
                "duration=100ms",
                "-e",
                "sequential",
                "-e",
                "fixed:threads=2",
                "--tasks",
                "12",
                "--trials",
                "1",
                "--warmup",
                "0",
                "--task-timeout",
                "400ms",
                "--no-progress",
                "--quiet");
        assertEquals(0, r.code(), r::toString);
        CliRun rate = CliRun.of(
                "run",
                "-w",
                "io",
                "-p",
                "duration=10ms",
                "-e",
                "virtual",
                "--rate",
                "2/s",
                "--tasks",
                "3",
                "--trials",
                "1",
                "--warmup",
                "0",
                "--task-timeout",
                "200ms",
                "--no-progress",
                "--quiet");
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

    @Test
    void stuckForkIsEndedAndTheNextCellRunsInAFreshJvm() {
        long start = System.nanoTime();
        CliRun r = CliRun.of(args(
                        "-w",
                        "Bad::spin",
                        "-p",
                        "hang=true,false",
                        "-e",
                        "fixed:threads=2",
                        "--tasks",
                        "10",
                        "--forks",
                        "1",
                        "--task-timeout",
                        TIMEOUT)
                .toArray(String[]::new));
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
        CliRun r = CliRun.of(args(
                        "-w",
                        "Bad::forever",
                        "-p",
                        "hang=true",
                        "-e",
                        "sequential",
                        "-e",
                        "virtual",
                        "-e",
                        "bounded-virtual:permits=2",
                        "--tasks",
                        "20",
                        "--concurrency",
                        "2",
                        "--forks",
                        "1",
                        "--task-timeout",
                        TIMEOUT)
                .toArray(String[]::new));
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertTrue(seconds <= 3 * LIMIT_SECONDS, "took " + seconds + " s (three forks, each stuck): " + r);
        assertEquals(ExitCodes.STUCK, r.code(), r::toString);
        List<CellResult> cells = ResultCodec.read(tmp.resolve("r.json")).cells();
        assertEquals(
                List.of("sequential", "virtual", "bounded-virtual:permits=2"),
                cells.stream().map(c -> c.config().executor().spec()).toList(),
                r::toString);
        for (CellResult c : cells) {
            assertEquals(CellStatus.STUCK, c.status(), c.config().label());
            int tasks = c.config().executor().spec().equals("sequential") ? 1 : 2;
            String note = c.notes().get(0);
            assertTrue(
                    note.startsWith("stuck: " + tasks + " task") && note.contains(tasks + " at Bad.forever(Bad.java:"),
                    note);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "1"})
    void prepareThatNeverReturnsEndsItsCellAndTheRunGoesOn(String forks) {
        long start = System.nanoTime();
        CliRun r = CliRun.of(args(
                        "-w",
                        "Slow::run",
                        "-p",
                        "stall=true,false",
                        "-e",
                        "virtual",
                        "--tasks",
                        "10",
                        "--forks",
                        forks,
                        "--task-timeout",
                        TIMEOUT)
                .toArray(String[]::new));
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertTrue(seconds <= LIMIT_SECONDS + 4 * Integer.parseInt(forks), "took " + seconds + " s: " + r);
        MisbehavingChildrenTest.assertStuckOutsideTasksThenOk(
                tmp,
                r,
                "stuck: the workload's prepare did not return within the task timeout (1 s,"
                        + " --task-timeout): at Slow.setStall(Slow.java:");
    }

    /**
     * A fork whose JVM cannot exit after its cell (a shutdown hook of the workload's that never returns) is
     * killed by its parent after the task timeout; the cell keeps the trials it wrote, is marked stuck with
     * where the fork's threads were, and the next cell runs in a fresh JVM.
     */
    @Test
    void forkThatCannotExitIsKilledAndTheNextCellRunsInAFreshJvm() {
        long start = System.nanoTime();
        CliRun r = CliRun.of(args(
                        "-w",
                        "Lingers::run",
                        "-p",
                        "hook=true,false",
                        "-e",
                        "virtual",
                        "--tasks",
                        "10",
                        "--forks",
                        "1",
                        "--task-timeout",
                        TIMEOUT)
                .toArray(String[]::new));
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertTrue(seconds <= LIMIT_SECONDS + 4, "took " + seconds + " s (two fork start-ups): " + r);
        assertEquals(ExitCodes.STUCK, r.code(), r::toString);
        List<CellResult> cells = ResultCodec.read(tmp.resolve("r.json")).cells();
        assertEquals(
                List.of(CellStatus.STUCK, CellStatus.OK),
                cells.stream().map(CellResult::status).toList(),
                r::toString);
        String note = cells.get(0).notes().get(0);
        assertTrue(
                note.startsWith("stuck: fork 1's JVM did not exit within the task timeout (1 s, --task-timeout) after"
                        + " its cell ended, and was killed; threads with user code: 1 at Lingers.linger(Lingers.java:"),
                note);
        assertEquals(2, cells.get(0).trials().size(), "the trials it wrote are kept");
        assertEquals(2, cells.get(1).trials().size());
        assertTrue(r.err().contains("got stuck"), r::toString);
    }

    private void assertStuckThenOk(CliRun r, int tasks, String method) {
        assertStuckThenOk(tmp, r, tasks, method);
    }

    /** The first cell stuck with {@code tasks} tasks at {@code method}, the second ran its trials ({@code tmp/r.json}). */
    static void assertStuckThenOk(Path tmp, CliRun r, int tasks, String method) {
        assertEquals(ExitCodes.STUCK, r.code(), r::toString);
        RunResult result = ResultCodec.read(tmp.resolve("r.json"));
        assertEquals(2, result.cells().size(), r::toString);
        CellResult stuck = result.cells().get(0);
        assertEquals(CellStatus.STUCK, stuck.status(), r::toString);
        String note = stuck.notes().get(0);
        assertTrue(note.startsWith("stuck: " + tasks + " task"), note);
        assertTrue(note.contains(tasks + " at " + method + "(Bad.java:"), note);
        CellResult ok = result.cells().get(1);
        assertEquals(CellStatus.OK, ok.status(), r::toString);
        assertEquals(2, ok.trials().size());
        assertTrue(r.err().contains("got stuck"), r::toString);
    }
}
