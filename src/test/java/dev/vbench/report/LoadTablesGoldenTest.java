package dev.vbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.compare.Slo;
import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.Golden;
import dev.vbench.testing.GoldenLocales;
import dev.vbench.testing.LoadFixtures;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/** Golden files for the concurrency-sweep and open-model tables, under Locale.ROOT and de-DE. */
@Isolated // it sets the default Locale
class LoadTablesGoldenTest {

    @GoldenLocales
    void concurrencySweepMatchesItsGoldenFiles(String tag) {
        Locale.setDefault(Locale.forLanguageTag(tag));
        RunResult run = LoadFixtures.concurrencySweep();
        ReportOptions plain = ReportOptions.DEFAULT;
        ReportOptions slo = new ReportOptions(null, false, null, Slo.parse("p99<20ms"));
        ReportOptions nobody = new ReportOptions(null, false, null, Slo.parse("p99<5ms"));
        Golden.assertMatches("load/sweep.txt", Format.CONSOLE.exporter(plain).render(run));
        Golden.assertMatches("load/sweep.md", Format.MARKDOWN.exporter(plain).render(run));
        Golden.assertMatches("load/sweep-slo.txt", Format.CONSOLE.exporter(slo).render(run));
        Golden.assertMatches("load/sweep-slo.md", Format.MARKDOWN.exporter(slo).render(run));
        Golden.assertMatches(
                "load/sweep-slo-none.md", Format.MARKDOWN.exporter(nobody).render(run));
        ReportOptions verbose = new ReportOptions(null, true);
        Golden.assertMatches(
                "load/sweep-verbose.txt", Format.CONSOLE.exporter(verbose).render(run));
        Golden.assertMatches(
                "load/sweep-verbose.md", Format.MARKDOWN.exporter(verbose).render(run));
        RunResult plateau = LoadFixtures.concurrencyPlateau();
        Golden.assertMatches(
                "load/sweep-plateau.txt", Format.CONSOLE.exporter(plain).render(plateau));
        Golden.assertMatches(
                "load/sweep-plateau.md", Format.MARKDOWN.exporter(plain).render(plateau));
    }

    @GoldenLocales
    void openModelMatchesItsGoldenFiles(String tag) {
        Locale.setDefault(Locale.forLanguageTag(tag));
        RunResult run = LoadFixtures.openModel();
        ReportOptions p99 = new ReportOptions(Metric.P99, false);
        for (Format f : Format.values()) {
            Golden.assertMatches(
                    "load/open." + Golden.suffix(f), f.exporter(p99).render(run));
        }
    }

    @Test
    void sweepPicksTheBestLevel() {
        var cells = LoadFixtures.concurrencySweep().cells();
        var fixed = cells.stream()
                .filter(c -> c.config().executor().spec().startsWith("fixed"))
                .toList();
        assertEquals(64, Slo.best(fixed, null).config().concurrency(), "highest throughput without an SLO");
        assertEquals(16, Slo.best(fixed, Slo.parse("p99<20ms")).config().concurrency(), "64 queues past 20 ms");
        assertNull(Slo.best(fixed, Slo.parse("p99<5ms")));
    }

    @Test
    void shedLoadIsNeverAFasterSpeedup() {
        var cells = LoadFixtures.openModel().cells();
        assertTrue(cells.get(0).shedLoad());
        Table t = RunTables.comparison("io", cells, Metric.P99, 1, 0.01, false);
        assertEquals("n/a †", t.rows().get(0).get(t.headers().size() - 1), t::toString);
        Table reversed = RunTables.comparison("io", List.of(cells.get(1), cells.get(0)), Metric.P99, 1, 0.01, false);
        assertEquals("n/a †", reversed.rows().get(0).get(reversed.headers().size() - 1), reversed::toString);
    }

    @Test
    void aTimedTrialCutShortAtTheTaskLimitIsFootnoted() {
        CellResult c = Fixtures.cell("c1", "noop", Map.of(), Fixtures.virtual(), 0, 2, 900, 0.01, 0.001, 7);
        CellConfig timed = CellConfig.timed("noop", Map.of(), Fixtures.virtual(), 8, 1_000_000_000L);
        CellResult cut = new CellResult("c1", timed, c.status(), c.trials(), c.summary(), c.notes());
        Table detail = RunTables.detail("noop", List.of(cut), 0);
        assertTrue(detail.title().contains("window=1s"), detail.title());
        assertTrue(
                detail.footnotes().stream()
                        .anyMatch(
                                f -> f.startsWith(
                                        "virtual (window=1s concurrency=8): a trial reached the limit of tasks one trial records")),
                detail::toString);
    }

    @Test
    void noSweepNoOpenModelMeansNoExtraTables() {
        RunResult closed = Fixtures.ioRun();
        ReportDocument.Section section =
                ReportDocument.of(closed, ReportOptions.DEFAULT).sections().get(0);
        assertFalse(
                section.has(ReportDocument.Kind.OPEN_MODEL) || section.has(ReportDocument.Kind.SWEEP),
                section::toString);
    }

    @Test
    void openModelResultsRoundTripThroughJson() {
        RunResult run = LoadFixtures.openModel();
        assertEquals(run, ResultCodec.fromJson(ResultCodec.toJson(run), "open"));
    }

    @Test
    void sloParsesEveryStatistic() {
        assertEquals(new Slo(Metric.P99, 50), Slo.parse("p99<50ms"));
        assertEquals(new Slo(Metric.P999, 200), Slo.parse("p999<200ms"));
        assertEquals(new Slo(Metric.P999, 1000), Slo.parse("P99.9 < 1s"));
        assertEquals(new Slo(Metric.MEAN, 0.5), Slo.parse("mean<500us"));
        assertEquals("p99 < 2.5 ms", Slo.parse("p99<2.5ms").describe());
        assertThrows(IllegalArgumentException.class, () -> Slo.parse("p99>50ms"));
        assertThrows(IllegalArgumentException.class, () -> Slo.parse("p99<0ms"));
        assertEquals(new Slo(Metric.P99, 60_000), Slo.parse("p99<1min"), "the one duration grammar: min is minutes");
        IllegalArgumentException bareM = assertThrows(IllegalArgumentException.class, () -> Slo.parse("p99<1m"));
        assertTrue(bareM.getMessage().contains("write min for minutes"), bareM::getMessage);
    }
}
