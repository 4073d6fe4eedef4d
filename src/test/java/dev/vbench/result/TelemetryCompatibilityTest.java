package dev.vbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vbench.testing.Fixtures;
import org.junit.jupiter.api.Test;

/** The telemetry fields added later are additive: results written before them still read, and new ones round-trip. */
class TelemetryCompatibilityTest {

    @Test
    void resultsWithoutTheNewFieldsStillRead() throws Exception {
        JsonNode tree = ResultCodec.mapper().readTree(ResultCodec.toJson(Fixtures.pinnedIoRun()));
        int stripped = 0;
        for (JsonNode cell : tree.get("cells")) {
            for (JsonNode trial : cell.get("trials")) {
                ObjectNode telemetry = (ObjectNode) trial.get("telemetry");
                telemetry.remove("gcPauses");
                telemetry.remove("pinnedStacks");
                telemetry.remove("scheduler");
                stripped++;
            }
        }
        assertTrue(stripped > 0);
        RunResult old = ResultCodec.fromJson(ResultCodec.mapper().writeValueAsString(tree), "old.json");
        Telemetry t = old.cells().get(1).trials().get(0).telemetry();
        assertNull(t.gcPauses());
        assertNull(t.scheduler());
        assertTrue(t.pinnedStacks().isEmpty());
        assertEquals(70, t.pinnedEvents(), "the field that existed before keeps its value");
    }

    @Test
    void newFieldsRoundTrip() {
        RunResult run = Fixtures.pinnedIoRun();
        assertEquals(run, ResultCodec.fromJson(ResultCodec.toJson(run), "r.json"));
    }
}
