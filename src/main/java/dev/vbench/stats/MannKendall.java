package dev.vbench.stats;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * Whether a series drifts one way: the trials of one cell, in the order they ran, that keep getting faster
 * (warmup not over) or slower (the JVM or the machine changing under them) mix two states in one median
 * (docs/statistics.md rule 17).
 *
 * <p><b>Mann-Kendall's test.</b> S = Σ over pairs i &lt; j of sign(x_j − x_i): +1 for every later value above an
 * earlier one, −1 for every one below. Without a trend every order of the values is equally likely, so the number
 * of discordant pairs follows the distribution of inversions of a random permutation (the Mahonian numbers),
 * computed exactly here up to {@value #EXACT_UP_TO} values: six trials that rise every time give S = 15 and
 * p = 2/720 = 0.0028, the smallest two-sided p six values can reach. Beyond that the normal approximation with
 * variance n(n − 1)(2n + 5)/18 and a continuity correction. Ties count 0 in S; their p is taken from the
 * distribution without ties, which can only make it larger. H. B. Mann, "Nonparametric tests against trend",
 * <i>Econometrica</i> 13 (1945) 245–259; M. G. Kendall, <i>Rank Correlation Methods</i> (1975).
 *
 * <p><b>How much.</b> The Theil–Sen slope, the median of (x_j − x_i)/(j − i) over all pairs, times the n − 1
 * steps from the first value to the last: the drift over the series, robust to a single outlying trial (H. Theil,
 * 1950; P. K. Sen, <i>JASA</i> 63 (1968) 1379–1389).
 *
 * <pre>{@code
 * MannKendall.Result r = MannKendall.test(new double[] {90, 94, 97, 99, 101, 104}); // s = 15, p = 0.0028
 * double drift = r.change(); // 12.5: from the first trial to the last, in the values' unit
 * }</pre>
 */
public final class MannKendall {

    /** Series up to this length get the exact distribution of S; longer ones the normal approximation. */
    static final int EXACT_UP_TO = 60;

    /** P(D ≤ d) for every d, D the number of inversions of a random permutation of n elements, per n. */
    private static final Map<Integer, double[]> INVERSIONS = new ConcurrentHashMap<>();

    private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);

    private MannKendall() {}

    /**
     * The test of one series.
     *
     * @param s Mann-Kendall's S: positive when later values are higher
     * @param p the two-sided p of S under no trend; 1 for fewer than three values
     * @param change the Theil–Sen slope times n − 1: how far the series moved from its first value to its last
     * @param n the values tested
     */
    public record Result(long s, double p, double change, int n) {}

    /** Tests {@code series}, in its order (NaN values left out). */
    public static Result test(double[] series) {
        double[] x = Arrays.stream(series).filter(v -> !Double.isNaN(v)).toArray();
        int n = x.length;
        if (n < 3) {
            return new Result(0, 1, 0, n);
        }
        long s = 0;
        double[] slopes = new double[n * (n - 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                s += x[j] > x[i] ? 1 : x[j] < x[i] ? -1 : 0;
                slopes[k++] = (x[j] - x[i]) / (j - i);
            }
        }
        return new Result(s, p(n, s), Descriptive.median(slopes) * (n - 1), n);
    }

    /**
     * Several series tested as one (the seasonal Mann-Kendall test's sum, each series a season): whether they
     * trend the same way together. S is the sum of theirs, its variance the sum of theirs under no trend, p
     * two-sided from the normal approximation with a continuity correction; {@code change} NaN. R. M. Hirsch,
     * J. R. Slack and R. A. Smith, "Techniques of trend analysis for monthly water quality data", <i>Water
     * Resources Research</i> 18 (1982) 107–121.
     */
    public static Result together(List<Result> series) {
        long s = 0;
        double variance = 0;
        int n = 0;
        for (Result r : series) {
            s += r.s();
            variance += r.n() < 3 ? 0 : variance(r.n());
            n += r.n();
        }
        double p = s == 0 || variance == 0
                ? 1
                : Math.min(1, 2 * NORMAL.survivalProbability((Math.abs(s) - 1) / Math.sqrt(variance)));
        return new Result(s, p, Double.NaN, n);
    }

    /** The two-sided p of S = {@code s} for {@code n} values without a trend. */
    static double p(int n, long s) {
        long pairs = (long) n * (n - 1) / 2;
        long a = Math.abs(s);
        if (a == 0) {
            return 1;
        }
        if (n <= EXACT_UP_TO) {
            // S = pairs − 2·D, so |S| ≥ a on one side is D ≤ (pairs − a) / 2
            double oneSide = INVERSIONS.computeIfAbsent(n, MannKendall::lowerTail)[(int) ((pairs - a) / 2)];
            return Math.min(1, 2 * oneSide);
        }
        double z = (a - 1) / Math.sqrt(variance(n));
        return Math.min(1, 2 * NORMAL.survivalProbability(z));
    }

    /** The variance of S for {@code n} values without a trend (and without ties). */
    private static double variance(int n) {
        return n * (n - 1.0) * (2.0 * n + 5) / 18;
    }

    /** P(D ≤ d) for d = 0 … n(n − 1)/2, D the inversions of a random permutation of {@code n} elements. */
    private static double[] lowerTail(int n) {
        int max = n * (n - 1) / 2;
        double[] dist = new double[max + 1];
        dist[0] = 1;
        int reach = 0;
        for (int k = 2; k <= n; k++) { // the k-th element adds 0 … k − 1 inversions, each with probability 1/k
            double[] next = new double[max + 1];
            for (int d = 0; d <= reach; d++) {
                if (dist[d] == 0) {
                    continue;
                }
                double share = dist[d] / k;
                for (int j = 0; j < k; j++) {
                    next[d + j] += share;
                }
            }
            reach += k - 1;
            dist = next;
        }
        double[] tail = new double[max + 1];
        double sum = 0;
        for (int d = 0; d <= max; d++) {
            sum += dist[d];
            tail[d] = Math.min(1, sum);
        }
        return tail;
    }
}
