package dev.vbench.result;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Result files written before load shapes existed still read, as closed-model cells. */
class ResultCompatibilityTest {

    static final Path FIXTURE = Path.of("src/test/resources/results/vbench-result-1-closed.json");

    @Test
    void aClosedModelFileFromBeforeLoadShapesReads() throws IOException {
        RunResult old = ResultCodec.read(FIXTURE);
        CellConfig config = old.cells().get(0).config();
        assertEquals(10000, config.tasks());
        assertEquals(0, config.durationNanos());
        assertEquals(0.0, config.ratePerSecond());
        assertEquals(0, config.timeoutNanos());
        assertFalse(config.openModel());
        assertEquals("tasks=10000", config.loadText());
        TrialResult trial = old.cells().get(0).trials().get(0);
        assertEquals(0, trial.dropped());
        assertEquals(0, trial.timedOut());
        assertNull(trial.uncorrectedLatency());
        assertNull(trial.histograms().intendedEndToEnd());
        // written again, the file is byte-for-byte what it was: the new fields stay out of closed cells
        assertArrayEquals(
                Files.readAllBytes(FIXTURE),
                ResultCodec.toJson(old).getBytes(StandardCharsets.UTF_8),
                "re-written JSON differs from the fixture's bytes");
    }
}
