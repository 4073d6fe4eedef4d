package dev.vbench.dashboard;

import dev.vbench.compare.Change;
import dev.vbench.diagnose.ComparedPair;
import dev.vbench.diagnose.WhyLines;
import dev.vbench.history.Analysis;
import dev.vbench.history.HistoryStore;
import dev.vbench.report.FlameGraphs;
import dev.vbench.result.CellResult;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.ResultFormatException;
import dev.vbench.result.RunResult;
import dev.vbench.stats.MannWhitney;
import dev.vbench.stats.Verdict;
import java.util.List;
import java.util.Map;

/**
 * A change point as its page shows it: the runs on both sides, and the two runs it lies between — the
 * last run before (not excluded) and the first after — compared as {@code vbench compare} compares two
 * files: the change of their medians with a Mann-Whitney test over their trials, the Why lines of the
 * pair ({@link WhyLines#of(ComparedPair)}) and, when both runs were profiled ({@code --profile}) for an
 * event, the differential flame graph ({@link FlameGraphs#differentials}).
 *
 * @param series the series at the change point's metric
 * @param found the change point
 * @param ack its acknowledgement, or null
 * @param before up to {@link #SIDE_RUNS} runs before it (excluded ones included), oldest first
 * @param after up to {@link #SIDE_RUNS} runs from it on, oldest first
 * @param from the last run before it that is not excluded
 * @param to the first run after it
 * @param pair the two runs' cells of the series, or null when a side's document holds none (a JMH file)
 * @param why what the profiles and telemetry say about the pair; null without a pair
 * @param flames the differential flame graphs of the pair (empty when they were not both profiled)
 */
public record ChangeView(
        Dashboard.SeriesView series,
        Analysis.Found found,
        HistoryStore.Ack ack,
        List<HistoryStore.Point> before,
        List<HistoryStore.Point> after,
        HistoryStore.Point from,
        HistoryStore.Point to,
        ComparedPair pair,
        WhyLines.Explanation why,
        List<FlameGraphs.Flame> flames) {

    /** Runs listed on each side. */
    public static final int SIDE_RUNS = 5;

    static ChangeView of(HistoryStore store, Dashboard.SeriesView v, Analysis.Found found, double noise, double alpha) {
        List<HistoryStore.Point> points = v.points();
        int at = v.indexOf(found.firstAfter().runId());
        List<HistoryStore.Point> before = points.subList(Math.max(0, at - SIDE_RUNS), at);
        List<HistoryStore.Point> after = points.subList(at, Math.min(points.size(), at + SIDE_RUNS));
        List<HistoryStore.Point> used = Analysis.usable(points.subList(0, at));
        HistoryStore.Point from = used.isEmpty() ? null : used.get(used.size() - 1);
        HistoryStore.Point to = found.firstAfter();
        ComparedPair pair = from == null ? null : pair(store, v, from, to, noise, alpha);
        WhyLines.Explanation why = pair == null ? null : WhyLines.of(pair);
        List<FlameGraphs.Flame> flames = pair == null ? List.of() : FlameGraphs.differentials(List.of(pair));
        return new ChangeView(v, found, v.ackOf(found), before, after, from, to, pair, why, flames);
    }

    /** The two runs' cells of the series with the change between them, or null when a document holds no such cell. */
    private static ComparedPair pair(
            HistoryStore store,
            Dashboard.SeriesView v,
            HistoryStore.Point from,
            HistoryStore.Point to,
            double noise,
            double alpha) {
        ComparedPair.Side a = side(store, v.info().id(), from);
        ComparedPair.Side b = side(store, v.info().id(), to);
        if (a == null || b == null) {
            return null;
        }
        Map<Long, double[]> trials = store.trials(v.metric(), List.of(from.resultId(), to.resultId()));
        double[] x = trials.getOrDefault(from.resultId(), new double[0]);
        double[] y = trials.getOrDefault(to.resultId(), new double[0]);
        double ratio = to.median() / from.median();
        MannWhitney.Result test = x.length == 0 || y.length == 0 ? null : MannWhitney.test(x, y);
        double p = test == null ? Double.NaN : test.p();
        Verdict verdict = Verdict.decide(List.of(new Verdict.Test(ratio - 1, p, v.higherIsBetter())), noise, alpha)
                .verdicts()[0];
        Change change = new Change(0, 1, ratio, p, p, x.length, y.length, verdict);
        return new ComparedPair("", v.metric(), a, b, change, ComparedPair.viewFor(a.cell(), b.cell()));
    }

    /** The run's document as a vbench result, or null (a JMH file, or one this vbench cannot read). */
    private static RunResult document(HistoryStore store, long runId) {
        try {
            return ResultCodec.fromJson(store.document(runId), "run " + runId);
        } catch (ResultFormatException e) {
            return null;
        }
    }

    private static ComparedPair.Side side(HistoryStore store, long seriesId, HistoryStore.Point point) {
        RunResult run = document(store, point.runId());
        if (run == null) {
            return null;
        }
        String cellId = store.results(point.runId()).stream()
                .filter(r -> r.seriesId() == seriesId)
                .map(HistoryStore.StoredResult::cellId)
                .findFirst()
                .orElse(null);
        CellResult cell = run.cells().stream()
                .filter(c -> c.id().equals(cellId))
                .findFirst()
                .orElse(null);
        return cell == null
                ? null
                : new ComparedPair.Side(
                        "run " + point.runId(), cell, run.environment().availableProcessors());
    }
}
