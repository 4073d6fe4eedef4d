package dev.vbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The virtual-thread scheduler in effect during a trial on virtual threads.
 *
 * @param parallelism target parallelism (carrier threads meant to run at once)
 * @param maxPoolSize most carrier threads the scheduler may start (it grows past parallelism to compensate for pinning)
 * @param minRunnable carriers kept runnable when others are blocked
 * @param poolSizeAfter carrier threads alive right after the trial, -1 when the JDK does not say (before JDK 24)
 * @param properties the scheduler's system properties that were set ({@code jdk.virtualThreadScheduler.*},
 *     {@code jdk.pollerMode}), by name
 * @param source where {@code parallelism} and {@code poolSizeAfter} were read: {@code mxbean} (JDK 24+),
 *     {@code carrier-pool} (the scheduler's ForkJoinPool, JDK 21–23) or {@code properties} (computed from the
 *     properties as the JDK does); null in files written before it was recorded
 * @param load what the scheduler did during the trial (mounted and queued virtual threads); null when not sampled
 */
public record SchedulerInfo(
        int parallelism,
        int maxPoolSize,
        int minRunnable,
        int poolSizeAfter,
        Map<String, String> properties,
        @JsonInclude(JsonInclude.Include.NON_NULL) String source,
        @JsonInclude(JsonInclude.Include.NON_NULL) SchedulerLoad load) {

    public SchedulerInfo {
        properties = properties == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(properties));
    }

    /** Settings as first recorded: no source, no load. */
    public SchedulerInfo(
            int parallelism, int maxPoolSize, int minRunnable, int poolSizeAfter, Map<String, String> properties) {
        this(parallelism, maxPoolSize, minRunnable, poolSizeAfter, properties, null, null);
    }

    /** This with what the scheduler did during the trial. */
    public SchedulerInfo withLoad(SchedulerLoad sampled) {
        return new SchedulerInfo(parallelism, maxPoolSize, minRunnable, poolSizeAfter, properties, source, sampled);
    }
}
