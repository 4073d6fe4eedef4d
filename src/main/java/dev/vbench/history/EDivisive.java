package dev.vbench.history;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Change points of one series by e-divisive means with a Student t-test, as Apache Otava computes
 * them by default (window 50, p 0.001): implemented from the description in
 * {@code shared/research/history.md} §2 (Otava {@code analysis.py}, {@code change_point_divisive/}).
 *
 * <p><b>Q statistic</b> (Matteson &amp; James, "A nonparametric approach for multiple change point
 * analysis of multivariate data", JASA 109 (2014), α = 1, with unbiased within-sample terms): for
 * X = x[s:τ) (n values) and Y = x[τ:κ) (m values),
 * Q = 2/(n+m)·ΣΣ|Xi−Yj| − 2m/((n+m)(n−1))·Σi&lt;k|Xi−Xk| − 2n/((n+m)(m−1))·Σj&lt;k|Yj−Yk|; κ is searched too.
 * A 2-D prefix sum of |xi − xj| makes each (τ, κ) O(1). The candidate of an interval is the first
 * maximum in (τ, κ) row-major order; a change point is the first index of the new segment.
 *
 * <p><b>Significance</b>: Student's two-sample t-test with pooled variance between the whole
 * neighbouring segments, fed the population standard deviations (as Otava passes {@code np.std} to
 * {@code scipy.stats.ttest_ind_from_stats}); p = 1 when both segments together have two values or fewer.
 *
 * <p><b>Split and merge</b> (Hunter's {@code compute_change_points}): the detector runs on windows of
 * {@code window} points advancing by half a window with a looser first p (×10 below 0.05, ×2 below
 * 0.5); all change points found are re-tested against their neighbours over the whole series; then the
 * weakest is removed (largest p, or, once every p is below the limit, the smallest magnitude while it
 * is not above {@code minMagnitude}) and the change points now at its position and the next re-tested, until all are significant and large
 * enough. The magnitude is max(|m₂/m₁ − 1|, |m₁/m₂ − 1|) (0 when a mean is 0).
 *
 * <pre>{@code
 * List<EDivisive.ChangePoint> cps = EDivisive.changePoints(medians, 50, 0.001, 0.01);
 * }</pre>
 */
public final class EDivisive {

    private EDivisive() {}

    /**
     * The t-test of a change point against its neighbouring segments.
     *
     * @param meanBefore mean of the segment before
     * @param meanAfter mean of the segment from the change point on
     * @param p two-sided p-value (1 when untestable)
     */
    public record Stats(double meanBefore, double meanAfter, double p) {

        /** max(|after/before − 1|, |before/after − 1|); 0 when a mean is 0. */
        public double magnitude() {
            if (meanBefore == 0 || meanAfter == 0) {
                return 0;
            }
            return Math.max(Math.abs(meanAfter / meanBefore - 1), Math.abs(meanBefore / meanAfter - 1));
        }

        /** after/before − 1: the change as a fraction (+0.1 = 10% higher after). */
        public double forwardChange() {
            return meanBefore == 0 ? Double.NaN : meanAfter / meanBefore - 1;
        }
    }

    /**
     * @param index first index of the new segment
     * @param stats its test against the neighbouring segments
     */
    public record ChangePoint(int index, Stats stats) {}

    /**
     * Change points of {@code x} (no NaN) by the windowed split and merge.
     *
     * @param window points per detector window (at least 2)
     * @param maxP largest p-value of a reported change point
     * @param minMagnitude smallest magnitude of a reported change point (0 keeps every significant one)
     */
    public static List<ChangePoint> changePoints(double[] x, int window, double maxP, double minMagnitude) {
        if (window < 2) {
            throw new IllegalArgumentException("window " + window + " must be at least 2");
        }
        int n = x.length;
        double firstP = maxP < 0.05 ? maxP * 10 : maxP < 0.5 ? maxP * 2 : maxP;
        TreeSet<Integer> weak = new TreeSet<>();
        int step = window / 2;
        int start = 0;
        while (start < n) {
            List<Integer> found = detect(x, start, Math.min(start + window, n), firstP);
            weak.addAll(found);
            int last = found.isEmpty() ? 0 : found.get(found.size() - 1);
            start = Math.max(last, start + step);
        }
        List<Integer> indexes = new ArrayList<>(weak);
        List<ChangePoint> cps = new ArrayList<>();
        for (int k = 0; k < indexes.size(); k++) {
            cps.add(new ChangePoint(
                    indexes.get(k),
                    stats(
                            x,
                            k == 0 ? 0 : indexes.get(k - 1),
                            indexes.get(k),
                            k + 1 < indexes.size() ? indexes.get(k + 1) : n)));
        }
        return merge(x, cps, maxP, minMagnitude);
    }

    /** Removes the weakest change point until all are significant and larger than {@code minMagnitude}. */
    static List<ChangePoint> merge(double[] x, List<ChangePoint> cps, double maxP, double minMagnitude) {
        List<ChangePoint> list = new ArrayList<>(cps);
        while (!list.isEmpty()) {
            int weakest = 0;
            for (int k = 1; k < list.size(); k++) {
                if (p(list.get(k)) > p(list.get(weakest))) {
                    weakest = k;
                }
            }
            if (p(list.get(weakest)) < maxP) {
                weakest = 0;
                for (int k = 1; k < list.size(); k++) {
                    if (list.get(k).stats().magnitude()
                            < list.get(weakest).stats().magnitude()) {
                        weakest = k;
                    }
                }
                if (list.get(weakest).stats().magnitude() > minMagnitude) {
                    return list;
                }
            }
            list.remove(weakest);
            // As Otava: the change points now at the removed one's position and the next are re-tested;
            // the one before keeps its test (re-testing it instead breaks Otava's published expectations).
            retest(x, list, weakest);
            retest(x, list, weakest + 1);
        }
        return list;
    }

    /** Re-tests the change point at position {@code k} of {@code list} against its current neighbours. */
    static void retest(double[] x, List<ChangePoint> list, int k) {
        if (k < 0 || k >= list.size()) {
            return;
        }
        int from = k == 0 ? 0 : list.get(k - 1).index();
        int to = k + 1 < list.size() ? list.get(k + 1).index() : x.length;
        list.set(
                k,
                new ChangePoint(list.get(k).index(), stats(x, from, list.get(k).index(), to)));
    }

    private static double p(ChangePoint cp) {
        return Double.isNaN(cp.stats().p()) ? 1.0 : cp.stats().p();
    }

    /**
     * The detector on x[from:to): repeatedly the best candidate over the current intervals, kept while
     * its t-test p ≤ {@code maxP}. Returns absolute indexes, ascending.
     */
    static List<Integer> detect(double[] x, int from, int to, double maxP) {
        int len = to - from;
        List<Integer> cps = new ArrayList<>();
        if (len < 2) {
            return cps;
        }
        double[][] prefix = pairPrefix(x, from, to);
        while (true) {
            int bestTau = -1;
            double bestQ = Double.NEGATIVE_INFINITY;
            int bestStart = 0;
            int bestEnd = 0;
            int start = 0;
            for (int k = 0; k <= cps.size(); k++) {
                int end = k < cps.size() ? cps.get(k) - from : len;
                if (end - start > 1) {
                    double[] candidate = candidate(prefix, start, end);
                    if (candidate[1] > bestQ) {
                        bestQ = candidate[1];
                        bestTau = (int) candidate[0];
                        bestStart = start;
                        bestEnd = end;
                    }
                }
                start = end;
            }
            if (bestTau < 0) {
                return cps;
            }
            double p =
                    stats(x, from + bestStart, from + bestTau, from + bestEnd).p();
            if (!(p <= maxP)) {
                return cps;
            }
            cps.add(from + bestTau);
            cps.sort(null);
        }
    }

    /** P[i][j] = Σ_{i' < i, j' < j} |x[from+i'] − x[from+j']|. */
    static double[][] pairPrefix(double[] x, int from, int to) {
        int len = to - from;
        double[][] p = new double[len + 1][len + 1];
        for (int i = 0; i < len; i++) {
            double row = 0;
            for (int j = 0; j < len; j++) {
                row += Math.abs(x[from + i] - x[from + j]);
                p[i + 1][j + 1] = p[i][j + 1] + row;
            }
        }
        return p;
    }

    private static double rect(double[][] p, int r0, int r1, int c0, int c1) {
        return p[r1][c1] - p[r0][c1] - p[r1][c0] + p[r0][c0];
    }

    /** {τ, Q} of the first maximal Q over s &lt; τ &lt; κ ≤ e (relative indexes). */
    static double[] candidate(double[][] p, int s, int e) {
        double bestQ = Double.NEGATIVE_INFINITY;
        int bestTau = -1;
        for (int tau = s + 1; tau < e; tau++) {
            int n = tau - s;
            double withinX = rect(p, s, tau, s, tau) / 2;
            for (int kappa = tau + 1; kappa <= e; kappa++) {
                int m = kappa - tau;
                double q = 2.0 / (n + m) * rect(p, s, tau, tau, kappa);
                if (n > 1) {
                    q -= 2.0 * m / ((n + m) * (double) (n - 1)) * withinX;
                }
                if (m > 1) {
                    q -= 2.0 * n / ((n + m) * (double) (m - 1)) * (rect(p, tau, kappa, tau, kappa) / 2);
                }
                if (q > bestQ) {
                    bestQ = q;
                    bestTau = tau;
                }
            }
        }
        return new double[] {bestTau, bestQ};
    }

    /** Student's pooled-variance t-test of x[from:at) against x[at:to), fed population SDs. */
    public static Stats stats(double[] x, int from, int at, int to) {
        int n1 = at - from;
        int n2 = to - at;
        double m1 = mean(x, from, at);
        double m2 = mean(x, at, to);
        if (n1 < 1 || n2 < 1 || n1 + n2 <= 2) {
            return new Stats(m1, m2, 1.0);
        }
        double v1 = populationVariance(x, from, at, m1);
        double v2 = populationVariance(x, at, to, m2);
        int df = n1 + n2 - 2;
        double pooled = ((n1 - 1) * v1 + (n2 - 1) * v2) / df;
        double t = (m1 - m2) / Math.sqrt(pooled * (1.0 / n1 + 1.0 / n2));
        double p;
        if (Double.isNaN(t)) {
            p = Double.NaN;
        } else if (Double.isInfinite(t)) {
            p = 0;
        } else {
            p = Math.min(1.0, 2 * TDistribution.of(df).survivalProbability(Math.abs(t)));
        }
        return new Stats(m1, m2, p);
    }

    private static double mean(double[] x, int from, int to) {
        if (to <= from) {
            return Double.NaN;
        }
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += x[i];
        }
        return sum / (to - from);
    }

    private static double populationVariance(double[] x, int from, int to, double mean) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            double d = x[i] - mean;
            sum += d * d;
        }
        return sum / (to - from);
    }
}
