package dev.vbench.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vbench.testing.CliRun;
import dev.vbench.testing.Golden;
import dev.vbench.testing.GoldenLocales;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/** Every output of the history verbs, sealed with golden files under Locale.ROOT and de-DE. */
@Isolated // it sets the default Locale
class HistoryGoldenTest {

    @TempDir
    Path tmp;

    private String url;

    @GoldenLocales
    void everyHistoryOutputMatchesItsGoldenFile(String tag) throws Exception {
        Locale.setDefault(Locale.forLanguageTag(tag));
        url = HistoryStores.url(HistoryStores.H2, tmp);
        List<Path> files = HistoryFixtures.writeRuns(tmp, 30, HistoryFixtures.series(2, 0.01), 19, 1.10, 4);
        assertEquals(
                0,
                CliRun.of(HistoryCommandsTest.args("history", "add", "--history", url, files))
                        .code());
        assertEquals(
                0,
                CliRun.of("history", "exclude", "--history", url, "7", "--reason", "backup job at 02:00")
                        .code());
        assertEquals(
                0,
                CliRun.of(
                                "history",
                                "ack",
                                "--history",
                                url,
                                "2",
                                "20",
                                "--metric",
                                "makespan",
                                "--reason",
                                "new JIT flags: expected")
                        .code());
        golden("runs.txt", "history", "runs", "--last", "5");
        golden("series.txt", "history", "series");
        golden("analyze.txt", "history", "analyze", "--metric", "makespan");
        golden("show.txt", "history", "show", "1");
        golden("show-throughput.txt", "history", "show", "2", "--metric", "throughput", "--last", "12");
        golden("show.html", "history", "show", "1", "--format", "html");
        golden("check.txt", "history", "check", "--verbose", "--metric", "makespan");
        golden("export.csv", "history", "export", "1", "--format", "csv");
        CliRun doc = CliRun.of("history", "export", "--history", url, "--run", "3");
        assertEquals(Files.readString(files.get(2)), doc.out(), "a stored run exports as the document it was");
    }

    private void golden(String name, String... args) {
        String[] withStore =
                Stream.concat(Arrays.stream(args), Stream.of("--history", url)).toArray(String[]::new);
        CliRun r = CliRun.of(withStore);
        assertEquals(0, r.code(), r::toString);
        Golden.assertMatches("history/" + name, r.out());
    }
}
