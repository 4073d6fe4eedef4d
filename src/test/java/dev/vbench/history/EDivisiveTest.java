package dev.vbench.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.config.Defaults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The published expectations of Apache Otava's own tests (tests/change_point_divisive_test.py,
 * tests/analysis_test.py, tests/tigerbeetle_test.py): same inputs, same change point indexes.
 */
class EDivisiveTest {

    @Test
    void detectorFindsOtavasTwoStepsWithTheTTest() {
        double[] sequence = {0.3, 2.4, 1.5, -0.9, -0.5, 99.7, 98.3, 99.1, 149.0, 149.7, 149.5, 149.1, 148.8, 150.0};
        assertEquals(List.of(5, 8), EDivisive.detect(sequence, 0, sequence.length, 0.01));
    }

    @Test
    void splitAndMergeFindOtavasSingleSeriesStep() {
        double[] series = {
            1.02, 0.95, 0.99, 1.00, 1.12, 1.00, 1.01, 0.98, 1.01, 0.96, 0.50, 0.51, 0.48, 0.48, 0.55, 0.50, 0.49, 0.51,
            0.50, 0.49
        };
        assertEquals(List.of(10), indexes(EDivisive.changePoints(series, 10, 0.0001, 0)));
    }

    @Test
    void tTestAgreesWithOtavasSignificanceExamples() {
        double[] same = {1.00, 1.02, 1.05, 0.95, 0.98, 1.00, 1.02, 1.05, 0.95, 0.98};
        double p = EDivisive.stats(same, 0, 5, 10).p();
        assertTrue(p > 0.99 && p < 1.01, "p=" + p);
        double[] step = {1.00, 1.02, 1.05, 0.95, 0.98, 0.80, 0.82, 0.85, 0.79, 0.77};
        double q = EDivisive.stats(step, 0, 5, 10).p();
        assertTrue(q > 0 && q < 0.001, "p=" + q);
    }

    static Stream<Arguments> tigerbeetle() {
        return Stream.of(
                Arguments.of(0.01, 0.05, List.of(15, 71)),
                Arguments.of(0.05, 0.05, List.of(15, 71)),
                Arguments.of(0.1, 0.05, List.of(10, 11, 15, 71, 363)),
                Arguments.of(0.2, 0.05, List.of(10, 11, 15, 71)),
                Arguments.of(
                        0.1,
                        0.01,
                        List.of(
                                10, 11, 15, 28, 29, 35, 37, 48, 49, 61, 71, 95, 117, 131, 142, 148, 165, 169, 192, 206,
                                212, 260, 265, 268, 278, 282, 363)),
                Arguments.of(
                        0.2,
                        0.0,
                        List.of(
                                3, 6, 7, 10, 11, 13, 15, 16, 28, 29, 35, 37, 39, 41, 44, 48, 49, 56, 58, 61, 65, 66, 69,
                                71, 74, 76, 82, 95, 108, 117, 125, 126, 129, 131, 136, 137, 142, 148, 165, 169, 187,
                                190, 192, 197, 200, 212, 220, 241, 243, 246, 247, 249, 250, 260, 265, 266, 268, 278,
                                282, 288, 305, 306, 325, 330, 337, 338, 340, 347, 349, 363)),
                Arguments.of(
                        0.1,
                        0.0,
                        List.of(
                                3, 6, 10, 11, 15, 16, 28, 29, 35, 37, 39, 41, 44, 48, 49, 61, 71, 95, 117, 131, 142,
                                148, 165, 169, 192, 206, 212, 260, 265, 268, 278, 282, 288, 305, 363)),
                Arguments.of(0.01, 0.0, List.of(15, 26, 61, 71, 95, 117, 131, 142, 148, 165, 169, 192, 212, 260)),
                Arguments.of(0.001, 0.0, List.of(15, 61, 71, 95, 117, 131, 142, 148, 192, 212, 260)),
                Arguments.of(0.0001, 0.0, List.of(71, 95, 117, 131, 142, 148, 192, 212)),
                Arguments.of(0.00001, 0.0, List.of(71, 95, 131, 192, 212)));
    }

    @ParameterizedTest(name = "p={0} magnitude={1}")
    @MethodSource
    void tigerbeetle(double p, double magnitude, List<Integer> expected) throws IOException {
        double[] series = readSeries(Path.of("src/test/resources/history/tigerbeetle.txt"));
        assertEquals(365, series.length);
        assertEquals(expected, indexes(EDivisive.changePoints(series, 30, p, magnitude)));
    }

    @Test
    void noiseOnlyGivesFewChangePointsWithTheDefaults() {
        SplittableRandom random = new SplittableRandom(7);
        double[] x = new double[1000];
        for (int i = 0; i < x.length; i++) {
            x[i] = 100 * (1 + 0.01 * random.nextGaussian());
        }
        List<EDivisive.ChangePoint> cps =
                EDivisive.changePoints(x, Defaults.CHANGE_WINDOW, Defaults.CHANGE_MAX_P, 0.02);
        assertTrue(cps.size() <= 3, "false change points in noise: " + cps);
    }

    static double[] readSeries(Path file) throws IOException {
        return Files.readAllLines(file).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#"))
                .mapToDouble(Double::parseDouble)
                .toArray();
    }

    private static List<Integer> indexes(List<EDivisive.ChangePoint> cps) {
        return cps.stream().map(EDivisive.ChangePoint::index).toList();
    }
}
