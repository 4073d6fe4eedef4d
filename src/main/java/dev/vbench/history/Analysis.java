package dev.vbench.history;

import dev.vbench.stats.MannWhitney;
import dev.vbench.stats.Power;
import dev.vbench.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Change points of stored series ({@link EDivisive} on the per-run medians) and the cron gate
 * ({@link #check}): the newest run of each series against the current segment of its history.
 */
public final class Analysis {

    /** At most this many runs of a segment are the baseline of {@link #check} (Bencher's max sample size). */
    public static final int MAX_BASELINE_RUNS = 64;
    /** Fewest runs in a segment for the prediction-interval test; fewer fall back to Mann-Whitney against the previous run. */
    public static final int MIN_BASELINE_RUNS = 5;

    private Analysis() {}

    /**
     * How change points are found.
     *
     * @param window e-divisive window (Otava: 50)
     * @param maxP largest p of a change point (Otava: 0.001)
     * @param minMagnitude smallest relative change reported (default: compare's noise band)
     * @param minPointsAfter runs a new segment must have before its change point is reported
     */
    public record Settings(int window, double maxP, double minMagnitude, int minPointsAfter) {}

    /**
     * A change point.
     *
     * @param index position among the analysed (not excluded) points
     * @param firstAfter the first run of the new segment
     * @param stats its t-test against the neighbouring segments
     */
    public record Found(int index, HistoryStore.Point firstAfter, EDivisive.Stats stats) {}

    /** Change points of a series' points (oldest first); excluded runs and NaN medians are left out. */
    public static List<Found> changePoints(List<HistoryStore.Point> points, Settings s) {
        List<HistoryStore.Point> used = usable(points);
        double[] x = used.stream().mapToDouble(HistoryStore.Point::median).toArray();
        List<Found> out = new ArrayList<>();
        for (EDivisive.ChangePoint cp : changePoints(x, s)) {
            out.add(new Found(cp.index(), used.get(cp.index()), cp.stats()));
        }
        return out;
    }

    /**
     * E-divisive change points with {@code minPointsAfter}: a change point whose new segment is
     * shorter is dropped, its neighbours are re-tested and the merge runs again (Otava PR #150's
     * minimum segment length, applied after the search).
     */
    static List<EDivisive.ChangePoint> changePoints(double[] x, Settings s) {
        List<EDivisive.ChangePoint> cps = new ArrayList<>(EDivisive.changePoints(x, s.window(), s.maxP(), s.minMagnitude()));
        while (true) {
            int shortOne = -1;
            for (int k = 0; k < cps.size(); k++) {
                int end = k + 1 < cps.size() ? cps.get(k + 1).index() : x.length;
                if (end - cps.get(k).index() < s.minPointsAfter()) {
                    shortOne = k;
                    break;
                }
            }
            if (shortOne < 0) {
                return cps;
            }
            cps.remove(shortOne);
            for (int k = 0; k < cps.size(); k++) {
                EDivisive.retest(x, cps, k);
            }
            cps = new ArrayList<>(EDivisive.merge(x, cps, s.maxP(), s.minMagnitude()));
        }
    }

    static List<HistoryStore.Point> usable(List<HistoryStore.Point> points) {
        return points.stream().filter(p -> !p.excluded() && Double.isFinite(p.median())).toList();
    }

    /**
     * Where {@link #check} reads a point's trials when it needs them (only the Mann-Whitney
     * fallback does, for two points), e.g. {@link HistoryStore#trials}.
     */
    @FunctionalInterface
    public interface Trials {

        /** Every trial's value of {@code point}. */
        double[] of(HistoryStore.Point point);
    }

    /**
     * One series × metric for {@link #check}.
     *
     * @param points its runs, oldest first (the newest is checked)
     * @param ackedRuns runs where a change of this metric was acknowledged: a segment starts there
     * @param trials reads a point's trials
     */
    public record CheckInput(long seriesId, String series, String metric, boolean higherIsBetter,
            List<HistoryStore.Point> points, Set<Long> ackedRuns, Trials trials) {}

    /**
     * The check of one series × metric.
     *
     * @param newest the newest run's point
     * @param baselineRuns runs the newest was compared with (0: untested)
     * @param baseline the baseline's centre: mean of the segment's medians, or the previous run's median
     * @param delta newest median / baseline − 1
     * @param p two-sided p of the test (NaN: untested)
     * @param pAdjusted p after Holm across every row of the check
     * @param verdict {@code faster}/{@code slower} only when significant and beyond the noise band
     * @param method {@code prediction interval} (t over the segment's medians) or {@code mann-whitney} (trials
     *     against the previous run's)
     * @param mde the smallest change this row could call with 80% power, a relative change
     *     ({@link Verdict.Decided#mde}); NaN when untested
     */
    public record CheckRow(CheckInput input, HistoryStore.Point newest, int baselineRuns, double baseline, double delta,
            double p, double pAdjusted, Verdict verdict, String method, double mde) {

        /** A row before the check is decided: no detectable effect yet. */
        public CheckRow(CheckInput input, HistoryStore.Point newest, int baselineRuns, double baseline, double delta,
                double p, double pAdjusted, Verdict verdict, String method) {
            this(input, newest, baselineRuns, baseline, delta, p, pAdjusted, verdict, method, Double.NaN);
        }

        /** True when this row is a regression larger than {@code threshold} (a fraction; {@link Verdict#regressionBeyond}). */
        public boolean regression(double threshold) {
            return verdict.regressionBeyond(delta, input.higherIsBetter(), threshold);
        }
    }

    /**
     * The newest run of each input against the current segment of its history (after the last
     * change point or acknowledged change, at most {@link #MAX_BASELINE_RUNS} runs): a Student-t
     * prediction interval over the segment's medians, t = (x − mean) / (s·√(1 + 1/n)) with n − 1
     * degrees of freedom (Bencher's {@code t_test} threshold); with fewer than
     * {@link #MIN_BASELINE_RUNS} runs, Mann-Whitney of the trials against the previous run's. The p
     * values are Holm-adjusted across all rows, then each row gets its verdict and its minimum detectable
     * effect ({@link Verdict#decide}, docs/statistics.md rules 5, 6 and 13).
     */
    public static List<CheckRow> check(List<CheckInput> inputs, Settings s, double noise, double alpha) {
        List<CheckRow> rows = new ArrayList<>();
        List<Verdict.Detectable> detectables = new ArrayList<>();
        for (CheckInput in : inputs) {
            List<HistoryStore.Point> pts = usable(in.points());
            if (pts.isEmpty()) {
                continue;
            }
            HistoryStore.Point newest = pts.get(pts.size() - 1);
            List<HistoryStore.Point> before = pts.subList(0, pts.size() - 1);
            if (in.ackedRuns().contains(newest.runId())) {
                rows.add(new CheckRow(in, newest, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Verdict.WITHIN_VARIANCE,
                        "acknowledged"));
                detectables.add(null);
                continue;
            }
            int start = 0;
            for (Found f : changePoints(before, s)) {
                start = Math.max(start, f.index());
            }
            for (int i = 0; i < before.size(); i++) {
                if (in.ackedRuns().contains(before.get(i).runId())) {
                    start = Math.max(start, i);
                }
            }
            start = Math.max(start, before.size() - MAX_BASELINE_RUNS);
            List<HistoryStore.Point> segment = before.subList(start, before.size());
            rows.add(test(in, newest, segment));
            detectables.add(detectable(in, newest, segment));
        }
        List<Verdict.Test> tests = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            CheckRow r = rows.get(i);
            tests.add(new Verdict.Test(r.delta(), r.p(), r.input().higherIsBetter(), detectables.get(i)));
        }
        Verdict.Decided decided = Verdict.decide(tests, noise, alpha);
        List<CheckRow> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            CheckRow r = rows.get(i);
            out.add(new CheckRow(r.input(), r.newest(), r.baselineRuns(), r.baseline(), r.delta(), r.p(),
                    decided.pAdjusted()[i], decided.verdicts()[i], r.method(), decided.mde()[i]));
        }
        return out;
    }

    /**
     * What the row's test could detect ({@link Power}): the prediction interval's over the segment's
     * medians, or Mann-Whitney's over the two runs' trials; null when there is no baseline.
     */
    private static Verdict.Detectable detectable(CheckInput in, HistoryStore.Point newest, List<HistoryStore.Point> segment) {
        if (segment.size() >= MIN_BASELINE_RUNS) {
            double[] medians = segment.stream().mapToDouble(HistoryStore.Point::median).toArray();
            double mean = java.util.Arrays.stream(medians).average().orElse(Double.NaN);
            double ss = 0;
            for (double m : medians) {
                ss += (m - mean) * (m - mean);
            }
            double sd = Math.sqrt(ss / (medians.length - 1));
            return level -> Power.prediction(medians.length, mean, sd, level);
        }
        if (segment.isEmpty()) {
            return null;
        }
        double[] before = in.trials().of(segment.get(segment.size() - 1));
        double[] after = in.trials().of(newest);
        return level -> Power.mannWhitney(before, after, level);
    }

    private static CheckRow test(CheckInput in, HistoryStore.Point newest, List<HistoryStore.Point> segment) {
        double x = newest.median();
        if (segment.size() >= MIN_BASELINE_RUNS) {
            int n = segment.size();
            double mean = segment.stream().mapToDouble(HistoryStore.Point::median).average().orElse(Double.NaN);
            double ss = 0;
            for (HistoryStore.Point pt : segment) {
                ss += (pt.median() - mean) * (pt.median() - mean);
            }
            double sd = Math.sqrt(ss / (n - 1));
            double p;
            if (sd == 0) {
                p = x == mean ? 1.0 : 0.0;
            } else {
                double t = (x - mean) / (sd * Math.sqrt(1 + 1.0 / n));
                p = Math.min(1.0, 2 * TDistribution.of(n - 1).survivalProbability(Math.abs(t)));
            }
            return new CheckRow(in, newest, n, mean, x / mean - 1, p, Double.NaN, Verdict.WITHIN_VARIANCE,
                    "prediction interval");
        }
        if (segment.isEmpty()) {
            return new CheckRow(in, newest, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Verdict.WITHIN_VARIANCE,
                    "no baseline");
        }
        HistoryStore.Point previous = segment.get(segment.size() - 1);
        MannWhitney.Result r = MannWhitney.test(in.trials().of(previous), in.trials().of(newest));
        return new CheckRow(in, newest, 1, previous.median(), x / previous.median() - 1, r.p(), Double.NaN,
                Verdict.WITHIN_VARIANCE, "mann-whitney");
    }
}
