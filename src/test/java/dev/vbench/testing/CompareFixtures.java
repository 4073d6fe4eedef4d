package dev.vbench.testing;

import dev.vbench.result.CellResult;
import dev.vbench.result.Environment;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import java.util.List;
import java.util.Map;

/**
 * Three deterministic runs of seed 004's I/O experiment for {@code compare} tests: {@link #before()},
 * {@link #after()} (one row 5% slower, one 4% faster, one unchanged, one with only 3 trials, one
 * cell only in this file) and {@link #later()} (a different JVM and CPU count).
 */
public final class CompareFixtures {

    private CompareFixtures() {}

    public static RunResult before() {
        return run(
                Fixtures.environment(),
                List.of(
                        Fixtures.cell(
                                "c1",
                                "io",
                                Map.of("duration", "100ms"),
                                Fixtures.fixed(200),
                                10000,
                                6,
                                5050,
                                0.01,
                                100.5,
                                1),
                        Fixtures.cell(
                                "c2",
                                "io",
                                Map.of("duration", "100ms"),
                                Fixtures.virtual(),
                                10000,
                                6,
                                128,
                                0.05,
                                100.2,
                                2),
                        Fixtures.cell(
                                "c3",
                                "io",
                                Map.of("duration", "200ms"),
                                Fixtures.fixed(200),
                                10000,
                                6,
                                10100,
                                0.01,
                                200.5,
                                3),
                        Fixtures.cell(
                                "c4",
                                "io",
                                Map.of("duration", "200ms"),
                                Fixtures.virtual(),
                                10000,
                                6,
                                231,
                                0.05,
                                200.2,
                                4)));
    }

    public static RunResult after() {
        return run(
                Fixtures.environment(),
                List.of(
                        Fixtures.cell(
                                "c1",
                                "io",
                                Map.of("duration", "100ms"),
                                Fixtures.fixed(200),
                                10000,
                                6,
                                5302.5,
                                0.01,
                                100.5,
                                11),
                        Fixtures.cell(
                                "c2",
                                "io",
                                Map.of("duration", "100ms"),
                                Fixtures.virtual(),
                                10000,
                                6,
                                128,
                                0.05,
                                100.2,
                                12),
                        Fixtures.cell(
                                "c3",
                                "io",
                                Map.of("duration", "200ms"),
                                Fixtures.fixed(200),
                                10000,
                                6,
                                9696,
                                0.01,
                                200.5,
                                13),
                        Fixtures.cell(
                                "c4",
                                "io",
                                Map.of("duration", "200ms"),
                                Fixtures.virtual(),
                                10000,
                                3,
                                231.7,
                                0.05,
                                200.2,
                                14),
                        Fixtures.cell(
                                "c5",
                                "io",
                                Map.of("duration", "300ms"),
                                Fixtures.virtual(),
                                10000,
                                6,
                                334,
                                0.05,
                                300.2,
                                15)));
    }

    public static RunResult later() {
        Environment e = Fixtures.environment();
        Environment other = new Environment(
                e.vbenchVersion(),
                e.javaVendor(),
                "25.0.0+0",
                e.jvmName(),
                e.jvmArguments(),
                e.osName(),
                e.osVersion(),
                e.osArch(),
                16,
                e.maxHeapBytes(),
                e.hostName(),
                e.startTime(),
                e.commandLine());
        return run(
                other,
                List.of(
                        Fixtures.cell(
                                "c1",
                                "io",
                                Map.of("duration", "100ms"),
                                Fixtures.fixed(200),
                                10000,
                                6,
                                5040,
                                0.01,
                                100.5,
                                21),
                        Fixtures.cell(
                                "c2",
                                "io",
                                Map.of("duration", "100ms"),
                                Fixtures.virtual(),
                                10000,
                                6,
                                121,
                                0.01,
                                100.2,
                                22),
                        Fixtures.cell(
                                "c3",
                                "io",
                                Map.of("duration", "200ms"),
                                Fixtures.fixed(200),
                                10000,
                                6,
                                9700,
                                0.01,
                                200.5,
                                23),
                        Fixtures.cell(
                                "c4",
                                "io",
                                Map.of("duration", "200ms"),
                                Fixtures.virtual(),
                                10000,
                                6,
                                232,
                                0.05,
                                200.2,
                                24)));
    }

    private static RunResult run(Environment environment, List<CellResult> cells) {
        return new RunResult(
                RunResult.SCHEMA, environment, RunSettings.trials(1, 6).withSeed(42), cells);
    }
}
