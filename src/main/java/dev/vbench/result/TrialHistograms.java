package dev.vbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

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
public record TrialHistograms(String queueWait, String service, String endToEnd,
        @JsonInclude(JsonInclude.Include.NON_NULL) String intendedEndToEnd) {

    /** A closed-model trial's histograms. */
    public TrialHistograms(String queueWait, String service, String endToEnd) {
        this(queueWait, service, endToEnd, null);
    }
}
