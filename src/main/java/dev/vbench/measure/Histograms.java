package dev.vbench.measure;

import dev.vbench.result.LatencySummary;
import dev.vbench.result.TrialHistograms;
import java.nio.ByteBuffer;
import java.util.Base64;
import org.HdrHistogram.Histogram;

/**
 * HdrHistogram helpers: nanosecond histograms with 3 significant digits, encoded as base64 of the
 * V2 compressed format (the same bytes {@code HistogramLogWriter} writes), and percentile
 * summaries as HdrHistogram reports them.
 */
public final class Histograms {

    /** 3 significant digits: at most 0.1% relative error per recorded value. */
    public static final int SIGNIFICANT_DIGITS = 3;

    private Histograms() {}

    /** An empty auto-resizing nanosecond histogram. */
    public static Histogram newHistogram() {
        Histogram h = new Histogram(SIGNIFICANT_DIGITS);
        return h;
    }

    public static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }

    /** The histogram {@link #encode} wrote ({@link TrialHistograms#decode}, the one decoder). */
    public static Histogram decode(String base64) {
        return TrialHistograms.decode(base64);
    }

    /** Percentiles as HdrHistogram reports them (highest equivalent value of the bucket). */
    public static LatencySummary summarize(Histogram h) {
        if (h.getTotalCount() == 0) {
            return new LatencySummary(0, Double.NaN, 0, 0, 0, 0, 0, 0);
        }
        return new LatencySummary(
                h.getTotalCount(),
                h.getMean(),
                h.getMinValue(),
                h.getValueAtPercentile(50),
                h.getValueAtPercentile(90),
                h.getValueAtPercentile(99),
                h.getValueAtPercentile(99.9),
                h.getMaxValue());
    }
}
