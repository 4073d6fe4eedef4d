package dev.vbench.result;

import java.util.Map;
import java.util.TreeMap;

/**
 * The virtual-thread scheduler in effect during a trial on virtual threads.
 *
 * @param parallelism target parallelism (carrier threads meant to run at once)
 * @param maxPoolSize most carrier threads the scheduler may start (it grows past parallelism to compensate for pinning)
 * @param minRunnable carriers kept runnable when others are blocked
 * @param poolSizeAfter carrier threads alive right after the trial, -1 when the JDK does not say (before JDK 24)
 * @param properties the {@code jdk.virtualThreadScheduler.*} system properties that were set, by name
 */
public record SchedulerInfo(int parallelism, int maxPoolSize, int minRunnable, int poolSizeAfter,
        Map<String, String> properties) {

    public SchedulerInfo {
        properties = properties == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(properties));
    }
}
