package dev.vbench.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.app.SuiteRuns;
import dev.vbench.compare.Slo;
import dev.vbench.engine.CellPlan;
import dev.vbench.engine.RunPlan;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.suite.Scale;
import dev.vbench.suite.SuiteLoader;
import dev.vbench.suite.SuiteSpec;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.LoadFixtures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Console, markdown and HTML render one report document: every table title and every verdict line of
 * the document appears in each of the three formats, for a closed-model run, a concurrency sweep with
 * {@code --slo}, an open-model run and a suite.
 */
class FormatParityTest {

    static Stream<Arguments> fixtures() {
        ReportOptions verbose = new ReportOptions(null, true);
        ReportOptions slo = new ReportOptions(null, true, null, Slo.parse("p99<20ms"));
        ReportOptions p99 = new ReportOptions(Metric.P99, true);
        Path suiteFile = Path.of("workloads/seed-001-geoserver-wms.yaml");
        SuiteSpec suite = SuiteLoader.load(suiteFile);
        return Stream.of(
                Arguments.of("closed model", Fixtures.pinnedIoRun(), verbose),
                Arguments.of("sweep with --slo", LoadFixtures.concurrencySweep(), slo),
                Arguments.of("open model", LoadFixtures.openModel(), p99),
                Arguments.of("suite", suiteResult(suite, suiteFile), verbose));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void everyFormatShowsTheSameTitlesAndVerdicts(String name, RunResult result, ReportOptions options) {
        ReportDocument doc = ReportDocument.of(result, options);
        assertFalse(doc.tables().isEmpty(), name);
        String console = Format.CONSOLE.exporter(options).render(result);
        String markdown = Format.MARKDOWN.exporter(options).render(result);
        String html = Format.HTML.exporter(options).render(result);
        for (Table t : doc.tables()) {
            if (!t.title().isEmpty()) {
                assertTrue(console.contains(t.title() + "\n"), () -> "console lacks '" + t.title() + "'");
                assertTrue(markdown.contains("### " + t.title() + "\n"), () -> "markdown lacks '" + t.title() + "'");
                assertTrue(
                        html.contains("<h3>" + Html.escape(t.title()) + "</h3>"),
                        () -> "HTML lacks '" + t.title() + "'");
            }
        }
        for (String verdict : doc.verdicts()) {
            assertTrue(console.contains(verdict + "\n"), () -> "console lacks '" + verdict + "'");
            assertTrue(markdown.contains(verdict + "  \n"), () -> "markdown lacks '" + verdict + "'");
            assertTrue(html.contains("<li>" + Html.escape(verdict) + "</li>"), () -> "HTML lacks '" + verdict + "'");
        }
        if (name.startsWith("sweep")) {
            assertTrue(
                    doc.verdicts().stream().anyMatch(v -> v.contains("best concurrency 16") && v.contains("p99")),
                    doc.verdicts()::toString);
        }
        if (name.startsWith("open")) {
            assertTrue(
                    html.contains("open model: latency from the intended start</h3>"), "HTML has the open-model table");
        }
    }

    /** A suite's planned cells with exact, deterministic figures (as SuiteTablesGoldenTest builds them). */
    private static RunResult suiteResult(SuiteSpec suite, Path file) {
        List<CellResult> cells = new ArrayList<>();
        int i = 0;
        for (RunPlan plan : SuiteRuns.plan(suite, file.toString(), Scale.QUICK)) {
            for (CellPlan c : plan.cells()) {
                i++;
                cells.add(Fixtures.cell(
                        c.id(), c.config(), plan.settings().measuredTrials(), 100.0 * i, 0.01, 1.0 + i % 7, i));
            }
        }
        return new RunResult(
                        RunResult.SCHEMA,
                        Fixtures.environment(),
                        RunSettings.trials(1, 6).withSeed(42),
                        cells)
                .withSuite(suite.layout());
    }
}
