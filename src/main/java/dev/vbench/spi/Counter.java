package dev.vbench.spi;

/**
 * A count a workload keeps beside its timed operation during one trial (JMH's {@code @AuxCounters}): cache hits,
 * retries, bytes written. The engine reads them after each measured trial ({@link Workload#counters()}), outside
 * the timed region, and the result reports them per cell beside the timed figures: an {@link Kind#OPERATIONS}
 * counter per second of the trial's makespan (as throughput), an {@link Kind#EVENTS} counter as the trial's count.
 *
 * <pre>{@code
 * @Override
 * public List<Counter> counters() {
 *     return List.of(new Counter("hits", Counter.Kind.OPERATIONS, hits.sumThenReset()),
 *             new Counter("evictions", Counter.Kind.EVENTS, evictions.sumThenReset()));
 * }
 * }</pre>
 *
 * @param name the counter's name, unique within the workload (a JMH counter's field or method name)
 * @param kind how it reads: per second of the trial, or as a count
 * @param value what it counted during the trial
 */
public record Counter(String name, Kind kind, double value) {

    /** How a counter reads, as JMH's {@code AuxCounters.Type}. */
    public enum Kind {
        /** Things done, like the operation itself: reported per second of the trial's makespan. */
        OPERATIONS,
        /** One-off events: reported as the trial's count. */
        EVENTS
    }

    public Counter {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a counter needs a name");
        }
        if (kind == null) {
            throw new IllegalArgumentException("counter " + name + " needs a kind (OPERATIONS or EVENTS)");
        }
    }
}
