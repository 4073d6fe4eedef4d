package dev.vbench.history;

import dev.vbench.stats.Descriptive;
import dev.vbench.stats.MannWhitney;
import dev.vbench.stats.Power;
import dev.vbench.stats.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
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
        List<EDivisive.ChangePoint> cps =
                new ArrayList<>(EDivisive.changePoints(x, s.window(), s.maxP(), s.minMagnitude()));
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

    /** The points change points are found over: those of runs not excluded, with a finite median. */
    public static List<HistoryStore.Point> usable(List<HistoryStore.Point> points) {
        return points.stream()
                .filter(p -> !p.excluded() && Double.isFinite(p.median()))
                .toList();
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
    public record CheckInput(
            long seriesId,
            String series,
            String metric,
            boolean higherIsBetter,
            List<HistoryStore.Point> points,
            Set<Long> ackedRuns,
            Trials trials) {}

    /**
     * The check of one series × metric.
     *
     * @param newest the checked run's point: the newest, or the current commit's with a {@link Baseline.Commits}
     * @param baselineRuns runs the newest was compared with (0: untested)
     * @param baseline the baseline's centre: mean of the segment's medians, the previous run's median, or the median
     *     of the baseline runs' medians
     * @param delta newest median / baseline − 1
     * @param p two-sided p of the test (NaN: untested)
     * @param pAdjusted p after Holm across every row of the check
     * @param verdict {@code faster}/{@code slower} only when significant and beyond the noise band
     * @param method {@code prediction interval} (t over the segment's medians), {@code mann-whitney} (trials
     *     against the baseline runs' trials), or why the row is untested ({@code no baseline}, {@code acknowledged},
     *     {@code no run of HEAD}, {@code no run of the merge-base})
     * @param baselineCommit the commit of the baseline runs when they share one; empty otherwise
     * @param mde the smallest change this row could call with 80% power, a relative change
     *     ({@link Verdict.Decided#mde}); NaN when untested
     */
    public record CheckRow(
            CheckInput input,
            HistoryStore.Point newest,
            int baselineRuns,
            double baseline,
            double delta,
            double p,
            double pAdjusted,
            Verdict verdict,
            String method,
            String baselineCommit,
            double mde) {

        /** A row before the check is decided: no detectable effect yet. */
        public CheckRow(
                CheckInput input,
                HistoryStore.Point newest,
                int baselineRuns,
                double baseline,
                double delta,
                double p,
                double pAdjusted,
                Verdict verdict,
                String method,
                String baselineCommit) {
            this(
                    input,
                    newest,
                    baselineRuns,
                    baseline,
                    delta,
                    p,
                    pAdjusted,
                    verdict,
                    method,
                    baselineCommit,
                    Double.NaN);
        }

        /** A row against no single commit, before the check is decided. */
        public CheckRow(
                CheckInput input,
                HistoryStore.Point newest,
                int baselineRuns,
                double baseline,
                double delta,
                double p,
                double pAdjusted,
                Verdict verdict,
                String method) {
            this(input, newest, baselineRuns, baseline, delta, p, pAdjusted, verdict, method, "", Double.NaN);
        }

        /** True when this row is a regression larger than {@code threshold} (a fraction; {@link Verdict#regressionBeyond}). */
        public boolean regression(double threshold) {
            return verdict.regressionBeyond(delta, input.higherIsBetter(), threshold);
        }

        /** Whether the row was tested (it has a p). */
        public boolean tested() {
            return !Double.isNaN(p);
        }

        CheckRow withDecision(double adjusted, Verdict decided, double detectable) {
            return new CheckRow(
                    input,
                    newest,
                    baselineRuns,
                    baseline,
                    delta,
                    p,
                    adjusted,
                    decided,
                    method,
                    baselineCommit,
                    detectable);
        }
    }

    /** A row and what its test could detect ({@link Power}), null when untested. */
    private record Checked(CheckRow row, Verdict.Detectable detectable) {

        Checked(CheckRow row) {
            this(row, null);
        }
    }

    /** {@link #check(List, Settings, double, double, Baseline)} against each series' current segment. */
    public static List<CheckRow> check(List<CheckInput> inputs, Settings s, double noise, double alpha) {
        return check(inputs, s, noise, alpha, Baseline.SEGMENT);
    }

    /**
     * The newest run of each input (with {@link Baseline.Commits}, the current commit's) against its
     * {@code baseline}. Against the current segment (after the last change point or acknowledged change, at
     * most {@link #MAX_BASELINE_RUNS} runs): a Student-t prediction interval over the segment's medians,
     * t = (x − mean) / (s·√(1 + 1/n)) with n − 1 degrees of freedom (Bencher's {@code t_test} threshold);
     * with fewer than {@link #MIN_BASELINE_RUNS} runs, Mann-Whitney of the trials against the previous run's.
     * Against the previous run, the last N runs of the branch or a commit's runs: Mann-Whitney of the trials
     * against the baseline runs' trials together, the centre the median of their medians. The p values are
     * Holm-adjusted across all rows, then each row gets its verdict and its minimum detectable effect
     * ({@link Verdict#decide}, docs/statistics.md rules 5, 6 and 13).
     */
    public static List<CheckRow> check(
            List<CheckInput> inputs, Settings s, double noise, double alpha, Baseline baseline) {
        List<Checked> rows = new ArrayList<>();
        for (CheckInput in : inputs) {
            List<HistoryStore.Point> pts = usable(in.points());
            if (!pts.isEmpty()) {
                rows.add(checkOne(in, pts, s, baseline));
            }
        }
        List<Verdict.Test> tests = new ArrayList<>();
        for (Checked c : rows) {
            CheckRow r = c.row();
            tests.add(new Verdict.Test(r.delta(), r.p(), r.input().higherIsBetter(), c.detectable()));
        }
        Verdict.Decided decided = Verdict.decide(tests, noise, alpha);
        List<CheckRow> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            out.add(rows.get(i).row().withDecision(decided.pAdjusted()[i], decided.verdicts()[i], decided.mde()[i]));
        }
        return out;
    }

    private static Checked checkOne(CheckInput in, List<HistoryStore.Point> pts, Settings s, Baseline baseline) {
        if (baseline instanceof Baseline.Commits c) {
            List<HistoryStore.Point> heads = Baseline.ofCommit(pts, c.head());
            if (heads.isEmpty()) {
                return new Checked(untested(in, pts.get(pts.size() - 1), "no run of HEAD", c.base()));
            }
            HistoryStore.Point head = heads.get(heads.size() - 1);
            List<HistoryStore.Point> base = Baseline.ofCommit(pts, c.base());
            return base.isEmpty()
                    ? new Checked(untested(in, head, "no run of the merge-base", c.base()))
                    : pooled(in, head, base, c.base());
        }
        HistoryStore.Point newest = pts.get(pts.size() - 1);
        List<HistoryStore.Point> before = pts.subList(0, pts.size() - 1);
        if (in.ackedRuns().contains(newest.runId())) {
            return new Checked(untested(in, newest, "acknowledged", ""));
        }
        return switch (baseline) {
            case Baseline.Previous p ->
                before.isEmpty()
                        ? new Checked(untested(in, newest, "no baseline", ""))
                        : pooled(
                                in,
                                newest,
                                before.subList(before.size() - 1, before.size()),
                                before.get(before.size() - 1).commit());
            case Baseline.Median m -> {
                List<HistoryStore.Point> branch = before.stream()
                        .filter(pt ->
                                newest.branch().isEmpty() || newest.branch().equals(pt.branch()))
                        .toList();
                yield branch.isEmpty()
                        ? new Checked(untested(in, newest, "no baseline", ""))
                        : pooled(in, newest, branch.subList(Math.max(0, branch.size() - m.runs()), branch.size()), "");
            }
            default -> {
                List<HistoryStore.Point> segment = segment(in, before, s);
                yield new Checked(test(in, newest, segment), detectable(in, newest, segment));
            }
        };
    }

    /** The current segment of {@code before}: since its last change point or acknowledged change, at most 64 runs. */
    private static List<HistoryStore.Point> segment(CheckInput in, List<HistoryStore.Point> before, Settings s) {
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
        return before.subList(start, before.size());
    }

    private static CheckRow untested(CheckInput in, HistoryStore.Point newest, String why, String baselineCommit) {
        return new CheckRow(
                in,
                newest,
                0,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                Verdict.WITHIN_VARIANCE,
                why,
                baselineCommit);
    }

    /**
     * Mann-Whitney of the newest run's trials against the trials of {@code base} together; the centre is the
     * median of their medians.
     */
    private static Checked pooled(
            CheckInput in, HistoryStore.Point newest, List<HistoryStore.Point> base, String commit) {
        List<double[]> parts = new ArrayList<>();
        int total = 0;
        for (HistoryStore.Point pt : base) {
            double[] t = in.trials().of(pt);
            parts.add(t);
            total += t.length;
        }
        double[] all = new double[total];
        int at = 0;
        for (double[] t : parts) {
            System.arraycopy(t, 0, all, at, t.length);
            at += t.length;
        }
        double centre = Descriptive.median(
                base.stream().mapToDouble(HistoryStore.Point::median).toArray());
        double[] after = in.trials().of(newest);
        MannWhitney.Result r = MannWhitney.test(all, after);
        return new Checked(
                new CheckRow(
                        in,
                        newest,
                        base.size(),
                        centre,
                        newest.median() / centre - 1,
                        r.p(),
                        Double.NaN,
                        Verdict.WITHIN_VARIANCE,
                        "mann-whitney",
                        commit),
                level -> Power.mannWhitney(all, after, level));
    }

    /**
     * The two-sided p of {@code x} being another draw of what gave {@code baseline} (per-run medians): a
     * Student-t prediction interval, t = (x − mean) / (s·√(1 + 1/n)) with n − 1 degrees of freedom (the test
     * of {@link #check}); with a baseline of no spread, 1 when {@code x} equals it and 0 otherwise. NaN below
     * two baseline values.
     */
    public static double predictionP(double x, double[] baseline) {
        int n = baseline.length;
        if (n < 2) {
            return Double.NaN;
        }
        double mean = Arrays.stream(baseline).average().orElse(Double.NaN);
        double ss = 0;
        for (double v : baseline) {
            ss += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(ss / (n - 1));
        if (sd == 0) {
            return x == mean ? 1.0 : 0.0;
        }
        double t = (x - mean) / (sd * Math.sqrt(1 + 1.0 / n));
        return Math.min(1.0, 2 * TDistribution.of(n - 1).survivalProbability(Math.abs(t)));
    }

    /**
     * What the row's test could detect ({@link Power}): the prediction interval's over the segment's
     * medians, or Mann-Whitney's over the two runs' trials; null when there is no baseline.
     */
    private static Verdict.Detectable detectable(
            CheckInput in, HistoryStore.Point newest, List<HistoryStore.Point> segment) {
        if (segment.size() >= MIN_BASELINE_RUNS) {
            double[] medians =
                    segment.stream().mapToDouble(HistoryStore.Point::median).toArray();
            double mean = Arrays.stream(medians).average().orElse(Double.NaN);
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
            double[] medians =
                    segment.stream().mapToDouble(HistoryStore.Point::median).toArray();
            double mean = Arrays.stream(medians).average().orElse(Double.NaN);
            return new CheckRow(
                    in,
                    newest,
                    medians.length,
                    mean,
                    x / mean - 1,
                    predictionP(x, medians),
                    Double.NaN,
                    Verdict.WITHIN_VARIANCE,
                    "prediction interval",
                    "");
        }
        if (segment.isEmpty()) {
            return untested(in, newest, "no baseline", "");
        }
        HistoryStore.Point previous = segment.get(segment.size() - 1);
        MannWhitney.Result r =
                MannWhitney.test(in.trials().of(previous), in.trials().of(newest));
        return new CheckRow(
                in,
                newest,
                1,
                previous.median(),
                x / previous.median() - 1,
                r.p(),
                Double.NaN,
                Verdict.WITHIN_VARIANCE,
                "mann-whitney",
                previous.commit());
    }
}
