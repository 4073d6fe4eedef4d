package dev.vbench.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.config.Defaults;
import dev.vbench.result.CellResult;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.result.Telemetry;
import dev.vbench.result.TrialResult;
import dev.vbench.stats.Summaries;
import dev.vbench.stats.Verdict;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.SlowFirst;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code history check}: Holm across series keeps 50 noisy series quiet (acceptance 3). */
@Tag(SlowFirst.SLOW)
class HistoryCheckTest {

    private static final Analysis.Settings DEFAULTS =
            new Analysis.Settings(Defaults.CHANGE_WINDOW, Defaults.CHANGE_MAX_P, Defaults.NOISE, 2);

    @TempDir
    Path tmp;

    /** Trials of the points made here, by result id (the store reads them by that key too). */
    private static final Map<Long, double[]> TRIALS = new ConcurrentHashMap<>();

    private static final Analysis.Trials FROM_MAP = p -> TRIALS.get(p.resultId());

    /** 50 series × 30 runs of 6 trials with {@code noise} per trial, no change. */
    static List<Analysis.CheckInput> noisySeries(long seed, double noise) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Analysis.CheckInput> inputs = new ArrayList<>();
        for (int s = 0; s < 50; s++) {
            List<HistoryStore.Point> points = new ArrayList<>();
            for (int r = 0; r < 30; r++) {
                double[] trials = new double[6];
                for (int t = 0; t < trials.length; t++) {
                    trials[t] = 100 * (1 + noise * random.nextGaussian());
                }
                var summary = Summaries.summarize(trials, "ms");
                long resultId = seed * 100_000 + s * 100 + r;
                TRIALS.put(resultId, trials);
                points.add(
                        HistoryStore.Point.of(r + 1, HistoryFixtures.START.plus(Duration.ofDays(r)), "makespan", "ms")
                                .withCommit("main", "c" + r)
                                .withMedian(summary.median(), summary.ciLow(), summary.ciHigh())
                                .withJava("25", "x")
                                .withResultId(resultId));
            }
            inputs.add(
                    new Analysis.CheckInput(s + 1, "series " + (s + 1), "makespan", false, points, Set.of(), FROM_MAP));
        }
        return inputs;
    }

    @Test
    void fiftyNoisySeriesWithoutChangePassInAtLeast95Of100SeedsAndWithoutHolmTheyWouldNot() {
        int passed = 0;
        int passedWithoutHolm = 0;
        for (long seed = 1; seed <= 100; seed++) {
            List<Analysis.CheckRow> rows =
                    Analysis.check(noisySeries(seed, 0.03), DEFAULTS, Defaults.NOISE, Defaults.ALPHA);
            assertEquals(50, rows.size());
            if (rows.stream().noneMatch(r -> r.regression(0.0))) {
                passed++;
            }
            if (rows.stream()
                    .noneMatch(r ->
                            Verdict.of(r.delta(), r.p(), Defaults.NOISE, false, Defaults.ALPHA) == Verdict.SLOWER)) {
                passedWithoutHolm++;
            }
        }
        assertTrue(passed >= 95, "passed in " + passed + " of 100 seeds");
        assertTrue(passedWithoutHolm < 80, "without Holm the gate should fire often; passed " + passedWithoutHolm);
    }

    @Test
    void aRegressionOfTheNewestRunIsFoundAmongFiftySeries() {
        List<Analysis.CheckInput> inputs = new ArrayList<>(noisySeries(3, 0.01));
        Analysis.CheckInput victim = inputs.get(17);
        List<HistoryStore.Point> points = new ArrayList<>(victim.points());
        HistoryStore.Point last = points.get(points.size() - 1);
        points.set(
                points.size() - 1,
                last.withCommit("main", "bad")
                        .withMedian(last.median() * 1.08, last.ciLow() * 1.08, last.ciHigh() * 1.08));
        inputs.set(
                17,
                new Analysis.CheckInput(
                        victim.seriesId(), victim.series(), "makespan", false, points, Set.of(), FROM_MAP));
        List<Analysis.CheckRow> failing = Analysis.check(inputs, DEFAULTS, Defaults.NOISE, Defaults.ALPHA).stream()
                .filter(r -> r.regression(0.05))
                .toList();
        assertEquals(1, failing.size(), failing::toString);
        assertEquals(18, failing.get(0).input().seriesId());
        // acknowledged: the newest run starts a new baseline, no gate
        inputs.set(
                17,
                new Analysis.CheckInput(
                        victim.seriesId(), victim.series(), "makespan", false, points, Set.of(last.runId()), FROM_MAP));
        assertTrue(Analysis.check(inputs, DEFAULTS, Defaults.NOISE, Defaults.ALPHA).stream()
                .noneMatch(r -> r.regression(0.05)));
    }

    @Test
    void aStepEarlierInTheHistoryStartsTheBaselineAfterIt() {
        List<HistoryStore.Point> points = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(9);
        for (int r = 0; r < 40; r++) {
            double level = r >= 20 ? 110 : 100;
            double m = level * (1 + 0.005 * random.nextGaussian());
            points.add(HistoryStore.Point.of(r + 1, HistoryFixtures.START.plus(Duration.ofDays(r)), "makespan", "ms")
                    .withCommit("", "")
                    .withMedian(m, m * 0.99, m * 1.01)
                    .withJava("25", "x")
                    .withResultId(r + 1));
        }
        Analysis.Trials none = p -> {
            throw new AssertionError("the prediction interval needs no trials; read for run " + p.runId());
        };
        Analysis.CheckRow row = Analysis.check(
                        List.of(new Analysis.CheckInput(1, "s", "makespan", false, points, Set.of(), none)),
                        DEFAULTS,
                        Defaults.NOISE,
                        Defaults.ALPHA)
                .get(0);
        assertEquals(19, row.baselineRuns(), row::toString); // runs 21..39: the segment after the step
        assertEquals(Verdict.WITHIN_VARIANCE, row.verdict(), row::toString);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(HistoryStores.NAMES)
    void fiftyNoisySeriesThroughTheStoreExit0(String kind) throws Exception {
        String url = storeOf(kind, 15, 50, 99, 1.0, 11); // 15 runs: one detector window, as 30 are
        CliRun check = CliRun.of("history", "check", "--history", url, "--fail-on-regression", "0%");
        assertEquals(0, check.code(), check::toString);
        assertTrue(
                check.out()
                        .contains("50 series checked on the metric its tables show (makespan; --metric all checks every"
                                + " stored metric): 0 slower"),
                check::toString);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(HistoryStores.NAMES)
    void withTooFewRunsForASegmentTheTrialsAreReadFromTheStoreForMannWhitney(String kind) throws Exception {
        // 3 runs: the newest 20% slower; a baseline of 2 runs is tested with Mann-Whitney over the trials
        String url = storeOf(kind, 3, 1, 2, 1.2, 5);
        CliRun check =
                CliRun.of("history", "check", "--history", url, "--metric", "makespan", "--fail-on-regression", "5%");
        assertEquals(1, check.code(), check::toString);
        assertTrue(check.err().contains("series 1 makespan run 3: +1"), check::toString);
        assertTrue(check.err().contains("against 1 run(s)"), check::toString);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(HistoryStores.NAMES)
    void byDefaultOnlyTheTableMetricIsGatedAndMetricAllGatesEveryOne(String kind) throws Exception {
        // 12 runs of one series; the newest allocates 40% more per task in the same makespan
        String url = HistoryStores.url(kind, tmp);
        List<HistoryFixtures.Cell> cells = HistoryFixtures.series(1, 0.01);
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            RunResult run = HistoryFixtures.run(i, cells, 1.0, 3);
            if (i == 11) {
                run = run.withCells(run.cells().stream()
                        .map(HistoryCheckTest::allocatingMore)
                        .toList());
            }
            Path f = tmp.resolve("run-" + i + ".json");
            Files.writeString(f, ResultCodec.toJson(run));
            files.add(f);
        }
        assertEquals(
                0,
                CliRun.of(HistoryCommandsTest.args("history", "add", "--history", url, files))
                        .code());
        CliRun table = CliRun.of("history", "check", "--history", url, "--fail-on-regression", "5%");
        assertEquals(0, table.code(), table::toString);
        assertTrue(table.out().contains("1 series checked on the metric its tables show (makespan"), table::toString);
        CliRun all = CliRun.of("history", "check", "--history", url, "--metric", "all", "--fail-on-regression", "5%");
        assertEquals(1, all.code(), all::toString);
        assertTrue(all.err().contains("series 1 alloc run 12: +4"), all::toString);
        assertTrue(all.out().contains("1 series checked on every stored metric ("), all::toString);
    }

    /** {@code c} with every trial allocating 40% more, its summary recomputed. */
    private static CellResult allocatingMore(CellResult c) {
        List<TrialResult> trials = c.trials().stream()
                .map(t -> t.withTelemetry(new Telemetry(
                        t.telemetry().processCpuNanos(),
                        t.telemetry().gcCount(),
                        t.telemetry().gcTimeMillis(),
                        Math.round(t.telemetry().allocatedBytes() * 1.4),
                        t.telemetry().peakThreads(),
                        t.telemetry().pinnedEvents())))
                .toList();
        return new CellResult(c.id(), c.config(), c.status(), trials, Summaries.summarize(trials), c.notes());
    }

    /** Result files written once for the class: both stores get the same ones. */
    @TempDir
    static Path written;

    private static final Map<List<Object>, List<Path>> RUN_FILES = new HashMap<>();

    /** The files of {@code runs} runs of {@code series} series (1% noise), × {@code factor} from run {@code stepFrom}. */
    private static synchronized List<Path> runFiles(int runs, int series, int stepFrom, double factor, long seed)
            throws Exception {
        List<Object> key = List.of(runs, series, stepFrom, factor, seed);
        List<Path> files = RUN_FILES.get(key);
        if (files == null) {
            Path dir = Files.createDirectory(written.resolve("runs-" + RUN_FILES.size()));
            files = HistoryFixtures.writeRuns(dir, runs, HistoryFixtures.series(series, 0.01), stepFrom, factor, seed);
            RUN_FILES.put(key, files);
        }
        return files;
    }

    /** A new store of {@code runs} runs of {@code series} series (1% noise), × {@code factor} from run {@code stepFrom}. */
    private String storeOf(String kind, int runs, int series, int stepFrom, double factor, long seed) throws Exception {
        String url = HistoryStores.url(kind, tmp);
        List<Path> files = runFiles(runs, series, stepFrom, factor, seed);
        assertEquals(
                0,
                CliRun.of(HistoryCommandsTest.args("history", "add", "--history", url, files))
                        .code());
        return url;
    }
}
