package dev.vbench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The trainings of the families that run nothing (compare, read, history, version): every command they run exits 0 on the bundled result, so
 * their caches hold what those commands load.
 */
class StartupTrainingTest {

    @TempDir
    Path tmp;

    @Test
    void theBundledResultReadsAndTheReadAndHistoryTrainingsRunCleanly() throws Exception {
        for (String resource : new String[] {StartupTraining.TRAINING_RESULT, StartupTraining.TRAINING_RESULT_B}) {
            try (InputStream in = StartupTraining.class.getResourceAsStream(resource)) {
                RunResult r = ResultCodec.fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8), "training");
                assertEquals(RunResult.SCHEMA, r.schema());
                assertEquals(2, r.cells().size());
            }
        }
        assertEquals(0, StartupTraining.train(StartupTraining.Family.COMPARE, tmp.resolve("compare")));
        assertEquals(0, StartupTraining.train(StartupTraining.Family.READ, tmp.resolve("read")));
        assertEquals(0, StartupTraining.train(StartupTraining.Family.HISTORY, tmp.resolve("history")));
        assertEquals(0, StartupTraining.train(StartupTraining.Family.VERSION, tmp.resolve("version")));
    }
}
