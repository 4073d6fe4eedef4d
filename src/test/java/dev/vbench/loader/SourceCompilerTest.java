package dev.vbench.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A source file compiled in memory, cached by the hash of its source: compiled once, errors as file:line lines. */
class SourceCompilerTest {

    @TempDir
    Path dir;

    @Test
    void aSourceIsCompiledOnceAndThenLoadedFromTheCache() throws Exception {
        Path source = Files.writeString(
                dir.resolve("Bench.java"),
                "public class Bench { public static long run(long i) { return i + 1; } static class Inner {} }\n");
        Path cache = dir.resolve("cache");
        SourceCompiler.Compiled first = SourceCompiler.compile("Bench.java", source, "", "", cache);
        assertFalse(first.fromCache());
        assertEquals(
                List.of("Bench", "Bench$Inner"),
                first.classNames().stream().sorted().toList());
        assertTrue(Files.isRegularFile(first.dir().resolve("Bench.class")));
        SourceCompiler.Compiled again = SourceCompiler.compile("Bench.java", source, "", "", cache);
        assertTrue(again.fromCache(), "the same source is not compiled again");
        assertEquals(first.dir(), again.dir());
        assertEquals(first.sourceSha256(), again.sourceSha256());
        assertEquals(0, again.compileMillis());
        SourceCompiler.Compiled otherClassPath = SourceCompiler.compile("Bench.java", source, "", "another", cache);
        assertNotEquals(first.dir(), otherClassPath.dir(), "the class path is part of the key");
        Files.writeString(source, "public class Bench { public static long run(long i) { return i + 2; } }\n");
        SourceCompiler.Compiled changed = SourceCompiler.compile("Bench.java", source, "", "", cache);
        assertFalse(changed.fromCache());
        assertNotEquals(first.sourceSha256(), changed.sourceSha256());
    }

    @Test
    void compilerErrorsAndAMissingFileAreMessagesNamingTheFile() throws Exception {
        Path broken =
                Files.writeString(dir.resolve("Broken.java"), "public class Broken {\n  long run() { return x; }\n}\n");
        String errors = assertThrows(
                        IllegalArgumentException.class,
                        () -> SourceCompiler.compile("Broken.java", broken, "", "", dir.resolve("cache")))
                .getMessage();
        assertTrue(errors.startsWith("Broken.java does not compile (1 error); fix it and run again:"), errors);
        assertTrue(errors.lines().anyMatch(l -> l.startsWith("Broken.java:2: ") && l.contains("x")), errors);
        assertEquals(
                "source file 'Nope.java' does not exist (looked for "
                        + dir.resolve("Nope.java").toAbsolutePath() + "); check the path given to -w",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> SourceCompiler.compile("Nope.java", dir.resolve("Nope.java"), "", "", dir))
                        .getMessage());
    }
}
