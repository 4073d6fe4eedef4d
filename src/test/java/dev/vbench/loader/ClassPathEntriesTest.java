package dev.vbench.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vbench.result.CodeEntry;
import java.io.File;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --classpath} as {@code java -cp} takes it: entries, {@code dir/*}, their fingerprints and the errors. */
class ClassPathEntriesTest {

    @TempDir
    Path dir;

    private Path jar(String name) throws Exception {
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar);
                JarOutputStream j = new JarOutputStream(out)) {
            j.putNextEntry(new ZipEntry("a/B.class"));
            j.write(new byte[] {1, 2, 3});
            j.closeEntry();
        }
        return jar;
    }

    @Test
    void entriesAreDirectoriesJarsAndDirStarInNameOrder() throws Exception {
        Files.createDirectories(dir.resolve("classes"));
        Files.createDirectories(dir.resolve("lib"));
        jar("lib/b.jar");
        jar("lib/a.jar");
        Files.writeString(dir.resolve("lib/notes.txt"), "not a jar");
        ClassPathEntries cp = ClassPathEntries.parse("classes" + File.pathSeparator + "lib/*", dir);
        assertEquals(
                List.of("classes " + CodeEntry.DIRECTORY, "lib/a.jar " + CodeEntry.JAR, "lib/b.jar " + CodeEntry.JAR),
                cp.entries().stream().map(e -> e.given() + " " + e.kind()).toList());
        assertEquals("classes, lib/a.jar, lib/b.jar", cp.describe());
        assertEquals(
                String.join(
                        File.pathSeparator,
                        dir.resolve("classes").toString(),
                        dir.resolve("lib/a.jar").toString(),
                        dir.resolve("lib/b.jar").toString()),
                cp.absolute());
        assertSame(ClassPathEntries.EMPTY, ClassPathEntries.parse("  ", dir));
    }

    @Test
    void aFingerprintIsTheSha256OfAJarOrOfADirectorysClassFiles() throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes/a"));
        Files.write(classes.resolve("B.class"), new byte[] {1});
        Path jar = jar("one.jar");
        ClassPathEntries cp = ClassPathEntries.parse("classes" + File.pathSeparator + "one.jar", dir);
        List<CodeEntry> first = cp.fingerprints();
        assertEquals(ClassPathEntries.fileHash(jar), first.get(1).sha256());
        assertEquals(64, first.get(0).sha256().length());
        assertEquals(first, cp.fingerprints(), "the same bytes, the same fingerprints");
        Files.write(classes.resolve("B.class"), new byte[] {2});
        assertNotEquals(first.get(0).sha256(), cp.fingerprints().get(0).sha256(), "a changed class file changes it");
        assertEquals(first.get(1), cp.fingerprints().get(1));
    }

    @Test
    void aWrongEntryIsOneSentenceNamingTheFix() throws Exception {
        Files.writeString(dir.resolve("plain.txt"), "text");
        assertEquals(
                "class path entry 'missing' does not exist (looked for " + dir.resolve("missing")
                        + "); fix the path in --classpath (or VBENCH_CLASSPATH)",
                assertThrows(IllegalArgumentException.class, () -> ClassPathEntries.parse("missing", dir))
                        .getMessage());
        assertEquals(
                "class path entry 'plain.txt' is not a jar or a directory (" + dir.resolve("plain.txt")
                        + "); give a jar, a directory of classes, or dir/*",
                assertThrows(IllegalArgumentException.class, () -> ClassPathEntries.parse("plain.txt", dir))
                        .getMessage());
        assertEquals(
                "class path entry 'nodir/*': " + dir.resolve("nodir") + " is not a directory; fix the path in"
                        + " --classpath (or VBENCH_CLASSPATH)",
                assertThrows(IllegalArgumentException.class, () -> ClassPathEntries.parse("nodir/*", dir))
                        .getMessage());
    }
}
