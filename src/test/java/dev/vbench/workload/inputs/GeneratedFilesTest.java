package dev.vbench.workload.inputs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.WorkloadException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeneratedFilesTest {

    @TempDir
    Path tmp;

    final List<String> warnings = new ArrayList<>();
    final AtomicInteger generations = new AtomicInteger();

    PrepareContext context() {
        return new PrepareContext(tmp, 42, warnings::add, PrepareContext.Progress.NONE);
    }

    boolean ensure(Path dir) {
        return GeneratedFiles.ensure(dir, "test inputs", context(), d -> {
            generations.incrementAndGet();
            Files.writeString(d.resolve("a.txt"), "alpha", StandardCharsets.UTF_8);
            Files.writeString(d.resolve("b.txt"), "bravo bravo", StandardCharsets.UTF_8);
        });
    }

    @Test
    void generatesOnceSilentlyThenReusesVerifiedFiles() throws IOException {
        Path dir = tmp.resolve("inputs");
        assertTrue(ensure(dir));
        assertFalse(ensure(dir));
        assertEquals(1, generations.get());
        assertEquals(List.of(), warnings);
        assertEquals(2, GeneratedFiles.readManifest(dir).size());
        assertEquals(5, GeneratedFiles.readManifest(dir).get("a.txt").size());
        assertNull(GeneratedFiles.check(dir));
        try (var s = Files.list(tmp)) {
            assertEquals(List.of(dir), s.toList(), "no temporary directory is left behind");
        }
    }

    @Test
    void sameSizeCorruptionIsFoundByChecksumAndRegeneratedWithAWarning() throws IOException {
        Path dir = tmp.resolve("inputs");
        ensure(dir);
        Files.writeString(dir.resolve("a.txt"), "alphA", StandardCharsets.UTF_8);
        assertTrue(ensure(dir));
        assertEquals(1, warnings.size());
        assertTrue(
                warnings.get(0).startsWith("test inputs in " + dir + " is corrupt (a.txt does not match its SHA-256"),
                warnings::toString);
        assertTrue(warnings.get(0).endsWith("; regenerating"), warnings::toString);
        assertEquals("alpha", Files.readString(dir.resolve("a.txt")));
    }

    @Test
    void truncatedMissingAndPartialDirectoriesAreRegenerated() throws IOException {
        Path dir = tmp.resolve("inputs");
        ensure(dir);
        Files.writeString(dir.resolve("b.txt"), "bra", StandardCharsets.UTF_8);
        assertTrue(ensure(dir));
        Files.delete(dir.resolve("a.txt"));
        assertTrue(ensure(dir));
        Files.delete(dir.resolve(GeneratedFiles.MANIFEST));
        assertTrue(ensure(dir));
        Files.writeString(dir.resolve(GeneratedFiles.MANIFEST), "nonsense\n");
        assertTrue(ensure(dir));
        assertEquals(5, generations.get());
        assertEquals(4, warnings.size(), warnings::toString);
        assertTrue(warnings.get(0).contains("is corrupt (b.txt has 3 bytes, expected 11)"), warnings::toString);
        assertTrue(warnings.get(1).contains("is partial (a.txt is missing)"), warnings::toString);
        assertTrue(
                warnings.get(2).contains("is partial (no manifest; an earlier generation was interrupted)"),
                warnings::toString);
        assertTrue(warnings.get(3).contains("has an unreadable manifest"), warnings::toString);
        assertNull(GeneratedFiles.check(dir));
    }

    @Test
    void aFailedGenerationLeavesNoDirectoryThatPassesVerification() throws IOException {
        Path dir = tmp.resolve("inputs");
        WorkloadException e = assertThrows(
                WorkloadException.class,
                () -> GeneratedFiles.ensure(dir, "x", context(), d -> {
                    Files.writeString(d.resolve("a.txt"), "half");
                    throw new IOException("disk full");
                }));
        assertEquals(WorkloadException.ENVIRONMENT, e.exitCode());
        assertTrue(e.getMessage().contains("disk full"), e::getMessage);
        assertFalse(Files.exists(dir));
        assertEquals("", GeneratedFiles.check(dir));
    }

    @Test
    void seedsAreDeterministicAndSpread() {
        assertEquals(Seeds.index(42, 7, 1000), Seeds.index(42, 7, 1000));
        int[] counts = new int[10];
        for (int i = 0; i < 10_000; i++) {
            counts[Seeds.index(42, i, 10)]++;
        }
        for (int c : counts) {
            assertTrue(c > 800 && c < 1200, () -> Arrays.toString(counts));
        }
        assertFalse(Seeds.derive(42, 0) == Seeds.derive(42, 1));
    }
}
