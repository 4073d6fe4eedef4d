package dev.vbench.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a vbench process that is gone left in the temporary directory is removed; nothing else is. */
class ScratchDirTest {

    @TempDir
    Path tmp;

    @Test
    void foldersOfProcessesThatAreGoneAreRemovedAndOthersKept() throws Exception {
        long dead = deadPid();
        ProcessHandle self = ProcessHandle.current();
        long start = self.info().startInstant().orElseThrow().toEpochMilli();
        Path deadRun = Files.createDirectories(tmp.resolve("vbench-" + dead + "-" + start + "-123"));
        Files.writeString(deadRun.resolve("vbench-fork-1.log"), "secret=x");
        Path reused = Files.createDirectories(
                tmp.resolve("vbench-" + self.pid() + "-" + (start - 5000) + "-9")); // pid given again
        Path live = Files.createDirectories(tmp.resolve("vbench-" + self.pid() + "-" + start + "-7"));
        Path deadLauncher = Files.createDirectories(tmp.resolve("vbench-launcher." + dead + ".Ab12Cd"));
        Path liveLauncher = Files.createDirectories(tmp.resolve("vbench-launcher." + self.pid() + ".Ab12Cd"));
        Path oldPlan = Files.writeString(tmp.resolve("vbench-fork-123.plan.json"), "{\"password\":\"x\"}");
        Path newPlan = Files.writeString(tmp.resolve("vbench-fork-456.plan.json"), "{}");
        Path oldLog = Files.writeString(tmp.resolve("vbench-fork-789.log"), "");
        Path recentLog = Files.writeString(tmp.resolve("vbench-fork-790.log"), "");
        Path notOurs = Files.createDirectories(tmp.resolve("vbench-stuff"));
        Instant now = Instant.now();
        Files.setLastModifiedTime(oldPlan, FileTime.from(now.minus(Duration.ofMinutes(11))));
        Files.setLastModifiedTime(oldLog, FileTime.from(now.minus(Duration.ofDays(2))));
        Files.setLastModifiedTime(recentLog, FileTime.from(now.minus(Duration.ofHours(2))));

        assertEquals(5, ScratchDir.sweep(tmp, now));

        for (Path gone : List.of(deadRun, reused, deadLauncher, oldPlan, oldLog)) {
            assertFalse(Files.exists(gone), gone + " is left: " + listing());
        }
        for (Path kept : List.of(live, liveLauncher, newPlan, recentLog, notOurs)) {
            assertTrue(Files.exists(kept), kept + " is gone: " + listing());
        }
    }

    @Test
    void thisJvmsFolderIsItsOwnAndOnlyItsOwnerMayEnterIt() throws Exception {
        Path dir = ScratchDir.get();
        assertTrue(
                dir.getFileName()
                        .toString()
                        .startsWith("vbench-" + ProcessHandle.current().pid() + "-"),
                dir::toString);
        assertEquals(dir, ScratchDir.createTempFile("x-", ".log").getParent());
        if (dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
        }
        ScratchDir.sweep(dir.getParent(), Instant.now());
        assertTrue(Files.isDirectory(dir), "a sweep leaves the folder of a process that lives");
    }

    /** Halted: this JVM's folder goes whole, and the temporary files it keeps elsewhere (an atomic write's) with it. */
    @Test
    void whenHaltedEveryTemporaryFileGoes() throws Exception {
        Path inFolder = ScratchDir.createTempFile("vbench-fork-", ".json");
        Path beside = Files.writeString(tmp.resolve(".r.json.123.tmp"), "{");
        Path done = Files.writeString(tmp.resolve(".r.json.456.tmp"), "{");
        Path kept = Files.writeString(tmp.resolve("r.json"), "{}");
        ScratchDir.track(beside);
        ScratchDir.track(done);
        ScratchDir.untrack(done);
        ScratchDir.removeAll();
        assertFalse(Files.exists(inFolder.getParent()), inFolder::toString);
        assertFalse(Files.exists(beside), this::listing);
        assertTrue(Files.exists(done) && Files.exists(kept), this::listing);
        ScratchDir.untrack(beside);
        assertTrue(Files.isDirectory(ScratchDir.get()), "made again when needed");
    }

    static long deadPid() {
        long pid = 4_000_000;
        while (ProcessHandle.of(pid).isPresent()) {
            pid--;
        }
        return pid;
    }

    private String listing() {
        try (Stream<Path> s = Files.list(tmp)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList().toString();
        } catch (Exception e) {
            return e.toString();
        }
    }
}
