package dev.vbench.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.compare.Change;
import dev.vbench.compare.Comparison;
import dev.vbench.compare.Layout;
import dev.vbench.compare.Row;
import dev.vbench.report.Format;
import dev.vbench.report.compare.CompareFormat;
import dev.vbench.result.Metric;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.stats.Verdict;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.LoadFixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ReportUseCase}, {@link CompareUseCase} and {@link MergeUseCase} in-process: the metric, rows, verdicts and gate as values. */
class ReportAndCompareUseCaseTest {

    @TempDir
    Path tmp;

    private Path write(String name, RunResult result) throws Exception {
        Path file = tmp.resolve(name);
        Files.writeString(file, ResultCodec.toJson(result), StandardCharsets.UTF_8);
        return file;
    }

    @Test
    void aReportShowsTheMetricOfTheLoadShapeUnlessOneIsGiven() throws Exception {
        Path closed = write("io.json", Fixtures.ioRun());
        Path timed = write("d.json", LoadFixtures.timedWindow(60_000, 1));
        Path open = write("r.json", LoadFixtures.openModel());
        assertEquals(Metric.MAKESPAN, report(closed, null).metric());
        assertEquals(Metric.THROUGHPUT, report(timed, null).metric());
        assertEquals(Metric.P99, report(open, null).metric());
        assertEquals(Metric.P50, report(timed, Metric.P50).metric());
    }

    @Test
    void aReportOfSomeCellsHasOnlyThoseAndRefusesAnUnknownOne() throws Exception {
        Path closed = write("io.json", Fixtures.ioRun());
        ReportUseCase.Outcome two =
                ReportUseCase.render(new ReportUseCase.Request(closed, Format.JSON, null, List.of("c2", "c4"), false));
        assertEquals(
                List.of("c2", "c4"),
                two.result().cells().stream().map(c -> c.id()).toList());
        assertEquals(
                two.result().cells().size(),
                ResultCodec.fromJson(two.text(), "rendered").cells().size());
        UsageException e = assertThrows(
                UsageException.class,
                () -> ReportUseCase.render(
                        new ReportUseCase.Request(closed, Format.CONSOLE, null, List.of("c9"), false)));
        assertTrue(e.getMessage().contains("its cells are c1, c2, c3, c4"), e.getMessage());
    }

    private static ReportUseCase.Outcome report(Path file, Metric metric) {
        return ReportUseCase.render(new ReportUseCase.Request(file, Format.CONSOLE, metric, List.of(), false));
    }

    @Test
    void comparingTimedResultsComparesThroughputAndCallsTheFasterRunFaster() throws Exception {
        Path before = write("d.json", LoadFixtures.timedWindow(60_000, 1));
        Path after = write("d2.json", LoadFixtures.timedWindow(72_000, 11));
        CompareUseCase.Outcome o = CompareUseCase.compare(CompareUseCase.Request.of(List.of(before, after)));
        Comparison c = o.comparison();
        assertEquals(Layout.CHANGE, c.layout());
        assertEquals(List.of("d", "d2"), c.files().stream().map(f -> f.label()).toList());
        assertEquals(2, c.rows().size());
        for (Row row : c.rows()) {
            assertEquals("tasks/s", row.unit());
            assertTrue(row.higherIsBetter());
            Change change = row.changes().get(0);
            assertEquals(Verdict.FASTER, change.verdict(), row::toString);
            assertTrue(change.ratio() > 1.15 && change.ratio() < 1.25, row::toString);
        }
        assertEquals(ExitCodes.OK, o.exitCode());
        assertEquals(List.of(), o.gateLines());
    }

    @Test
    void theGateFailsOnRowsSlowerThanItsThreshold() throws Exception {
        Path faster = write("fast.json", LoadFixtures.timedWindow(72_000, 11));
        Path slower = write("slow.json", LoadFixtures.timedWindow(60_000, 1));
        CompareUseCase.Request request = CompareUseCase.Request.of(List.of(faster, slower))
                .withLabels(List.of("base", "new"))
                .withFailOnRegression(0.05)
                .withFormat(CompareFormat.MARKDOWN);
        CompareUseCase.Outcome o = CompareUseCase.compare(request);
        assertEquals(ExitCodes.FAILED, o.exitCode());
        assertEquals(2, o.regressions().size());
        assertEquals(
                "2 row(s) significantly slower by more than 5% (--fail-on-regression):",
                o.gateLines().get(0));
        assertTrue(o.text().contains(" base |") && o.text().contains(" new |"), o.text());

        CompareUseCase.Request lenient =
                CompareUseCase.Request.of(List.of(faster, slower)).withFailOnRegression(0.25);
        assertEquals(ExitCodes.OK, CompareUseCase.compare(lenient).exitCode(), "no row is 25% slower");
    }

    @Test
    void anExplicitMetricWinsAndOneFileNeedsJvms() throws Exception {
        Path before = write("d.json", LoadFixtures.timedWindow(60_000, 1));
        Path after = write("d2.json", LoadFixtures.timedWindow(72_000, 11));
        CompareUseCase.Request p50 =
                CompareUseCase.Request.of(List.of(before, after)).withMetric(Metric.P50);
        assertTrue(CompareUseCase.compare(p50).comparison().rows().stream()
                .allMatch(r -> r.unit().equals("ms")));
        UsageException e = assertThrows(
                UsageException.class, () -> CompareUseCase.compare(CompareUseCase.Request.of(List.of(before))));
        assertTrue(e.getMessage().contains("ran on one JVM"), e.getMessage());
    }
}
