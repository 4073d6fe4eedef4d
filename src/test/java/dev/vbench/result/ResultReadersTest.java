package dev.vbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.measure.Histograms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every schema version ever written stays readable: each has a fixture under
 * {@code src/test/resources/results/} written by that version (vbench-result-1.json: a real
 * {@code vbench run -w io -p duration=1ms -e fixed:threads=4 -e virtual --tasks 20 --trials 6}).
 */
class ResultReadersTest {

    @Test
    void schemaOneFixtureIsReadable() {
        RunResult r = ResultCodec.read(Path.of("src/test/resources/results/vbench-result-1.json"));
        assertEquals("vbench-result/1", r.schema());
        assertEquals(6, r.settings().measuredTrials());
        assertEquals(2, r.cells().size());
        assertEquals("fixed:threads=4", r.cells().get(0).config().executor().spec());
        assertEquals("virtual", r.cells().get(1).config().executor().spec());
        for (CellResult c : r.cells()) {
            assertEquals(6, c.trials().size());
            assertEquals(6, c.summary(Metric.MAKESPAN).n());
            for (TrialResult t : c.trials()) {
                assertEquals(20, Histograms.decode(t.histograms().endToEnd()).getTotalCount());
                assertTrue(t.makespanNanos() > 1_000_000, "1 ms sleeps take at least 1 ms");
            }
        }
    }

    @Test
    void theHeaderIsTheEnvironmentAndSettingsOfTheWholeDocument() throws Exception {
        for (String name : List.of("vbench-result-1.json", "vbench-result-1-closed.json")) {
            Path file = Path.of("src/test/resources/results/" + name);
            RunResult whole = ResultCodec.read(file);
            ResultCodec.Header header = ResultCodec.header(Files.readString(file), name);
            assertEquals(new ResultCodec.Header(whole.schema(), whole.environment(), whole.settings()), header, name);
        }
        ResultFormatException jmh = org.junit.jupiter.api.Assertions.assertThrows(
                ResultFormatException.class, () -> ResultCodec.header("[{\"benchmark\": \"x\"}]", "jmh.json"));
        assertTrue(jmh.getMessage().startsWith("jmh.json is not a vbench result"), jmh.getMessage());
        ResultFormatException newer = org.junit.jupiter.api.Assertions.assertThrows(
                ResultFormatException.class,
                () -> ResultCodec.header("{\"schema\": \"vbench-result/99\", \"environment\": {}}", "new.json"));
        assertTrue(newer.getMessage().contains("written by a newer vbench"), newer.getMessage());
    }
}
