package dev.vbench.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One writer per output file, and room for it checked before anything runs. */
class OutputFilesTest {

    @TempDir
    Path tmp;

    @Test
    void aFileClaimedByOneRunIsRefusedToAnotherUntilReleased() {
        Path file = tmp.resolve("r.json");
        try (OutputFiles.Claim first = OutputFiles.claim(file)) {
            UsageException e = assertThrows(UsageException.class, () -> OutputFiles.claim(file));
            assertTrue(
                    e.getMessage()
                            .startsWith("-o " + file + " is being written by another vbench run (pid "
                                    + ProcessHandle.current().pid() + ", started "),
                    e.getMessage());
            assertTrue(e.getMessage().endsWith("; wait for it to end, or write to another file"), e.getMessage());
        }
        OutputFiles.claim(file).close(); // released: the next run takes it
    }

    @Test
    void aRunOfManyFilesHoldsThemAllAndLetsGoOfThemAll() {
        List<String> names =
                List.of(tmp.resolve("a.json").toString(), tmp.resolve("a.html").toString(), "-");
        try (RunOutputs outputs = RunOutputs.parse(names, null, true)) {
            assertThrows(
                    UsageException.class,
                    () -> RunOutputs.parse(List.of(tmp.resolve("a.html").toString()), null, true));
        }
        RunOutputs.parse(names, null, true).close();
    }

    @Test
    void aFileSystemWithoutRoomIsRefusedBeforeTheRun() {
        Path file = tmp.resolve("r.json");
        OutputFiles.checkSpace(file, 1000, 1000);
        EnvironmentException e =
                assertThrows(EnvironmentException.class, () -> OutputFiles.checkSpace(file, 5L << 20, 4096));
        assertEquals(
                "-o " + file + ": 4 KiB left on the file system of " + tmp + ", and the results need about 5 MiB;"
                        + " free some room or write them elsewhere",
                e.getMessage());
        assertEquals(ExitCodes.ENVIRONMENT, Failures.of(e).exitCode());
    }
}
