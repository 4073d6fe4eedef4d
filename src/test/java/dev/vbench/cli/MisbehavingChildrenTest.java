package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vbench.app.ExitCodes;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.ResultCodec;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.JmhFixture;
import dev.vbench.testing.SlowFirst;
import dev.vbench.testing.TestCode;
import dev.vbench.testing.VbenchProcess;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * User code that misbehaves outside its tasks or at the JVM's end never hangs vbench and never makes it lie: a
 * setup before a trial that never returns ends its cell as {@code stuck} (with where); a task that ends the JVM
 * gives a non-zero exit code and one line, and the finished cells stay in the file; a task that prints megabytes
 * cannot break {@code -o - --format json}. The classes are {@link MisbehavingCodeTest}'s; where stuck code is
 * comes from its own thread or its own JVM, and no fork start-up is timed here, so this class runs beside others.
 */
@Tag(SlowFirst.SLOW)
class MisbehavingChildrenTest {

    private static final String TIMEOUT = MisbehavingCodeTest.TIMEOUT;
    private static final long LIMIT_SECONDS = MisbehavingCodeTest.LIMIT_SECONDS;

    @TempDir
    static Path shared;

    static Path classes;

    @TempDir
    Path tmp;

    @BeforeAll
    static void compile() throws Exception {
        classes = MisbehavingCodeTest.compile(shared);
    }

    private List<String> args(String... more) {
        return MisbehavingCodeTest.args(classes, tmp, more);
    }

    /** In a fork the same watchdog watches the setup as the prepare above. */
    @Test
    void setupBeforeATrialThatNeverReturnsEndsItsCellAndTheRunGoesOn() {
        long start = System.nanoTime();
        CliRun r = CliRun.of(args(
                        "-w",
                        "SlowSetup::run",
                        "-p",
                        "stall=true,false",
                        "-e",
                        "fixed:threads=2",
                        "--tasks",
                        "10",
                        "--task-timeout",
                        TIMEOUT)
                .toArray(String[]::new));
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertTrue(seconds <= LIMIT_SECONDS, "took " + seconds + " s: " + r);
        assertStuckOutsideTasksThenOk(
                r,
                "stuck: the workload's setup before a trial did not return within the task"
                        + " timeout (1 s, --task-timeout): at SlowSetup.setStall(SlowSetup.java:");
    }

