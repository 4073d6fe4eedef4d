package dev.vbench.engine;

import dev.vbench.executor.ConfiguredExecutor;
import dev.vbench.result.CellConfig;
import dev.vbench.spi.Params;
import dev.vbench.spi.WorkloadProvider;

/**
 * One point of the matrix before it runs.
 *
 * @param id stable id within the run ({@code c1}, {@code c2} …)
 * @param workload the workload's provider
 * @param params resolved workload parameters
 * @param executor resolved executor strategy
 * @param tasks tasks per trial
 * @param concurrency maximum tasks in flight, 0 = unlimited
 */
public record CellPlan(String id, WorkloadProvider workload, Params params, ConfiguredExecutor executor, long tasks,
        int concurrency) {

    public CellConfig config() {
        return new CellConfig(workload.name(), params.asText(), executor.info(), tasks, concurrency);
    }
}
