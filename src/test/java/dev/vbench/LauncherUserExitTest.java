package dev.vbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.ResultCodec;
import dev.vbench.testing.Launcher;
import dev.vbench.testing.SlowFirst;
import dev.vbench.testing.TestCode;
import dev.vbench.testing.VbenchProcess;
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
 * The launcher {@code bin/vbench} runs {@code run}'s JVM as its child: user code that ends that JVM with
 * {@code Runtime.halt(0)}, which runs no shutdown hook and so no code of vbench's, still gives exit code 6
 * (not 0), one line naming the workload and the cell, and the cells finished before in the {@code -o} file;
 * {@code System.exit(0)} gives the same exit code and one line (the JVM's own). A signal to the launcher
 * reaches the JVM, and the launcher exits with its status.
 */
@Tag(SlowFirst.SLOW)
class LauncherUserExitTest {

    private static final String ENDER = """
            public class Ender {
                /** How run() ends the JVM in its third task: none, exit (System.exit(0)) or halt (Runtime.halt(0)). */
                public static String end = "none";

                public static long run(long i) throws InterruptedException {
                    if (end.equals("exit") && i == 2) {
                        System.exit(0);
                    }
                    if (end.equals("halt") && i == 2) {
                        Runtime.getRuntime().halt(0);
                    }
                    if (end.equals("slow")) {
                        Thread.sleep(20);
                    }
                    return i;
                }
            }
            """;
    /**
     * No start-up cache: its training run would cost each test seconds, and it is not what is tested; nor is the
     * JVM's speed, so it starts on C1 alone.
     */
    private static final Map<String, String> ENV =
            Map.of("VBENCH_STARTUP_CACHE", "off", "VBENCH_JAVA_OPTS", String.join(" ", VbenchProcess.QUICK_START));

    @TempDir
    static Path shared;

    static Path classes;
    static Launcher vbench;

    @TempDir
    Path tmp;

    @BeforeAll
    static void install() throws Exception {
        classes = TestCode.classes(shared.resolve("classes"), Map.of("Ender.java", ENDER), Map.of());
        vbench = Launcher.install(shared.resolve("install"));
    }

    private String[] run(String ends, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "run",
                "--classpath",
                classes.toString(),
                "-w",
                "Ender::run",
                "-p",
                "end=" + ends,
                "-e",
                "virtual",
                "--tasks",
                "5",
                "--trials",
                "2",
                "--warmup",
                "0",
                "--no-progress",
                "-o",
                tmp.resolve("r.json").toString()));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    private List<CellStatus> statuses() {
        return ResultCodec.read(tmp.resolve("r.json")).cells().stream()
                .map(CellResult::status)
                .toList();
    }

    @Test
    void haltInATaskIsExitCode6WithOneLineAndTheFinishedCellsInTheFile() throws Exception {
        Launcher.Output r = vbench.run(ENV, run("none,halt"));
        assertEquals(6, r.code(), r::toString);
        List<String> lines =
                r.err().lines().filter(l -> l.startsWith("vbench: workload")).toList();
        assertEquals(1, lines.size(), r::toString);
        assertEquals(
                "vbench: workload Ender::run ended the JVM in cell c2 (Ender::run end=halt | virtual | tasks=5):"
                        + " exit status 0 without vbench's own exit (Runtime.halt, a crash or a kill signal); finished cells"
                        + " were kept in " + tmp.resolve("r.json") + ", exit code 6",
                lines.get(0));
        assertEquals(List.of(CellStatus.OK), statuses(), r::toString);
    }

    @Test
    void haltBeforeAnyCellFinishedSaysSo() throws Exception {
        Launcher.Output r = vbench.run(ENV, run("halt"));
        assertEquals(6, r.code(), r::toString);
        assertTrue(
                r.err()
                        .contains(
                                "ended the JVM in cell c1 (Ender::run end=halt | virtual | tasks=5): exit status 0"
                                        + " without vbench's own exit (Runtime.halt, a crash or a kill signal); no cell had finished, exit code 6"),
                r::toString);
    }

    @Test
    void systemExitInATaskIsExitCode6WithOneLineToo() throws Exception {
        Launcher.Output r = vbench.run(ENV, run("none,exit"));
        assertEquals(6, r.code(), r::toString);
        List<String> lines =
                r.err().lines().filter(l -> l.startsWith("vbench: workload")).toList();
        assertEquals(1, lines.size(), r::toString); // the JVM's own line; the launcher adds none
        assertTrue(
                lines.get(0).contains("user code called System.exit"),
                lines.get(0)); // from where: on platform threads only
        assertEquals(List.of(CellStatus.OK, CellStatus.EXITED), statuses(), r::toString);
    }

    @Test
    void aRunThatEndsWellOrBadlyOnItsOwnKeepsItsExitCode() throws Exception {
        Launcher.Output ok = vbench.run(ENV, run("none", "--format", "json", "-o", "-"));
        assertEquals(0, ok.code(), ok::toString);
        assertEquals(1, ResultCodec.mapper().readTree(ok.out()).get("cells").size(), ok::toString);
        assertFalse(ok.err().contains("exit code"), ok::toString);
        Launcher.Output usage = vbench.run(ENV, "run", "-w", "no-such-workload");
        assertEquals(2, usage.code(), usage::toString);
        assertFalse(usage.err().contains("exit code 6"), usage::toString);
    }

    /** TERM to the launcher alone (a CI runner, systemd) reaches the JVM, which ends; the launcher exits with its status. */
    @Test
    void termToTheLauncherReachesTheJvmAndItsStatusIsTheLaunchers() throws Exception {
        Launcher.Started started = vbench.start(
                ENV,
                "run",
                "--classpath",
                classes.toString(),
                "-w",
                "Ender::run",
                "-p",
                "end=slow",
                "-e",
                "sequential",
                "--tasks",
                "100000",
                "--trials",
                "1",
                "--warmup",
                "0",
                "--no-progress",
                "-o",
                tmp.resolve("r.json").toString());
        Process launcher = started.process();
        ProcessHandle java = null;
        for (int i = 0; i < 600 && java == null; i++) { // the JVM, once it runs the cell
            java = launcher.descendants().findFirst().orElse(null);
            if (java == null || !Files.readString(started.err()).contains("cell(s)")) {
                java = null;
                Thread.sleep(50);
            }
        }
        assertTrue(java != null, "no JVM under the launcher: " + Files.readString(started.err()));
        launcher.destroy(); // TERM to the launcher's pid only
        assertTrue(launcher.waitFor(60, TimeUnit.SECONDS), "the launcher did not end");
        java.onExit().get(10, TimeUnit.SECONDS);
        Launcher.Output r = started.output();
        assertEquals(143, r.code(), r::toString); // the JVM's status: it got the TERM
        assertFalse(r.err().contains("exit code 6"), r::toString);
    }
}
