package dev.vbench.result;

import java.util.Map;
import java.util.TreeMap;

/**
 * The full configuration of one cell: what {@code compare} matches cells on.
 *
 * @param workload workload name
 * @param params every workload parameter as text (defaults included), sorted by name
 * @param executor the executor strategy and how it was configured
 * @param tasks tasks per trial
 * @param concurrency maximum tasks in flight; 0 = unlimited (everything submitted at once)
 */
public record CellConfig(String workload, Map<String, String> params, ExecutorInfo executor, long tasks, int concurrency) {

    public CellConfig {
        params = java.util.Collections.unmodifiableMap(new TreeMap<>(params));
    }

    /** Human-readable label, e.g. {@code io duration=200ms | virtual | tasks=10000}. */
    public String label() {
        StringBuilder sb = new StringBuilder(workload);
        params.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        sb.append(" | ").append(executor.spec()).append(" | tasks=").append(tasks);
        if (concurrency > 0) {
            sb.append(" concurrency=").append(concurrency);
        }
        return sb.toString();
    }
}
