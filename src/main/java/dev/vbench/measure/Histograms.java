package dev.vbench.measure;

import dev.vbench.result.LatencySummary;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
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
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    /**
     * The histogram {@link #encode} wrote.
     *
     * @throws NotAHistogram for text that is not one (not base64, a payload shorter or longer than its header
     *     says, bytes that do not inflate): a hand-edited or damaged result file; never another exception
     */
    public static Histogram decode(String base64) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new NotAHistogram(base64, "not base64");
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        if (bytes.length < 2 * Integer.BYTES) {
            throw new NotAHistogram(base64, "shorter than a histogram's header");
        }
        int payload = buffer.getInt(Integer.BYTES); // after the cookie: the length of the compressed counts
        if (payload < 0 || payload != bytes.length - 2 * Integer.BYTES) {
            throw new NotAHistogram(
                    base64,
                    "its header says " + payload + " bytes of counts, it holds " + (bytes.length - 2 * Integer.BYTES));
        }
        try {
            return Histogram.decodeFromCompressedByteBuffer(buffer, 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new NotAHistogram(
                    base64, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    /**
     * Text that {@link #decode} cannot read as a histogram. It keeps the text, so that whoever read it from
     * a file can say which field held it ({@code dev.vbench.result.ResultFields#histogramPath}).
     */
    public static final class NotAHistogram extends IllegalArgumentException {
        private final transient String encoded;

        NotAHistogram(String encoded, String why) {
            super("not an encoded HdrHistogram (" + why + ")");
            this.encoded = encoded;
        }

        /** The text that is not a histogram. */
        public String encoded() {
            return encoded;
        }
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
