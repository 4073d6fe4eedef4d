package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vbench.result.ResultCodec;
import dev.vbench.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's JSON result carries each comparing table's verdicts, with every row's minimum detectable effect. */
class RunJsonVerdictsTest {

    @TempDir
    Path tmp;

    @Test
    void everyRowOfAComparingTableHasItsVerdictAndMdeInTheResult() throws Exception {
        Path json = tmp.resolve("r.json");
        CliRun r = CliRun.of(
                "run",
                "-w",
                "cpu",
                "-p",
                "iterations=1000,2000",
                "-e",
                "fixed:threads=1",
                "-e",
                "fixed:threads=2",
                "--tasks",
                "10",
                "--concurrency",
                "1",
                "--warmup",
                "0",
                "--trials",
                "6",
                "-o",
                json.toString(),
                "-q",
                "--data-dir",
                tmp.toString());
        assertEquals(0, r.code(), r::toString);
        JsonNode doc = ResultCodec.mapper().readTree(Files.readString(json));
        JsonNode comparisons = doc.get("comparisons");
        assertEquals(1, comparisons.size(), doc::toString);
        JsonNode table = comparisons.get(0);
        assertEquals("vbench-compare/1", table.get("schema").asText());
        assertEquals(2, table.get("rows").size(), table::toString);
        for (JsonNode row : table.get("rows")) {
            JsonNode change = row.get("changes").get(0);
            assertEquals("fixed:threads=1", change.get("from").asText(), row::toString);
            assertEquals("fixed:threads=2", change.get("to").asText(), row::toString);
            assertEquals(6, change.get("nTo").asInt(), row::toString);
            assertTrue(change.get("verdict").asText().matches("faster|slower|within variance"), row::toString);
            double mde = change.get("mdePercent").isNumber()
                    ? change.get("mdePercent").asDouble()
                    : Double.parseDouble(change.get("mdePercent").asText());
            assertTrue(mde > 0, row::toString);
        }
        // derived, not measured: the file reads back as a result and renders again
        CliRun report = CliRun.of("report", json.toString());
        assertEquals(0, report.code(), report::toString);
        assertTrue(report.out().contains("fixed:threads=2"), report::toString);
    }
}
