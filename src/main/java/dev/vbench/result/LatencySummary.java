package dev.vbench.result;

/**
 * Percentiles of one latency histogram, in nanoseconds, as HdrHistogram reports them (the highest
 * value equivalent to the bucket the percentile falls in, 3 significant digits).
 */
public record LatencySummary(
        long count,
        double meanNanos,
        long minNanos,
        long p50Nanos,
        long p90Nanos,
        long p99Nanos,
        long p999Nanos,
        long maxNanos) {}
