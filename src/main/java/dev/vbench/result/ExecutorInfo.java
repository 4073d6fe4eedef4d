package dev.vbench.result;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * How an executor strategy was configured, recorded with every cell (JMH does not record this).
 *
 * @param spec canonical spec as written on the command line, e.g. {@code fixed:threads=200}
 * @param kind strategy name, e.g. {@code fixed}
 * @param params strategy parameters as text, defaults included
 * @param threadKind {@code platform}, {@code virtual} or {@code caller}
 * @param poolSize platform threads in the pool, or null when threads are made per task
 * @param permits semaphore permits of {@code bounded-virtual}, else null
 * @param carrierParallelism virtual-thread scheduler parallelism in effect, for virtual kinds, else null
 */
public record ExecutorInfo(
        String spec,
        String kind,
        Map<String, String> params,
        String threadKind,
        Integer poolSize,
        Integer permits,
        Integer carrierParallelism) {

    public ExecutorInfo {
        params = Collections.unmodifiableMap(new TreeMap<>(params));
    }
}
