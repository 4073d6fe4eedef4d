package dev.vbench.history;

import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.Environment;
import dev.vbench.result.ExecutorInfo;
import dev.vbench.result.LatencySummary;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.result.Telemetry;
import dev.vbench.result.TrialResult;
import dev.vbench.stats.Summaries;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Synthetic vbench results for history tests and the history benchmark: no benchmark is run. Every
 * metric of a trial scales with its makespan, so a step in the makespan is a step in every metric
 * and the noise is the same everywhere.
 */
public final class HistoryFixtures {

    /** The first run's start; run i starts i days later (nightly). */
    public static final Instant START = Instant.parse("2026-10-01T02:00:00Z");

    private HistoryFixtures() {}

    /**
     * A cell of one series.
     *
     * @param makespanMillis the series' level
     * @param noise relative standard deviation of each trial's makespan (0.01 = 1%)
     */
    public record Cell(
            String workload, Map<String, String> params, String executor, double makespanMillis, double noise) {}

    /** The cells of {@code n} distinct series: cpu workloads with different iterations, 100 ms each. */
    public static List<Cell> series(int n, double noise) {
        List<Cell> cells = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            cells.add(new Cell("cpu", Map.of("iterations", String.valueOf(1000 + i)), "virtual", 100, noise));
        }
        return cells;
    }

    /** Run {@code index} (started {@code index} days after {@link #START}), every cell's makespan × {@code factor}. */
    public static RunResult run(int index, List<Cell> cells, double factor, long seed) {
        SplittableRandom random = new SplittableRandom(seed * 1_000_003 + index);
        Instant start = START.plus(Duration.ofDays(index));
        List<CellResult> out = new ArrayList<>();
        for (int c = 0; c < cells.size(); c++) {
            Cell cell = cells.get(c);
            ExecutorInfo executor =
                    new ExecutorInfo(cell.executor(), cell.executor(), Map.of(), "virtual", null, null, 2);
            CellConfig config = CellConfig.closed(cell.workload(), cell.params(), executor, 1000, 0);
            List<TrialResult> trials = new ArrayList<>();
            for (int t = 0; t < 6; t++) {
                double scale = factor * (1 + cell.noise() * random.nextGaussian());
                long makespan = Math.round(cell.makespanMillis() * 1e6 * scale);
                long task = Math.round(1e6 * scale);
                LatencySummary latency =
                        new LatencySummary(1000, task, task / 2, task, 2 * task, 3 * task, 4 * task, 5 * task);
                trials.add(TrialResult.of(t, 1000, makespan, 1000 / (makespan / 1e9))
                        .withLatency(latency, null)
                        .withTelemetry(Telemetry.NONE
                                .withProcessCpuNanos(makespan / 2)
                                .withGc(1, 2)
                                .withAllocatedBytes(Math.round(1_000_000 * scale))
                                .withPeakThreads(8)
                                .withPinning(0, List.of())));
            }
            out.add(new CellResult(
                    "c" + (c + 1), config, CellStatus.OK, trials, Summaries.summarize(trials), List.of()));
        }
        Environment env = new Environment(
                "0.1.0",
                "Eclipse Adoptium",
                index < 1000 ? "25.0.1+8" : "25.0.2+10",
                "OpenJDK 64-Bit Server VM",
                List.of(),
                "Linux",
                "6.1",
                "amd64",
                2,
                1L << 30,
                "nightly-box",
                start.toString(),
                "vbench run -w cpu -e virtual --history");
        return new RunResult(RunResult.SCHEMA, env, RunSettings.trials(1, 6).withSeed(42), out);
    }

    /** Writes runs 0..n−1 as {@code run-NNN.json}; runs from {@code stepFrom} on are × {@code stepFactor}. */
    public static List<Path> writeRuns(Path dir, int n, List<Cell> cells, int stepFrom, double stepFactor, long seed)
            throws IOException {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Path f = dir.resolve(String.format("run-%03d.json", i));
            Files.writeString(f, ResultCodec.toJson(run(i, cells, i >= stepFrom ? stepFactor : 1.0, seed)));
            files.add(f);
        }
        return files;
    }
}
