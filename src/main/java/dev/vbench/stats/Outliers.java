package dev.vbench.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * Flags (never drops) outlying trials by modified z-score, as hyperfine does
 * ({@code src/outlier_detection.rs}): z = (x − median) / MAD with MAD the median absolute
 * deviation; |z| &gt; 1.4826 × 10 (ten standard deviations of a normal sample) is an outlier.
 */
public final class Outliers {

    /** 1.4826 converts the MAD to a standard deviation estimate; 10 is the number of deviations. */
    public static final double THRESHOLD = 1.4826 * 10;

    private Outliers() {}

    /** Indexes (into {@code values}) of outliers. */
    public static List<Integer> indexes(double[] values) {
        double median = Descriptive.median(values);
        double[] deviations = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            deviations[i] = Math.abs(values[i] - median);
        }
        double mad = Descriptive.median(deviations);
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            double z = mad == 0 ? (deviations[i] == 0 ? 0 : Double.POSITIVE_INFINITY) : deviations[i] / mad;
            if (z > THRESHOLD) {
                out.add(i);
            }
        }
        return out;
    }
}
