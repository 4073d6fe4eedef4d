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

    @TempDir
    static Path shared;
    static Path classes;

    @TempDir
    Path tmp;

    @BeforeAll
    static void compile() throws Exception {
        classes = TestCode.classes(shared.resolve("classes"), Map.of("Bad.java", BAD), Map.of());
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
        int code = runChild(log, "-w", "Bad::ender", "-p", "end=exit,halt", "-e", "virtual", "--tasks", "5",
                "--forks", "1");
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(ExitCodes.USER_EXIT, code, out);
        assertEquals(1, out.lines().filter(l -> l.startsWith("vbench: workload")).count(), out);
        List<CellResult> cells = ResultCodec.read(tmp.resolve("r.json")).cells();
        // the run went on after the first fork's System.exit(0) to the second's Runtime.halt(0)
        assertEquals(List.of(CellResult.EXITED, CellResult.EXITED), cells.stream().map(CellResult::status).toList(), out);
        for (CellResult exited : cells) {
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
     * {@code Runtime.halt} runs no shutdown hook: in-process, the JVM ends with the status user code gave it.
     * What vbench can promise is that the cells finished before are in the file.
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
