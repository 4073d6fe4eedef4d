package dev.vbench.result;

/**
 * What a workload counted beside its operation during one measured trial (JMH's {@code @AuxCounters};
 * {@link dev.vbench.spi.Counter}), as the result records it.
 *
 * @param name the counter's name
 * @param kind {@value #OPERATIONS} (read per second of the trial's makespan, as throughput) or {@value #EVENTS}
 *     (read as the trial's count)
 * @param count what it counted during the trial
 */
public record TrialCounter(String name, String kind, double count) {

    public static final String OPERATIONS = "operations";
    public static final String EVENTS = "events";

    /** The figure a table shows for the trial: per second of {@code makespanNanos} for operations, else the count. */
    public double value(long makespanNanos) {
        return OPERATIONS.equals(kind) ? (makespanNanos <= 0 ? Double.NaN : count * 1e9 / makespanNanos) : count;
    }

    /** The unit of {@link #value}: {@code ops/s} or {@code #} (JMH's unit for events). */
    public String unit() {
        return OPERATIONS.equals(kind) ? "ops/s" : "#";
    }
}
