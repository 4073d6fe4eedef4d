package dev.vbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The latency components of a trial as HdrHistogram V2 compressed, base64-encoded histograms
 * (nanoseconds, 3 significant digits). Decode with
 * {@link dev.vbench.measure.Histograms#decode(String)}; any percentile can be recomputed and
 * histograms of several trials merged exactly.
 *
 * @param queueWait submit → task start (time waiting for a thread or a permit)
 * @param service task start → task end (the operation itself)
 * @param endToEnd submit → task end; in an open-model trial this is the uncorrected latency
 * @param intendedEndToEnd open model ({@code --rate}) only: intended start (t₀ + i/rate) → task
 *     end, the coordinated-omission corrected latency (wrk2); null and omitted otherwise
 */
public record TrialHistograms(
        String queueWait,
        String service,
        String endToEnd,
        @JsonInclude(JsonInclude.Include.NON_NULL) String intendedEndToEnd) {

    /** A closed-model trial's histograms. */
    public TrialHistograms(String queueWait, String service, String endToEnd) {
        this(queueWait, service, endToEnd, null);
    }

    /**
     * The histogram one of these fields encodes (base64 of HdrHistogram's V2 compressed format).
     *
     * @throws IllegalArgumentException when {@code base64} is not an encoded HdrHistogram
     */
    public static Histogram decode(String base64) {
        try {
            byte[] bytes = Base64.getDecoder().decode(base64);
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not an encoded HdrHistogram: " + e.getMessage(), e);
        }
    }

    /** The mean service time (task start → end) in ns; NaN when not recorded, empty or not decodable. */
    public double serviceMeanNanos() {
        if (service == null || service.isEmpty()) {
            return Double.NaN;
        }
        try {
            Histogram h = decode(service);
            return h.getTotalCount() == 0 ? Double.NaN : h.getMean();
        } catch (IllegalArgumentException e) {
            return Double.NaN;
        }
    }
}
