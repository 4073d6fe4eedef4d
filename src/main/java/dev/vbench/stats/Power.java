package dev.vbench.stats;

import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.DoubleStream;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * What a test could have detected: the minimum detectable effect (MDE) at {@link #POWER} power, and
 * whether a table can reach significance at all (docs/statistics.md rule 13). A {@code ~} is only
 * honest next to the smallest change its row could have called.
 *
 * <p><b>Mann-Whitney between two sets of trials.</b> The trials are modelled as a location shift on
 * the log scale with normal noise of the pooled standard deviation s of the log values (both sides,
 * n₁ + n₂ − 2 degrees of freedom): the MDE is the shift δ·s at which the two-sided test rejects at the
 * per-row level with probability {@link #POWER}, reported as the relative change e^{δ·s} − 1. The
 * standardized shift δ depends only on n₁, n₂ and the level, so it is computed once per triple and
 * kept: for samples under 50 (where {@link MannWhitney} uses the exact null distribution) by
 * simulating the exact test (4,000 pairs of normal samples with a fixed seed, common random numbers
 * across shifts, bisection on δ), which keeps the test's discreteness — with 6 + 6 trials no level
 * below 0.0022 can be reached at all; for larger samples by Noether's formula,
 * n₁n₂/N·12·(P(X &lt; Y) − ½)² = (z₁₋α/₂ + z_power)² with P(X &lt; Y) = Φ(δ/√2) (G. E. Noether,
 * "Sample size determination for some common nonparametric tests", <i>JASA</i> 82 (1987) 645–647).
 *
 * <p><b>A new value against a segment's values</b> (the history check's prediction interval): a
 * shift is detected with power {@link #POWER} when it exceeds (t₁₋α/₂,ₙ₋₁ + z_power)·s·√(1 + 1/n),
 * relative to the segment's mean.
 *
 * <p><b>Many rows.</b> Holm's first step tests the smallest p against α/m, so the MDE of a row of a
 * table of m tested rows is taken at α/m (Bonferroni's level, which Holm never asks less of).
 *
 * <pre>{@code
 * double mde = Power.mannWhitney(baseTrials, newTrials, 0.05 / rows); // 0.042: ±4.2%
 * boolean possible = Power.attainable(6, 6, 0.05, 25);             // false: 0.0022 × 24 ≥ 0.05
 * }</pre>
 */
public final class Power {

    /** The power at which a minimum detectable effect is stated. */
    public static final double POWER = 0.8;

    /** Simulated pairs of samples per standardized shift. */
    static final int REPLICATIONS = 4000;

    private static final long SEED = 20_171_004L;
    private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);
    private static final Map<String, Double> SHIFTS = new ConcurrentHashMap<>();

    private Power() {}

    /**
     * Whether any data could reach significance: the smallest attainable two-sided p of samples of
     * {@code n1} and {@code n2} values ({@link MannWhitney#minimumP}) times the Holm factor {@code tests}
     * is below {@code alpha}.
     */
    public static boolean attainable(int n1, int n2, double alpha, int tests) {
        return MannWhitney.minimumP(n1, n2) * Math.max(1, tests) < alpha;
    }

    /** The fewest trials per side (both sides alike) with which a table of {@code tests} rows can reach {@code alpha}. */
    public static int trialsNeeded(double alpha, int tests) {
        int n = MannWhitney.MIN_SAMPLES_PER_SIDE;
        while (!attainable(n, n, alpha, tests)) {
            n++;
        }
        return n;
    }

    /**
     * The minimum detectable effect of a Mann-Whitney test between {@code x} and {@code y} at the
     * two-sided level {@code level} and {@link #POWER} power, as a relative change (0.042 = 4.2%):
     * positive infinity when no data of these sizes can reach {@code level}; NaN when a side has fewer
     * than two values or the spread cannot be estimated.
     */
    public static double mannWhitney(double[] x, double[] y, double level) {
        double[] a = finite(x);
        double[] b = finite(y);
        if (a.length < 2 || b.length < 2) {
            return Double.NaN;
        }
        if (MannWhitney.minimumP(a.length, b.length) >= level) {
            return Double.POSITIVE_INFINITY;
        }
        double s = pooledLogSd(a, b);
        if (Double.isNaN(s)) {
            return Double.NaN;
        }
        return Math.expm1(standardizedShift(a.length, b.length, level) * s);
    }

    /**
     * The minimum detectable effect of one new value against {@code n} values of mean {@code mean} and
     * standard deviation {@code sd} (a t prediction interval at the two-sided level {@code level}), as a
     * relative change; NaN when {@code n < 2} or the mean is 0.
     */
    public static double prediction(int n, double mean, double sd, double level) {
        if (n < 2 || mean == 0 || Double.isNaN(sd) || Double.isNaN(mean)) {
            return Double.NaN;
        }
        double t = TDistribution.of(n - 1).inverseSurvivalProbability(level / 2);
        return (t + NORMAL.inverseCumulativeProbability(POWER)) * sd * Math.sqrt(1 + 1.0 / n) / Math.abs(mean);
    }

    /**
     * The shift δ, in standard deviations, at which the two-sided Mann-Whitney test at {@code level}
     * rejects with probability {@link #POWER} for samples of {@code n1} and {@code n2} normal values;
     * positive infinity when the level cannot be reached.
     */
    static double standardizedShift(int n1, int n2, double level) {
        if (MannWhitney.minimumP(n1, n2) >= level) {
            return Double.POSITIVE_INFINITY;
        }
        String key = Math.min(n1, n2) + "+" + Math.max(n1, n2) + "@" + level;
        return SHIFTS.computeIfAbsent(
                key,
                k -> Math.max(n1, n2) < 50
                        ? simulated(Math.min(n1, n2), Math.max(n1, n2), level)
                        : noether(n1, n2, level));
    }

    /** Noether's large-sample shift (see the class comment). */
    static double noether(int n1, int n2, double level) {
        double z = NORMAL.inverseSurvivalProbability(level / 2) + NORMAL.inverseCumulativeProbability(POWER);
        double q = 0.5 + z / Math.sqrt(12.0 * n1 * n2 / (n1 + n2));
        return q >= 1 ? Double.POSITIVE_INFINITY : Math.sqrt(2) * NORMAL.inverseCumulativeProbability(q);
    }

    /** The exact test's power curve by simulation with common random numbers, solved for {@link #POWER} by bisection. */
    private static double simulated(int n1, int n2, double level) {
        int critical = criticalU(n1, n2, level);
        SplittableRandom random = new SplittableRandom(SEED);
        double[][] xs = new double[REPLICATIONS][n1];
        double[][] ys = new double[REPLICATIONS][n2];
        for (int r = 0; r < REPLICATIONS; r++) {
            for (int i = 0; i < n1; i++) {
                xs[r][i] = gaussian(random);
            }
            for (int j = 0; j < n2; j++) {
                ys[r][j] = gaussian(random);
            }
        }
        double lo = 0;
        double hi = 1;
        while (power(xs, ys, hi, critical) < POWER) {
            lo = hi;
            hi *= 2;
            if (hi > 1e3) {
                return Double.POSITIVE_INFINITY;
            }
        }
        for (int i = 0; i < 40 && hi - lo > 1e-4; i++) {
            double mid = (lo + hi) / 2;
            if (power(xs, ys, mid, critical) >= POWER) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    /** Share of the simulated pairs, the second sample shifted by {@code delta}, whose U is at most {@code critical} (or at least n₁n₂ − it). */
    private static double power(double[][] xs, double[][] ys, double delta, int critical) {
        int rejected = 0;
        for (int r = 0; r < xs.length; r++) {
            double[] x = xs[r];
            double[] y = ys[r];
            int u = 0;
            for (double xi : x) {
                for (double yj : y) {
                    if (yj + delta < xi) {
                        u++;
                    }
                }
            }
            int total = x.length * y.length;
            if (Math.min(u, total - u) <= critical) {
                rejected++;
            }
        }
        return rejected / (double) xs.length;
    }

    /**
     * The largest U whose exact two-sided p, 2·P(U ≤ u) (at most 1), is below {@code level}; −1 when
     * none is. The null distribution counts the orderings of n₁ + n₂ values by U (Mann &amp; Whitney's
     * recurrence f(n₁, n₂, u) = f(n₁ − 1, n₂, u − n₂) + f(n₁, n₂ − 1, u)), in doubles.
     */
    static int criticalU(int n1, int n2, double level) {
        int max = n1 * n2;
        double[][] previousRow = new double[n2 + 1][];
        for (int j = 0; j <= n2; j++) {
            previousRow[j] = new double[] {1}; // n1 = 0: one ordering, U = 0
        }
        for (int i = 1; i <= n1; i++) {
            double[][] row = new double[n2 + 1][];
            row[0] = new double[] {1};
            for (int j = 1; j <= n2; j++) {
                double[] f = new double[i * j + 1];
                double[] fewerX = previousRow[j]; // (i − 1, j): U − j
                double[] fewerY = row[j - 1]; // (i, j − 1): U
                for (int u = 0; u < f.length; u++) {
                    f[u] = (u - j >= 0 && u - j < fewerX.length ? fewerX[u - j] : 0)
                            + (u < fewerY.length ? fewerY[u] : 0);
                }
                row[j] = f;
            }
            previousRow = row;
        }
        double[] counts = previousRow[n2];
        double total = 0;
        for (double c : counts) {
            total += c;
        }
        double cumulative = 0;
        int critical = -1;
        for (int u = 0; u <= max / 2; u++) {
            cumulative += counts[u];
            if (Math.min(1, 2 * cumulative / total) < level) {
                critical = u;
            } else {
                break;
            }
        }
        return critical;
    }

    /** The pooled standard deviation of the natural logs (of the values over their pooled median when any is not positive). */
    static double pooledLogSd(double[] a, double[] b) {
        boolean positive =
                DoubleStream.concat(Arrays.stream(a), Arrays.stream(b)).allMatch(v -> v > 0);
        double centre = positive
                ? 1
                : Math.abs(Descriptive.median(
                        DoubleStream.concat(Arrays.stream(a), Arrays.stream(b)).toArray()));
        if (!positive && centre == 0) {
            return Double.NaN;
        }
        double ss = sumOfSquares(a, positive, centre) + sumOfSquares(b, positive, centre);
        return Math.sqrt(ss / (a.length + b.length - 2));
    }

    private static double sumOfSquares(double[] values, boolean log, double centre) {
        double mean = 0;
        for (double v : values) {
            mean += scaled(v, log, centre);
        }
        mean /= values.length;
        double ss = 0;
        for (double v : values) {
            double d = scaled(v, log, centre) - mean;
            ss += d * d;
        }
        return ss;
    }

    private static double scaled(double v, boolean log, double centre) {
        return log ? Math.log(v) : v / centre;
    }

    private static double[] finite(double[] values) {
        return Arrays.stream(values)
                .filter(v -> !Double.isNaN(v) && !Double.isInfinite(v))
                .toArray();
    }

    /** A standard normal value (Marsaglia's polar method), from {@code random} alone so that the draws are the same on every JVM. */
    private static double gaussian(SplittableRandom random) {
        double u;
        double v;
        double s;
        do {
            u = 2 * random.nextDouble() - 1;
            v = 2 * random.nextDouble() - 1;
            s = u * u + v * v;
        } while (s >= 1 || s == 0);
        return u * StrictMath.sqrt(-2 * StrictMath.log(s) / s);
    }
}
