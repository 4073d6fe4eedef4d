package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.testing.CliRun;
import dev.vbench.testing.SlowFirst;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The CLI around the jar, thumbnail and render workloads: bad input, the data directory, a corrupted cache. */
@Tag(SlowFirst.SLOW)
class FileWorkloadsCliTest {

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "-w jar -p entry=medium|parameter 'entry' of workload 'jar': 'medium' is not one of small-stored, small-compressed, big-stored, big-compressed",
                "-w jar -p fanout=0|parameter 'fanout' of workload 'jar': '0' is out of range; use a whole number in 1..1024",
                "-w thumbnail -p op=delete|parameter 'op' of workload 'thumbnail': 'delete' is not one of load, exists, hit, uptodate",
                "-w thumbnail -p files=0|parameter 'files' of workload 'thumbnail': '0' is out of range; use a whole number in 1..10000",
                "-w thumbnail -p files=10,0|parameter 'files' of workload 'thumbnail': '0' is out of range; use a whole number in 1..10000",
                "-w thumbnail -p cache=hot|parameter 'cache' of workload 'thumbnail': 'hot' is not one of cold, warm",
                "-w render -p encode=jpeg|parameter 'encode' of workload 'render': 'jpeg' is not one of png, none",
                "-w render -p requests=0|parameter 'requests' of workload 'render': '0' is out of range; use a whole number in 1..1000000"
            })
    void badParameterIsOneLineAndExitTwo(String args, String expected) {
        assertUsageError(CliRun.of(("run " + args + " --data-dir " + tmp).split(" ")), expected);
    }

    @Test
    void dataDirThatCannotBeWrittenFailsBeforeAnyMeasurement() throws Exception {
        Path file = Files.writeString(tmp.resolve("not-a-dir"), "x");
        assertUsageError(
                CliRun.of("run", "-w", "jar", "--data-dir", file.toString()),
                "--data-dir " + file + " is a file, not a directory; choose a directory you can write");
        Path under = file.resolve("sub");
        assertUsageError(
                CliRun.of("run", "-w", "thumbnail", "--data-dir", under.toString()),
                "--data-dir " + under + " cannot be created or written");
        if (!"root".equals(System.getProperty("user.name"))) {
            Path readOnly = Files.createDirectory(tmp.resolve("ro"));
            assertTrue(readOnly.toFile().setWritable(false));
            assertUsageError(
                    CliRun.of("run", "-w", "jar", "--data-dir", readOnly.toString()),
                    "is not writable (permission denied)");
        }
        try (var s = Files.list(tmp)) {
            assertEquals(1, s.count(), "nothing was generated");
        }
    }

    @Test
    void corruptedCachedJpegIsRegeneratedWithAWarningAndTheRunContinues() throws Exception {
        String[] run = {
            "run",
            "-w",
            "thumbnail",
            "-p",
            "files=2",
            "-e",
            "sequential",
            "--trials",
            "1",
            "--warmup",
            "0",
            "--data-dir",
            tmp.toString()
        };
        CliRun first = CliRun.of(run);
        assertEquals(0, first.code(), first::toString);
        assertFalse(first.err().contains("warning"), first::toString);

        Path photo = tmp.resolve("thumbnail/seed-42/folder-2/img_0001.jpg");
        long size = Files.size(photo);
        try (var out = Files.newOutputStream(photo, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            out.write(new byte[(int) (size / 2)]); // half a file of zeros: a partial, corrupt JPEG
        }
        CliRun second = CliRun.of(run);
        assertEquals(0, second.code(), second::toString);
        String warning = "vbench: warning: generated photos in " + tmp.resolve("thumbnail/seed-42/photos")
                + " is corrupt (photo_01.jpg has " + size / 2 + " bytes, expected " + size + "); regenerating";
        assertTrue(second.err().contains(warning + "\n"), second::toString);
        assertEquals(1, second.err().lines().filter(l -> l.contains("warning")).count(), second::toString);
        assertTrue(second.out().contains("thumbnail cache=cold files=2 op=load"), second::toString);
        assertEquals(size, Files.size(photo), "the folder was rebuilt from the regenerated photos");

        Files.delete(photo);
        Files.writeString(photo, "not a jpeg");
        CliRun third = CliRun.of(run);
        assertEquals(0, third.code(), third::toString);
        assertTrue(
                third.err()
                        .contains("vbench: warning: photo folder " + tmp.resolve("thumbnail/seed-42/folder-2")
                                + " is corrupt (img_0001.jpg has 10 bytes, expected " + size + "); rebuilding it"),
                third::toString);

        CliRun fourth = CliRun.of(run);
        assertEquals(0, fourth.code(), fourth::toString);
        assertFalse(fourth.err().contains("warning"), fourth::toString);
    }

    @Test
    void listShowsTheWorkloadsWithTheirParametersAndNotes() {
        CliRun all = CliRun.of("list");
        assertEquals(0, all.code(), all::toString);
        assertTrue(all.out().contains("  jar — read one entry of a shared open JarFile"), all::toString);
        assertTrue(
                all.out()
                        .contains(
                                "entry  (default small-stored; small-stored|small-compressed|big-stored|big-compressed)"),
                all::toString);
        assertTrue(all.out().contains("files  (default 10; integer 1..10000)"), all::toString);
        assertTrue(all.out().contains("op  (default load; load|exists|hit|uptodate)"), all::toString);
        assertTrue(all.out().contains("encode  (default png; png|none)"), all::toString);
        CliRun thumbnail = CliRun.of("list", "--workload", "thumbnail");
        assertTrue(thumbnail.out().contains("Per-folder time = makespan"), thumbnail::toString);
        CliRun render = CliRun.of("list", "--workload", "render");
        assertTrue(render.out().contains("labels (drawString, SansSerif"), render::toString);
    }

    private static void assertUsageError(CliRun r, String expected) {
        r.assertUsageError(expected);
    }
}
