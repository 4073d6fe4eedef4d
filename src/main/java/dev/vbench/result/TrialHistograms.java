package dev.vbench.result;

/**
 * The three latency components of a trial as HdrHistogram V2 compressed, base64-encoded
 * histograms (nanoseconds, 3 significant digits). Decode with
 * {@link dev.vbench.measure.Histograms#decode(String)}; any percentile can be recomputed and
 * histograms of several trials merged exactly.
 *
 * @param queueWait submit → task start (time waiting for a thread or a permit)
 * @param service task start → task end (the operation itself)
 * @param endToEnd submit → task end
 */
public record TrialHistograms(String queueWait, String service, String endToEnd) {}
