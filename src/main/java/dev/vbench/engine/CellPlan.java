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
 * @param tasks tasks per trial ({@code load.tasks()}; 0 for a timed trial)
 * @param concurrency maximum tasks in flight, 0 = unlimited ({@code load.concurrency()})
 * @param load how the trial offers work: closed count, timed window or open rate
 */
public record CellPlan(String id, WorkloadProvider workload, Params params, ConfiguredExecutor executor, long tasks,
        int concurrency, LoadShape load) {

    public CellPlan {
        if (load == null) {
            load = new LoadShape.Closed(tasks, concurrency);
        }
        if (load.tasks() != tasks || load.concurrency() != concurrency) {
            throw new IllegalArgumentException("tasks/concurrency " + tasks + "/" + concurrency
                    + " disagree with the load shape " + load);
        }
    }

    /** A closed-model cell: {@code tasks} tasks, at most {@code concurrency} in flight (0 = unlimited). */
    public CellPlan(String id, WorkloadProvider workload, Params params, ConfiguredExecutor executor, long tasks,
            int concurrency) {
        this(id, workload, params, executor, tasks, concurrency, new LoadShape.Closed(tasks, concurrency));
    }

    /** A cell with any load shape. */
    public CellPlan(String id, WorkloadProvider workload, Params params, ConfiguredExecutor executor, LoadShape load) {
        this(id, workload, params, executor, load.tasks(), load.concurrency(), load);
    }

    public CellConfig config() {
        return new CellConfig(workload.name(), params.asText(), executor.info(), tasks, concurrency,
                load.durationNanos(), load.ratePerSecond(), load.timeoutNanos());
    }
}
