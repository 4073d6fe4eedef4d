package dev.vbench.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.CellConfig;
import dev.vbench.result.ExecutorInfo;
import dev.vbench.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code history add} of every schema version and of JMH files; what the series fingerprint keeps apart. */
class HistoryImportTest {

    @TempDir
    Path tmp;

    @Test
    void addsEverySchemaVersionAndJmhFilesAndExportsThemBack() throws Exception {
        String url = HistoryStores.url(HistoryStores.H2, tmp);
        Path v1 = Path.of("src/test/resources/results/vbench-result-1.json");
        Path jmh = Path.of("src/test/resources/compare/jmh-1.37.json");
        CliRun add = CliRun.of("history", "add", "--history", url, "--branch", "main", v1.toString(), jmh.toString());
        assertEquals(0, add.code(), add::toString);
        CliRun series = CliRun.of("history", "series", "--history", url);
        assertTrue(series.out().contains("| jmh | mode="), series::toString);
        assertTrue(series.out().lines().count() > 3, series::toString);
        CliRun runs = CliRun.of("history", "runs", "--history", url);
        assertTrue(runs.out().lines().skip(2).allMatch(l -> l.contains(" main ")), runs::toString);
        assertEquals(
                Files.readString(v1),
                CliRun.of("history", "export", "--history", url, "--run", "1").out());
        assertEquals(
                Files.readString(jmh),
                CliRun.of("history", "export", "--history", url, "--run", "2").out());
    }

    @Test
    void theFingerprintKeepsApartWhatBreaksHistoryOnly() {
        ExecutorInfo virtual = new ExecutorInfo("virtual", "virtual", Map.of(), "virtual", null, null, 8);
        ExecutorInfo virtualOther = new ExecutorInfo("virtual", "virtual", Map.of(), "virtual", null, null, 16);
        ExecutorInfo fixed =
                new ExecutorInfo("fixed:threads=8", "fixed", Map.of("threads", "8"), "platform", 8, null, null);
        String base = SeriesKey.of(CellConfig.closed("io", Map.of("duration", "10ms"), virtual, 1000, 0))
                .fingerprint();
        assertEquals(
                base,
                SeriesKey.of(CellConfig.closed("io", Map.of("duration", "10ms"), virtual, 1000, 0))
                        .fingerprint());
        assertEquals(
                base,
                SeriesKey.of(CellConfig.closed("io", Map.of("duration", "10ms"), virtualOther, 1000, 0))
                        .fingerprint(),
                "the carrier count follows the machine; the executor spec is what was asked for");
        assertNotEquals(
                base,
                SeriesKey.of(CellConfig.closed("io", Map.of("duration", "20ms"), virtual, 1000, 0))
                        .fingerprint());
        assertNotEquals(
                base,
                SeriesKey.of(CellConfig.closed("io", Map.of("duration", "10ms"), fixed, 1000, 0))
                        .fingerprint());
        assertNotEquals(
                base,
                SeriesKey.of(CellConfig.closed("io", Map.of("duration", "10ms"), virtual, 2000, 0))
                        .fingerprint());
        assertNotEquals(
                base,
                SeriesKey.of(CellConfig.closed("io", Map.of("duration", "10ms"), virtual, 1000, 8))
                        .fingerprint());
        assertNotEquals(
                base,
                SeriesKey.of(CellConfig.open("io", Map.of("duration", "10ms"), virtual, 1000, 500))
                        .fingerprint());
        assertNotEquals(
                SeriesKey.hash(Map.of("a", "bc")), SeriesKey.hash(Map.of("ab", "c")), "fields are length-prefixed");
    }

    @Test
    void aSeriesFingerprintIsTheHashOfTheCellIdentityAsStoredStoresAlwaysHadIt() {
        ExecutorInfo fixed =
                new ExecutorInfo("fixed:threads=2", "fixed", Map.of("threads", "2"), "platform", 2, null, null);
        // SHA-256 over the length-prefixed sorted fields workload, params (one JSON text), executor spec, tasks and
        // concurrency 0 (kept, unlike compare's labels): a store's existing series must keep matching
        assertEquals(
                "94c8bc63609abcb7e2a9d738c7954bc8e807a79e7131b06c198588dcbaab0f65",
                SeriesKey.of(CellConfig.closed("io", Map.of("duration", "5ms"), fixed, 1000, 0))
                        .fingerprint());
    }
}
