package dev.vbench.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.config.Limits;
import dev.vbench.engine.Calibration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link CalibrateUseCase} driven in-process through its request: one row of figures per executor, in order, and
 * the checks of the options before anything runs. No time is asserted (the CLI test keeps the wording).
 */
class CalibrateUseCaseTest {

    private final List<String> warnings = new ArrayList<>();

    private static CalibrateUseCase.Request request(
            List<String> params, int rounds, int warmup, int forks, List<String> executors) {
        return new CalibrateUseCase.Request("cpu", params, 2000, 0, rounds, warmup, forks, executors, false, List.of());
    }

    @Test
    void eachExecutorGetsARowOfFiguresInTheOrderGiven() throws Exception {
        CalibrateUseCase.Outcome o = CalibrateUseCase.calibrate(
                request(List.of("iterations=50"), 2, 0, 0, List.of("sequential", "fixed:threads=2")), warnings::add);
        assertEquals(
                List.of("sequential", "fixed:threads=2"),
                o.rows().stream()
                        .map(CalibrateUseCase.ExecutorEstimate::executor)
                        .toList());
        assertEquals(2000, o.tasks());
        for (CalibrateUseCase.ExecutorEstimate row : o.rows()) {
            Calibration.Estimate e = row.estimate();
            assertTrue(e.bareNanos() > 0 && e.vbenchNanos() > 0 && e.ratio() > 0, row::toString);
            assertTrue(Double.isNaN(e.ciLow()), "two rounds give no interval: " + row);
        }
        assertTrue(
                o.text().startsWith("cpu iterations=50 × 2000 tasks, median of 2 rounds (after 0 warmup rounds)"),
                o.text());
        assertTrue(o.text().lines().anyMatch(l -> l.startsWith("fixed:threads=2 ")), o.text());
        assertTrue(o.text().strip().lines().reduce((a, b) -> b).orElseThrow().startsWith("JVM "), o.text());
    }

    @Test
    void optionsOutOfRangeAndSweepsAreRefusedBeforeAnythingRuns() {
        List<String> one = List.of("sequential");
        assertEquals(
                "--rounds 0 must be at least 1",
                assertThrows(
                                UsageException.class,
                                () -> CalibrateUseCase.calibrate(request(List.of(), 0, 0, 0, one), warnings::add))
                        .getMessage());
        assertEquals(
                "--warmup 1001 is out of range; use 0 to 1000",
                assertThrows(
                                UsageException.class,
                                () -> CalibrateUseCase.calibrate(
                                        request(List.of(), 1, Limits.CALIBRATE_MAX_WARMUP + 1, 0, one), warnings::add))
                        .getMessage());
        assertEquals(
                "--forks 101 is out of range; use 0 (this JVM) to 100",
                assertThrows(
                                UsageException.class,
                                () -> CalibrateUseCase.calibrate(
                                        request(List.of(), 1, 0, Limits.CALIBRATE_MAX_FORKS + 1, one), warnings::add))
                        .getMessage());
        assertEquals(
                "calibrate runs one parameter set; give one value per -p (e.g. -p iterations=500)",
                assertThrows(
                                UsageException.class,
                                () -> CalibrateUseCase.calibrate(
                                        request(List.of("iterations=10,20"), 1, 0, 0, one), warnings::add))
                        .getMessage());
        assertEquals(List.of(), warnings);
    }
}
