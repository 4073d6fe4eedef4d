package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.ResultCodec;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.VbenchProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two runs writing the same {@code -o} file: the second is refused before it measures anything (exit 2,
 * naming the process that writes it), so neither run's results are lost without a word; once the first
 * is gone, even killed with {@code kill -9}, the file is free again.
 */
class OneWriterTest {

    @TempDir
    Path tmp;

    @Test
    void aSecondRunWritingTheSameFileIsRefusedNamingTheFirst() throws Exception {
        Path same = tmp.resolve("same.json");
        Path log = tmp.resolve("first.log");
        Process first = VbenchProcess.start(
                log,
                VbenchProcess.QUICK_START, // the child's own speed is not what is checked
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
                "1",
                "--warmup",
                "0",
                "--pinning",
                "off",
                "--no-progress",
                "-o",
                same.toString());
        try {
            for (int i = 0; i < 1200 && !Files.readString(log).contains("cell(s)"); i++) {
                Thread.sleep(50);
            }
            assertTrue(Files.readString(log).contains("cell(s)"), () -> "the first run did not start: " + read(log));
            CliRun second = CliRun.of(
                    "run",
                    "-w",
                    "noop",
                    "--tasks",
                    "10",
                    "--trials",
                    "1",
                    "--warmup",
                    "0",
                    "-o",
                    tmp.resolve("other.json").toString(),
                    "-o",
                    same.toString());
            second.assertUsageError(
                    "-o " + same + " is being written by another vbench run (pid " + first.pid() + ", started ");
            assertTrue(second.err().contains("wait for it to end, or write to another file"), second::toString);
            assertTrue(
                    Files.notExists(tmp.resolve("other.json")), "refused before it ran: its other file is not written");
        } finally {
            first.destroyForcibly(); // kill -9: the operating system frees its lock
            first.waitFor(30, TimeUnit.SECONDS);
        }
        CliRun third = CliRun.of(
                "run", "-w", "noop", "--tasks", "10", "--trials", "1", "--warmup", "0", "-q", "-o", same.toString());
        assertEquals(0, third.code(), third::toString);
        assertEquals(1, ResultCodec.read(same).cells().size());
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (Exception e) {
            return e.toString();
        }
    }
}
