package dev.vbench.dashboard;

import dev.vbench.history.Analysis;
import dev.vbench.history.HistoryStore;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.ResultFormatException;
import dev.vbench.stats.Descriptive;
import dev.vbench.stats.MannWhitney;
import dev.vbench.stats.Power;
import dev.vbench.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A stored run as its page shows it: every cell, each at the metric its series shows by default, with
 * two deltas — against the previous run of its series (two-sided Mann-Whitney over the two runs'
 * trials, docs/statistics.md rule 4) and against the median of the medians of the last
 * {@link Dashboard#RECENT_RUNS} runs (a Student-t prediction interval over those medians, the test of
 * {@code history check}). Each column of p values is Holm-adjusted across the cells, then the verdict
 * needs the adjusted p below α and the change beyond the noise band ({@link Verdict#decide}, rules 5
 * and 6): the same gate as every table of vbench. Excluded runs are left out of both baselines.
 *
 * @param run the run
 * @param header where and how it ran, from its original document; null when that is not a vbench result (a JMH file)
 * @param cells one row per stored cell, in the order stored
 */
public record RunView(HistoryStore.RunInfo run, ResultCodec.Header header, List<Cell> cells) {

    /**
     * One cell of the run.
     *
     * @param point the run's value of {@code metric} in the series
     * @param trials its trials' values
     * @param previous the previous run of the series not excluded, or null
     * @param previousDelta point / previous − 1
     * @param previousP the test's p, Holm-adjusted across the cells (NaN untested)
     * @param previousMde the smallest change the test could have called at 80% power (NaN unknown; docs/statistics.md rule 13)
     * @param recentRuns how many runs before it {@code recentMedian} is over (0: none)
     * @param recentMedian the median of their medians
     * @param recentDelta point / recentMedian − 1
     * @param recentP the prediction interval's p, Holm-adjusted across the cells (NaN untested)
     * @param recentMde the smallest change the prediction interval could have called at 80% power (NaN unknown)
     */
    public record Cell(
            HistoryStore.SeriesInfo series,
            String metric,
            HistoryStore.Point point,
            double[] trials,
            HistoryStore.Point previous,
            double previousDelta,
            double previousP,
            Verdict previousVerdict,
            double previousMde,
            int recentRuns,
            double recentMedian,
            double recentDelta,
            double recentP,
            Verdict recentVerdict,
            double recentMde) {}

    static RunView of(
            HistoryStore store, HistoryStore.RunInfo run, List<HistoryStore.SeriesInfo> allSeries, Dashboard d) {
        List<Cell> raw = new ArrayList<>();
        List<Verdict.Test> previousTests = new ArrayList<>();
        List<Verdict.Test> recentTests = new ArrayList<>();
        for (HistoryStore.StoredResult r : store.results(run.id())) {
            HistoryStore.SeriesInfo series = allSeries.stream()
                    .filter(s -> s.id() == r.seriesId())
                    .findFirst()
                    .orElse(null);
            List<String> metrics = series == null ? List.of() : store.metrics(series.id());
            if (metrics.isEmpty()) {
                continue;
            }
            String metric = series.defaultMetric(metrics);
            List<HistoryStore.Point> before =
                    store.pointsUpTo(series.id(), metric, run, Dashboard.RECENT_RUNS + 2, true);
            HistoryStore.Point point = before.isEmpty() ? null : before.get(before.size() - 1);
            if (point == null
                    || point.runId() != run.id()) { // the run is excluded: its own point, then the runs before
                List<HistoryStore.Point> own = store.pointsUpTo(series.id(), metric, run, 1, false);
                if (own.isEmpty() || own.get(0).runId() != run.id()) {
                    continue;
                }
                point = own.get(0);
            } else {
                before = before.subList(0, before.size() - 1);
            }
            List<HistoryStore.Point> recent =
                    before.subList(Math.max(0, before.size() - Dashboard.RECENT_RUNS), before.size());
            HistoryStore.Point previous = recent.isEmpty() ? null : recent.get(recent.size() - 1);
            Map<Long, double[]> trials = store.trials(
                    metric,
                    previous == null ? List.of(point.resultId()) : List.of(point.resultId(), previous.resultId()));
            double[] own = trials.getOrDefault(point.resultId(), new double[0]);
            double previousDelta = Double.NaN;
            double previousP = Double.NaN;
            Verdict.Detectable previousPower = null;
            if (previous != null) {
                previousDelta = point.median() / previous.median() - 1;
                double[] base = trials.getOrDefault(previous.resultId(), new double[0]);
                previousP = own.length == 0 || base.length == 0
                        ? Double.NaN
                        : MannWhitney.test(base, own).p();
                previousPower = level -> Power.mannWhitney(base, own, level);
            }
            double[] medians =
                    recent.stream().mapToDouble(HistoryStore.Point::median).toArray();
            double recentMedian = medians.length == 0 ? Double.NaN : Descriptive.median(medians);
            double recentDelta = point.median() / recentMedian - 1;
            double recentP = Analysis.predictionP(point.median(), medians);
            Verdict.Detectable recentPower = medians.length < 2
                    ? null
                    : level -> Power.prediction(
                            medians.length, Descriptive.mean(medians), Descriptive.stdev(medians), level);
            boolean higher = point.higherIsBetter();
            previousTests.add(new Verdict.Test(previousDelta, previousP, higher, previousPower));
            recentTests.add(new Verdict.Test(recentDelta, recentP, higher, recentPower));
            raw.add(new Cell(
                    series,
                    metric,
                    point,
                    own,
                    previous,
                    previousDelta,
                    previousP,
                    Verdict.WITHIN_VARIANCE,
                    Double.NaN,
                    medians.length,
                    recentMedian,
                    recentDelta,
                    recentP,
                    Verdict.WITHIN_VARIANCE,
                    Double.NaN));
        }
        Verdict.Decided prev = Verdict.decide(previousTests, d.noise(), d.alpha());
        Verdict.Decided rec = Verdict.decide(recentTests, d.noise(), d.alpha());
        List<Cell> cells = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            Cell c = raw.get(i);
            cells.add(new Cell(
                    c.series(),
                    c.metric(),
                    c.point(),
                    c.trials(),
                    c.previous(),
                    c.previousDelta(),
                    prev.pAdjusted()[i],
                    prev.verdicts()[i],
                    prev.mde()[i],
                    c.recentRuns(),
                    c.recentMedian(),
                    c.recentDelta(),
                    rec.pAdjusted()[i],
                    rec.verdicts()[i],
                    rec.mde()[i]));
        }
        return new RunView(run, header(store, run.id()), cells);
    }

    /** The header of the run's document, or null (a JMH file, or one this vbench cannot read). */
    private static ResultCodec.Header header(HistoryStore store, long runId) {
        try {
            return ResultCodec.header(store.document(runId), "run " + runId);
        } catch (ResultFormatException e) {
            return null;
        }
    }
}
