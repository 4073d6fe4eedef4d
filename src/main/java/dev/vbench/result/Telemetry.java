package dev.vbench.result;

/**
 * JVM counters sampled before and after a trial (never on the task path).
 *
 * @param processCpuNanos CPU time of the whole vbench process during the trial
 * @param gcCount collections during the trial, all collectors
 * @param gcTimeMillis accumulated collection time during the trial, all collectors
 * @param allocatedBytes bytes allocated by all threads during the trial, or -1 when unknown
 * @param peakThreads peak live platform threads during the trial, or -1 when unknown
 * @param pinnedEvents JFR {@code jdk.VirtualThreadPinned} events during the trial, or -1 when not recorded
 */
public record Telemetry(
        long processCpuNanos,
        long gcCount,
        long gcTimeMillis,
        long allocatedBytes,
        int peakThreads,
        long pinnedEvents) {

    public static final Telemetry NONE = new Telemetry(-1, -1, -1, -1, -1, -1);
}
