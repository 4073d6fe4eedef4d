package dev.vbench.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.history.Analysis;
import dev.vbench.history.HistoryFixtures;
import dev.vbench.history.HistoryStores;
import dev.vbench.stats.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The history use cases in-process on an H2 store: stored runs, the gate's rows, change points, as values. */
class HistoryUseCasesTest {

    @TempDir
    Path tmp;

    private String store(int runs, int stepFrom, double factor) throws Exception {
        String url = HistoryStores.url(HistoryStores.H2, tmp);
        List<Path> files = HistoryFixtures.writeRuns(tmp, runs, HistoryFixtures.series(2, 0.01), stepFrom, factor, 7);
        List<String> lines = new ArrayList<>();
        List<Long> ids =
                HistoryAddUseCase.add(new HistoryTarget(url, "box", "main", "abc", List.of(), null), files, lines::add);
        assertEquals(runs, ids.size());
        assertTrue(
                lines.get(0).startsWith("stored " + files.get(0) + " as run " + ids.get(0) + " (2 series)"),
                lines::toString);
        return url;
    }

    @Test
    void theGateFindsTheNewestRunsRegressionInEverySeries() throws Exception {
        String url = store(12, 11, 1.3);
        HistoryCheckUseCase.Outcome o = HistoryCheckUseCase.check(new HistoryCheckUseCase.Request(
                url, "makespan", null, 0.01, 0.05, false, HistoryQueryUseCase.Settings.DEFAULTS));
        assertEquals(2, o.rows().size(), o.text());
        for (Analysis.CheckRow r : o.rows()) {
            assertEquals(Verdict.SLOWER, r.verdict(), o.text());
            assertTrue(r.delta() > 0.25 && r.delta() < 0.35, o.text());
        }
        assertEquals(2, o.failing().size());
        assertEquals(ExitCodes.FAILED, o.exitCode());
        assertTrue(o.gateLines().get(0).startsWith("2 regression(s) larger than 5%"), o.gateLines()::toString);

        HistoryCheckUseCase.Outcome quiet = HistoryCheckUseCase.check(new HistoryCheckUseCase.Request(
                url, "makespan", null, 0.01, null, false, HistoryQueryUseCase.Settings.DEFAULTS));
        assertEquals(ExitCodes.OK, quiet.exitCode(), "no gate, no failure");
        assertEquals(List.of(), quiet.gateLines());
    }

    @Test
    void analyzeAndShowFindTheStepAndShowTheLoadShapesMetric() throws Exception {
        String url = store(14, 7, 1.3);
        HistoryQueryUseCase.Analyzed analyzed =
                HistoryQueryUseCase.analyze(url, List.of(), "makespan", null, HistoryQueryUseCase.Settings.DEFAULTS);
        assertEquals(2, analyzed.analysed());
        assertEquals(2, analyzed.found(), analyzed.lines()::toString);
        HistoryQueryUseCase.Shown shown =
                HistoryQueryUseCase.show(url, "1", null, false, null, HistoryQueryUseCase.Settings.DEFAULTS);
        assertEquals("makespan", shown.metric(), "a closed count's series shows makespan");
        assertEquals(1, shown.changePoints().size());
        assertEquals(8, shown.changePoints().get(0).firstAfter().runId(), "the first run after the step");

        UsageException e = assertThrows(
                UsageException.class,
                () -> HistoryQueryUseCase.analyze(url, List.of(), "nope", null, HistoryQueryUseCase.Settings.DEFAULTS));
        assertTrue(e.getMessage().contains("no series has the metric 'nope'"), e.getMessage());
        assertThrows(
                UsageException.class,
                () -> HistoryQueryUseCase.show(
                        url, "1", null, false, null, new HistoryQueryUseCase.Settings(1, 0.001, "1%", 2)),
                "--window 1");
    }
}
