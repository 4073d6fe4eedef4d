package dev.vbench.engine;

import dev.vbench.executor.ConfiguredExecutor;
import dev.vbench.jvm.JvmTarget;
import dev.vbench.result.CellConfig;
import dev.vbench.spi.Params;
import dev.vbench.spi.WorkloadProvider;

/**
 * One point of the matrix before it runs, as the planner ({@code dev.vbench.plan.Planner}) made it.
 * Each fact is held once: the task count and concurrency are the load shape's.
 *
 * @param id stable id within the run ({@code c1}, {@code c2} …; {@code EXPERIMENT/cN} in a suite)
 * @param workload the workload's provider
 * @param params resolved workload parameters
 * @param executor resolved executor strategy
 * @param load how the trial offers work: closed count, timed window or open rate
 * @param jvm the JVM (and option set) the cell runs on, in forks started with its {@code java}, when
 *     the run has JVMs as an axis ({@code --jvm}, {@code --jvm-args}); null = this JVM, as before
 * @param batch calls of the workload's operation per task ({@code --batch}); 1 = one
 * @param operationsPerCall operations one call stands for (JMH's {@code @OperationsPerInvocation}); 1 = one
 * @param build the build of the user's code the cell runs ({@code --build}), in forks with its class path;
 *     null = the run's code, as before
 */
public record CellPlan(
        String id,
        WorkloadProvider workload,
        Params params,
        ConfiguredExecutor executor,
        LoadShape load,
        JvmTarget jvm,
        int batch,
        int operationsPerCall,
        Build build) {

    public CellPlan {
        if (load == null) {
            throw new IllegalArgumentException("a cell needs a load shape");
        }
        if (batch < 1 || operationsPerCall < 1) {
            throw new IllegalArgumentException("a cell's batch and operations per call are 1 or more");
        }
    }

    /** A cell of the run's own code. */
    public CellPlan(
            String id,
            WorkloadProvider workload,
            Params params,
            ConfiguredExecutor executor,
            LoadShape load,
            JvmTarget jvm,
            int batch,
            int operationsPerCall) {
        this(id, workload, params, executor, load, jvm, batch, operationsPerCall, null);
    }

    /** A cell with one call per task, on {@code jvm}. */
    public CellPlan(
            String id,
            WorkloadProvider workload,
            Params params,
            ConfiguredExecutor executor,
            LoadShape load,
            JvmTarget jvm) {
        this(id, workload, params, executor, load, jvm, 1, 1);
    }

    /** This cell with {@code calls} calls per task, each standing for {@code operations} operations. */
    public CellPlan batched(int calls, int operations) {
        return new CellPlan(id, workload, params, executor, load, jvm, calls, operations, build);
    }

    /** A cell that runs on the JVM vbench runs on (or its forks). */
    public CellPlan(String id, WorkloadProvider workload, Params params, ConfiguredExecutor executor, LoadShape load) {
        this(id, workload, params, executor, load, null);
    }

    /** This cell with another executor (the same strategy with {@code --fanout} set, say). */
    public CellPlan withExecutor(ConfiguredExecutor other) {
        return new CellPlan(id, workload, params, other, load, jvm, batch, operationsPerCall);
    }

    /** This cell on the JVM target {@code target}. */
    public CellPlan onJvm(String newId, JvmTarget target) {
        return new CellPlan(newId, workload, params, executor, load, target, batch, operationsPerCall, build);
    }

    /** This cell as the build {@code b}'s. */
    public CellPlan onBuild(String newId, Build b) {
        return new CellPlan(newId, workload, params, executor, load, jvm, batch, operationsPerCall, b);
    }

    /** Whether the cell runs in forks of its own whatever {@code --forks} says: on another JVM, or a build's class path. */
    public boolean forksAlways() {
        return jvm != null || build != null && build.forks();
    }

    /** A closed-model cell: {@code tasks} tasks, at most {@code concurrency} in flight (0 = unlimited). */
    public CellPlan(
            String id,
            WorkloadProvider workload,
            Params params,
            ConfiguredExecutor executor,
            long tasks,
            int concurrency) {
        this(id, workload, params, executor, new LoadShape.Closed(tasks, concurrency));
    }

    /** Tasks per trial ({@code load.tasks()}; 0 for a timed trial). */
    public long tasks() {
        return load.tasks();
    }

    /** Maximum tasks in flight, 0 = unlimited ({@code load.concurrency()}). */
    public int concurrency() {
        return load.concurrency();
    }

    /** What the result records about this cell, and what {@code compare} and history match cells on. */
    public CellConfig config() {
        CellConfig config = new CellConfig(
                        workload.name(),
                        params.asText(),
                        executor.info(),
                        load.tasks(),
                        load.concurrency(),
                        load.durationNanos(),
                        load.ratePerSecond(),
                        load.timeoutNanos())
                .withBatch(batch, operationsPerCall);
        config = jvm == null ? config : config.withJvm(jvm.label());
        return build == null ? config : config.withBuild(build.label());
    }
}