    /** A JMH {@code @Setup(Level.Trial)} that never returns: the same, through vbench's reading of JMH's annotations. */
    @Test
    void jmhSetupThatNeverReturnsEndsItsCell() throws Exception {
        Path jmhClasses = TestCode.classes(
                tmp.resolve("jmh"), Map.of("HangingSetup.java", """
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
        List<String> all = new ArrayList<>(
                args("-w", "HangingSetup::measure", "-e", "virtual", "--tasks", "10", "--task-timeout", TIMEOUT));
        all.set(2, jmhClasses + File.pathSeparator + JmhFixture.jmhCore()); // --classpath
        CliRun r = CliRun.of(all.toArray(String[]::new));
        assertStuckOutsideTasksThenOk(
                r,
                "stuck: the workload's setup before a trial did not return within the task"
                        + " timeout (1 s, --task-timeout): at HangingSetup.setUp(HangingSetup.java:");
    }

    /** The forks end, not this JVM: the run is in-process, its forks are the JVMs user code ends. */
    @Test
    void endingTheJvmInAForkEndsThatCellAndTheRunGoesOn() throws Exception {
        CliRun r = CliRun.of(
                args("-w", "Bad::ender", "-p", "end=none,exit,halt", "-e", "virtual", "--tasks", "5", "--forks", "1")
                        .toArray(String[]::new));
        String out = r.toString();
        assertEquals(ExitCodes.USER_EXIT, r.code(), out);
        assertEquals(
                1,
                (r.out() + r.err())
                        .lines()
                        .filter(l -> l.startsWith("vbench: workload"))
                        .count(),
                out);
        List<CellResult> cells = ResultCodec.read(tmp.resolve("r.json")).cells();
        // the finished cell is kept; the run went on after the second fork's System.exit(0) to the third's
        // Runtime.halt(0)
        assertEquals(
                List.of(CellStatus.OK, CellStatus.EXITED, CellStatus.EXITED),
                cells.stream().map(CellResult::status).toList(),
                out);
        for (CellResult exited : cells.subList(1, 3)) {
            assertTrue(
                    exited.notes().get(0).contains("exit code 0"),
                    exited.notes().toString());
        }
    }

    @Test
    void systemExitInProcessIsNotASuccess() throws Exception {
        Path log = tmp.resolve("exit.log");
        int code =
                runChild(log, "-w", "Bad::ender", "-p", "end=none,exit,none", "-e", "fixed:threads=1", "--tasks", "5");
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(ExitCodes.USER_EXIT, code, out);
        List<String> lines =
                out.lines().filter(l -> l.startsWith("vbench: workload")).toList();
        assertEquals(1, lines.size(), out);
        assertTrue(
                lines.get(0).contains("Bad::ender") && lines.get(0).contains("System.exit from Bad.ender(Bad.java:"),
                lines.get(0));
        List<CellResult> cells = ResultCodec.read(tmp.resolve("r.json")).cells();
        assertEquals(
                List.of(CellStatus.OK, CellStatus.EXITED),
                cells.stream().map(CellResult::status).toList(),
                out);
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
        assertEquals(
                List.of(CellStatus.OK), cells.stream().map(CellResult::status).toList());
    }

    @Test
    void tenMegabytesOfTaskOutputLeaveTheJsonParseable() throws Exception {
        Path stdout = tmp.resolve("stdout.json");
        Path stderr = tmp.resolve("stderr.txt");
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(VbenchProcess.QUICK_START); // the output is checked, not the speed
        command.addAll(List.of(
                "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                "dev.vbench.Main",
                "run",
                "--classpath",
                classes.toString(),
                "--trials",
                "2",
                "--warmup",
                "0",
                "-w",
                "Bad::chatty",
                "-e",
                "virtual",
                "-e",
                "fixed:threads=2",
                "--tasks",
                "2500",
                "-o",
                "-",
                "--format",
                "json"));
        Process p = new ProcessBuilder(command)
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "vbench did not end");
        String err = Files.readString(stderr, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), err);
        JsonNode tree = ResultCodec.mapper().readTree(stdout.toFile()); // the whole of stdout is the JSON
        assertEquals(2, tree.get("cells").size());
        // 2 cells x 2 trials x 2,500 tasks x 1,001 bytes: counted once, its first lines shown, never passed on
        assertEquals(
                1,
                err.lines()
                        .filter(l -> l.contains("user code printed 10010000 bytes to stdout"))
                        .count(),
                err);
        assertTrue(err.length() < 10_000, "stderr holds no raw output: " + err.length() + " chars");
    }

    private void assertStuckOutsideTasksThenOk(CliRun r, String notePrefix) {
        assertStuckOutsideTasksThenOk(tmp, r, notePrefix);
    }

    /** The first cell stuck outside its tasks with a note that starts {@code notePrefix}; the second ran its trials. */
    static void assertStuckOutsideTasksThenOk(Path tmp, CliRun r, String notePrefix) {
        assertEquals(ExitCodes.STUCK, r.code(), r::toString);
        List<CellResult> cells = ResultCodec.read(tmp.resolve("r.json")).cells();
        assertEquals(
                List.of(CellStatus.STUCK, CellStatus.OK),
                cells.stream().map(CellResult::status).toList(),
                r::toString);
        String note = cells.get(0).notes().get(0);
        assertTrue(note.startsWith(notePrefix), note);
        assertTrue(note.contains(" in java.lang.Thread.sleep"), note);
        assertEquals(2, cells.get(1).trials().size(), r::toString);
        assertTrue(r.err().contains("got stuck"), r::toString);
    }

    /** Runs vbench in a child JVM with {@link #args} and returns its exit code. */
    private int runChild(Path log, String... more) throws Exception {
        Process p =
                VbenchProcess.start(log, VbenchProcess.QUICK_START, args(more).toArray(String[]::new));
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "vbench did not end");
        return p.exitValue();
    }
}
