package dev.vbench.engine;

/**
 * The open model's schedule (wrk2, docs/statistics.md rule 10): task {@code i} is due at
 * t₀ + i / rate, independent of when earlier tasks finished. Latency measured from that intended
 * start includes any time the task spent waiting because the system (or the load generator) was
 * behind, which is the coordinated-omission correction.
 *
 * <pre>{@code
 * RateSchedule s = new RateSchedule(1000);   // 1000 tasks/s
 * s.offsetNanos(3);                          // 3_000_000: task 3 is due 3 ms after t0
 * }</pre>
 */
public final class RateSchedule {

    private final double periodNanos;

    public RateSchedule(double ratePerSecond) {
        if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond)) {
            throw new IllegalArgumentException("rate must be positive and finite: " + ratePerSecond);
        }
        this.periodNanos = 1e9 / ratePerSecond;
    }

    /** Nanoseconds between intended starts (1e9 / rate). */
    public double periodNanos() {
        return periodNanos;
    }

    /** Intended start of task {@code index} relative to t₀: round(index × 1e9 / rate). */
    public long offsetNanos(long index) {
        return Math.round(index * periodNanos);
    }

    /**
     * Achieved submission rate: {@code submitted} tasks over the time from t₀ to the last actual
     * submit plus one period, so a submitter exactly on schedule achieves the target rate (n tasks
     * span (n − 1) periods from first to last). Dropped tasks are not submitted and lower it, as
     * does a submitter that fell behind.
     *
     * @return tasks per second; 0 when nothing was submitted
     */
    public double achievedRate(long submitted, long t0Nanos, long lastSubmitNanos) {
        if (submitted == 0) {
            return 0;
        }
        double span = Math.max(0, lastSubmitNanos - t0Nanos) + periodNanos;
        return submitted / (span / 1e9);
    }
}
