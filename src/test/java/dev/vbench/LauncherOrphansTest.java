package dev.vbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.testing.Launcher;
import dev.vbench.testing.VbenchProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * No vbench process outlives its launcher: {@code kill -9} of {@code bin/vbench} during a run, with and
 * without forks, ends the JVM and every fork within 5 s, and the launcher's folder and the JVMs' temporary
 * files (a fork's result, log and state) go with them; what a run killed harder (its JVM killed with
 * {@code kill -9}) left in the temporary directory is removed when the next run starts.
 */
class LauncherOrphansTest {

    /** No start-up cache: its training run would cost each test seconds, and it is not what is tested. */
    private static final String CACHE_OFF = "VBENCH_STARTUP_CACHE";

    @TempDir
    static Path shared;

    static Launcher vbench;

    @TempDir
    Path tmp;

    @BeforeAll
    static void install() throws Exception {
        vbench = Launcher.install(shared.resolve("install"));
    }

    /** The run's temporary directory: the launcher's ($TMPDIR) and its JVMs' (java.io.tmpdir, which forks inherit). */
    private Path temp() throws IOException {
        return Files.createDirectories(tmp.resolve("temp"));
    }

    private Map<String, String> env() throws IOException {
        // the JVMs' speed is not what is tested: they start on C1 alone
        return Map.of(
                CACHE_OFF,
                "off",
                "TMPDIR",
                temp().toString(),
                "VBENCH_JAVA_OPTS",
                "-Djava.io.tmpdir=" + temp() + " " + String.join(" ", VbenchProcess.QUICK_START));
    }

    @ParameterizedTest(name = "--forks {0}")
    @ValueSource(ints = {0, 1})
    void killMinus9OfTheLauncherEndsTheJvmAndItsForksWithin5Seconds(int forks) throws Exception {
        Launcher.Started started = vbench.start(
                env(),
                "run",
                "-w",
                "io",
                "-p",
                "duration=20ms",
                "-e",
                "sequential",
                "--tasks",
                "100000",
                "--trials",
                "3",
                "--warmup",
                "0",
                "--forks",
                String.valueOf(forks),
                "--no-progress",
                "-o",
                tmp.resolve("r.json").toString());
        Process launcher = started.process();
        int jvms = forks == 0 ? 1 : 2;
        List<ProcessHandle> running = List.of();
        for (int i = 0;
                i < 1200
                        && (running.size() < jvms
                                || !Files.readString(started.err()).contains("cell(s)"));
                i++) {
            Thread.sleep(50);
            running = launcher.descendants().toList();
        }
        assertEquals(jvms, running.size(), () -> "the run's JVMs did not start: " + read(started.err()));
        assertEquals(1, launcherFolders().size(), this::listing);
        if (forks > 0) {
            assertTrue(scratchFiles() >= 3, this::listing); // the fork's result, log and state files
        }
        launcher.destroyForcibly(); // SIGKILL: no trap runs, nothing is passed on
        assertTrue(launcher.waitFor(10, TimeUnit.SECONDS));
        long killed = System.nanoTime();
        for (ProcessHandle jvm : running) {
            long left = TimeUnit.SECONDS.toNanos(5) - (System.nanoTime() - killed);
            try {
                jvm.onExit().get(Math.max(0, left), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                running.forEach(ProcessHandle::destroyForcibly);
                throw new AssertionError(
                        "pid " + jvm.pid() + " (" + jvm.info().commandLine().orElse("?")
                                + ") still runs 5 s after the launcher was killed; stderr: " + read(started.err()));
            }
        }
        assertEquals(
                List.of(), launcherFolders(), "the JVM removed the launcher's folder, which the launcher could not");
        assertEquals("[]", listing(temp()), "the JVMs removed their temporary files before they ended");
        assertFalse(
                read(started.err()).contains("System.exit"),
                () -> "the launcher's end taken for user code's exit: " + read(started.err()));
    }

    /** A launcher folder of a process that is gone is removed at the next run's start; a live one's is left alone. */
    @Test
    void leftoversOfAKilledRunAreRemovedAtTheNextStart() throws Exception {
        Path stale = Files.createDirectories(temp().resolve("vbench-launcher." + deadPid() + ".AbC123"));
        Files.writeString(stale.resolve("state"), "running\n");
        Path staleJvm = Files.createDirectories(temp().resolve("vbench-" + deadPid() + "-1795850000000-42"));
        Files.writeString(staleJvm.resolve("vbench-fork-1.json"), "{}");
        Path alive = Files.createDirectories(
                temp().resolve("vbench-launcher." + ProcessHandle.current().pid() + ".XyZ789"));
        Path other = Files.createDirectories(temp().resolve("not-vbench." + deadPid()));
        Launcher.Output r =
                vbench.run(env(), "run", "-w", "noop", "--tasks", "10", "--trials", "1", "--warmup", "0", "-q");
        assertEquals(0, r.code(), r::toString);
        assertFalse(Files.exists(stale), this::listing);
        assertFalse(Files.exists(staleJvm), this::listing);
        assertTrue(Files.exists(alive), this::listing);
        assertTrue(Files.exists(other), this::listing);
        assertEquals(List.of(alive), launcherFolders(), "the run's own folder is gone with it");
    }

    /** A process id no process has now. */
    static long deadPid() {
        long pid = 4_000_000;
        while (ProcessHandle.of(pid).isPresent()) {
            pid--;
        }
        return pid;
    }

    private List<Path> launcherFolders() throws Exception {
        try (Stream<Path> entries = Files.list(temp())) {
            return entries.filter(p -> p.getFileName().toString().startsWith("vbench-launcher."))
                    .toList();
        }
    }

    /** The files in the JVMs' folders ({@code vbench-PID-…}) of the temporary directory. */
    private long scratchFiles() throws Exception {
        try (Stream<Path> entries = Files.walk(temp())) {
            return entries.filter(Files::isRegularFile)
                    .filter(p -> p.getParent().getFileName().toString().matches("vbench-\\d+-\\d+-\\d+"))
                    .count();
        }
    }

    private String listing() {
        try {
            return "in " + temp() + ": " + listing(temp());
        } catch (Exception e) {
            return e.toString();
        }
    }

    /** Every entry under {@code dir}, relative to it, sorted. */
    private static String listing(Path dir) {
        try (Stream<Path> entries = Files.walk(dir)) {
            return entries.filter(p -> !p.equals(dir))
                    .map(p -> dir.relativize(p).toString())
                    .sorted()
                    .toList()
                    .toString();
        } catch (Exception e) {
            return e.toString();
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (Exception e) {
            return e.toString();
        }
    }
}
