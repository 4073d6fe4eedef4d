package dev.vbench.stats;

import java.util.Arrays;

/** Median, mean and standard deviation of small samples (trials). */
public final class Descriptive {

    private Descriptive() {}

    /** Sorted copy with NaN removed. */
    public static double[] sorted(double[] values) {
        return Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
    }

    /** Median of a sorted array: middle value, or mean of the two middle values. NaN when empty. */
    public static double medianOfSorted(double[] sorted) {
        int n = sorted.length;
        if (n == 0) {
            return Double.NaN;
        }
        int mid = n / 2;
        return n % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    public static double median(double[] values) {
        return medianOfSorted(sorted(values));
    }

    public static double mean(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    /** Sample standard deviation with n − 1 in the denominator; NaN when n &lt; 2. */
    public static double stdev(double[] values) {
        int n = values.length;
        if (n < 2) {
            return Double.NaN;
        }
        double m = mean(values);
        double ss = 0;
        for (double v : values) {
            ss += (v - m) * (v - m);
        }
        return Math.sqrt(ss / (n - 1));
    }
}
