package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.Golden;
import dev.vbench.testing.GoldenLocales;
import dev.vbench.testing.LoadFixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * {@code report} and {@code compare} of {@code --duration} and {@code --rate} results show the metric the
 * run showed (throughput; corrected p99), not the makespan that is the window or the schedule; an
 * explicit {@code --metric} still wins. Golden files under Locale.ROOT and de-DE.
 */
@Isolated // it sets the default Locale
class LoadShapeDefaultsGoldenTest {

    @TempDir
    Path tmp;

    @GoldenLocales
    void durationResultsShowThroughput(String tag) throws Exception {
        Locale.setDefault(Locale.forLanguageTag(tag));
        Path before = write("d.json", LoadFixtures.timedWindow(60_000, 1));
        Path after = write("d2.json", LoadFixtures.timedWindow(72_000, 11));

        CliRun report = ok("report", before.toString());
        assertTrue(report.out().contains("— throughput (tasks/s)"), report::toString);
        Golden.assertMatches("defaults/duration-report.txt", report.out());
        Golden.assertMatches(
                "defaults/duration-report.md",
                ok("report", before.toString(), "--format", "markdown").out());

        CliRun compare = ok("compare", before.toString(), after.toString());
        assertTrue(compare.out().contains("· throughput (tasks/s)"), compare::toString);
        Golden.assertMatches("defaults/duration-compare.txt", compare.out());

        CliRun makespan = ok("report", before.toString(), "--metric", "makespan");
        assertTrue(makespan.out().contains("— makespan (ms)"), "--metric wins: " + makespan);
        assertTrue(ok("compare", before.toString(), after.toString(), "--metric", "p50")
                .out()
                .contains("· p50 (ms)"));
    }

    @GoldenLocales
    void rateResultsShowCorrectedP99(String tag) throws Exception {
        Locale.setDefault(Locale.forLanguageTag(tag));
        Path before = write("r.json", LoadFixtures.openModel());
        Path after = write("r2.json", LoadFixtures.openModel(8));

        CliRun report = ok("report", before.toString());
        assertTrue(report.out().contains("— p99 (ms)"), report::toString);
        Golden.assertMatches("defaults/rate-report.txt", report.out());

        CliRun compare = ok("compare", before.toString(), after.toString());
        assertTrue(compare.out().contains("· p99 (ms)"), compare::toString);
        Golden.assertMatches("defaults/rate-compare.txt", compare.out());
        Golden.assertMatches(
                "defaults/rate-compare.md",
                ok("compare", before.toString(), after.toString(), "--format", "markdown")
                        .out());

        assertTrue(
                ok("report", before.toString(), "--metric", "throughput").out().contains("— throughput (tasks/s)"),
                "--metric wins");
    }

    private Path write(String name, RunResult result) throws Exception {
        Path file = tmp.resolve(name);
        Files.writeString(file, ResultCodec.toJson(result), StandardCharsets.UTF_8);
        return file;
    }

    private static CliRun ok(String... args) {
        CliRun r = CliRun.of(args);
        assertEquals(0, r.code(), r::toString);
        return r;
    }
}
