package dev.vbench.testing;

import dev.vbench.measure.Histograms;
import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.ExecutorInfo;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.result.TableDefaults;
import dev.vbench.result.Telemetry;
import dev.vbench.result.TrialHistograms;
import dev.vbench.result.TrialResult;
import dev.vbench.stats.Summaries;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * Deterministic results for the load-shape tables: a concurrency sweep (seed 001's layout) and an
 * open-model run with one executor that shed load. Same dummy environment as {@link Fixtures}.
 */
public final class LoadFixtures {

    private static final Map<String, String> IO_5MS = Map.of("duration", "5ms");
    private static final Map<String, String> IO_10MS = Map.of("duration", "10ms");

    private LoadFixtures() {}

    /**
     * {@code -w io -p duration=5ms -e fixed:threads=16 -e virtual --concurrency 1,4,16,64 --tasks 2000}:
     * the pool saturates at 16 (64 clients queue, p99 ≈ 22 ms), virtual threads keep scaling.
     */
    public static RunResult concurrencySweep() {
        List<CellResult> cells = new ArrayList<>();
        double[][] fixed = {{1, 10_100, 5}, {4, 2_530, 5}, {16, 640, 5.2}, {64, 632, 20}};
        double[][] virtual = {{1, 10_150, 5}, {4, 2_540, 5}, {16, 650, 5.1}, {64, 170, 5.6}};
        for (int i = 0; i < fixed.length; i++) {
            cells.add(
                    closed("c" + (2 * i + 1), Fixtures.fixed(16), (int) fixed[i][0], fixed[i][1], fixed[i][2], 10 + i));
            cells.add(closed(
                    "c" + (2 * i + 2), Fixtures.virtual(), (int) virtual[i][0], virtual[i][1], virtual[i][2], 20 + i));
        }
        return new RunResult(
                RunResult.SCHEMA,
                Fixtures.environment(),
                RunSettings.trials(1, 6).withSeed(42),
                cells);
    }

    /**
     * A 16-thread pool swept past its threads: 16 and 64 clients get the same throughput (their trials differ by
     * the fixtures' jitter only), so the best level has another beside it that does as well.
     */
    public static RunResult concurrencyPlateau() {
        List<CellResult> cells = new ArrayList<>();
        double[][] fixed = {{4, 2_530, 5}, {16, 640, 5.2}, {64, 640, 20}};
        for (int i = 0; i < fixed.length; i++) {
            cells.add(closed("c" + (i + 1), Fixtures.fixed(16), (int) fixed[i][0], fixed[i][1], fixed[i][2], 40 + i));
        }
        return new RunResult(
                RunResult.SCHEMA,
                Fixtures.environment(),
                RunSettings.trials(1, 6).withSeed(42),
                cells);
    }

    private static CellResult closed(
            String id, ExecutorInfo executor, int concurrency, double makespanMillis, double taskMillis, long seed) {
        CellResult c = Fixtures.cell(id, "io", IO_5MS, executor, 2000, 6, makespanMillis, 0.02, taskMillis, seed);
        CellConfig config = CellConfig.closed("io", IO_5MS, executor, 2000, concurrency);
        return new CellResult(id, config, c.status(), c.trials(), c.summary(), c.notes());
    }

    /**
     * {@code -w io -p duration=10ms -e fixed:threads=8 -e virtual --rate 1000/s --tasks 5000 --timeout 1s}:
     * eight threads serve 800 tasks/s, so the pool backs up, drops and times out tasks; virtual
     * threads keep up, their corrected latency a little above the uncorrected one.
     */
    public static RunResult openModel() {
        List<CellResult> cells = List.of(
                open("c1", Fixtures.fixed(8), 10, 1000, 1100, 240, 999.2, 31),
                open("c2", Fixtures.virtual(), 10, 11.5, 0, 0, 999.9, 32));
        return new RunResult(
                RunResult.SCHEMA,
                Fixtures.environment(),
                RunSettings.trials(1, 6).withSeed(42),
                cells);
    }

    private static CellResult open(
            String id,
            ExecutorInfo executor,
            double serviceMillis,
            double worstMillis,
            long dropped,
            long timedOut,
            double achieved,
            long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long tasks = 5000;
        List<TrialResult> trials = new ArrayList<>();
        for (int t = 0; t < 6; t++) {
            Histogram corrected = Histograms.newHistogram();
            Histogram uncorrected = Histograms.newHistogram();
            Histogram service = Histograms.newHistogram();
            for (int i = 0; i < 400; i++) {
                double s = serviceMillis * (1 + 0.05 * random.nextDouble());
                double waited = (worstMillis - serviceMillis) * random.nextDouble() * random.nextDouble();
                service.recordValue(Math.round(s * 1e6));
                corrected.recordValue(Math.round((s + waited) * 1e6));
                uncorrected.recordValue(Math.round((s + waited * 0.98) * 1e6));
            }
            long completed = tasks - dropped / 6;
            long makespan = Math.round((5000 + worstMillis) * 1e6 * (1 + 0.001 * random.nextDouble()));
            Histogram wait = Histograms.newHistogram();
            wait.recordValue(1000);
            TrialHistograms hs = new TrialHistograms(
                    Histograms.encode(wait),
                    Histograms.encode(service),
                    Histograms.encode(uncorrected),
                    Histograms.encode(corrected));
            trials.add(TrialResult.of(t, tasks, makespan, completed / (makespan / 1e9))
                    .withCompleted(completed)
                    .withLatency(Histograms.summarize(corrected), hs)
                    .withTelemetry(Telemetry.NONE
                            .withProcessCpuNanos(makespan / 4)
                            .withGc(1, 2)
                            .withAllocatedBytes(1000)
                            .withPeakThreads(20))
                    .withOpenModel(
                            dropped / 6,
                            timedOut / 6,
                            achieved - 0.1 * random.nextDouble(),
                            Histograms.summarize(uncorrected)));
        }
        CellConfig config =
                CellConfig.open("io", IO_10MS, executor, tasks, 1000).withTimeoutNanos(1_000_000_000L);
        return new CellResult(
                id,
                config,
                CellStatus.OK,
                trials,
                Summaries.summarize(trials),
                Summaries.notes(trials, TableDefaults.metric(config)));
    }

    /**
     * {@code -w noop -e virtual -e fixed:threads=2 --concurrency 2 --duration 200ms}: every trial lasts
     * its window (makespan 200 ms in each cell), the cells differ in how many tasks fit in it.
     *
     * @param virtualPerSecond throughput of the virtual cell (fixed:threads=2 does a fifth of it)
     */
    public static RunResult timedWindow(double virtualPerSecond, long seed) {
        List<CellResult> cells = List.of(
                timed("c1", Fixtures.virtual(), virtualPerSecond, seed),
                timed("c2", Fixtures.fixed(2), virtualPerSecond / 5, seed + 1));
        return new RunResult(
                RunResult.SCHEMA,
                Fixtures.environment(),
                RunSettings.trials(1, 6).withSeed(42),
                cells);
    }

    private static CellResult timed(String id, ExecutorInfo executor, double perSecond, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long windowNanos = 200_000_000L;
        List<TrialResult> trials = new ArrayList<>();
        for (int t = 0; t < 6; t++) {
            long completed = Math.round(perSecond * 0.2 * (1 + 0.02 * (random.nextDouble() * 2 - 1)));
            Histogram h = Histograms.newHistogram();
            for (int i = 0; i < 200; i++) {
                h.recordValue(Math.round(2e9 / perSecond * (1 + 0.1 * random.nextDouble())));
            }
            Histogram wait = Histograms.newHistogram();
            wait.recordValue(1000);
            TrialHistograms hs =
                    new TrialHistograms(Histograms.encode(wait), Histograms.encode(h), Histograms.encode(h));
            trials.add(TrialResult.of(t, completed, windowNanos, completed / (windowNanos / 1e9))
                    .withLatency(Histograms.summarize(h), hs)
                    .withTelemetry(Telemetry.NONE
                            .withProcessCpuNanos(windowNanos / 2)
                            .withGc(1, 2)
                            .withAllocatedBytes(1000)
                            .withPeakThreads(20)));
        }
        CellConfig config = CellConfig.timed("noop", Map.of(), executor, 2, windowNanos);
        return new CellResult(
                id,
                config,
                CellStatus.OK,
                trials,
                Summaries.summarize(trials),
                Summaries.notes(trials, TableDefaults.metric(config)));
    }

    /** {@link #openModel()} after a change: virtual threads serve each task in {@code virtualMillis} instead of 10 ms. */
    public static RunResult openModel(double virtualMillis) {
        List<CellResult> cells = List.of(
                open("c1", Fixtures.fixed(8), 10, 1000, 1100, 240, 999.2, 31),
                open("c2", Fixtures.virtual(), virtualMillis, virtualMillis * 1.15, 0, 0, 999.9, 32));
        return new RunResult(
                RunResult.SCHEMA,
                Fixtures.environment(),
                RunSettings.trials(1, 6).withSeed(42),
                cells);
    }
}
