package dev.vbench.executor;

import dev.vbench.result.ExecutorInfo;
import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.Params;
import dev.vbench.spi.Task;
import java.util.List;
import java.util.concurrent.ExecutorService;

/**
 * A way of running tasks on threads. Stateless: {@link #create} makes a fresh executor for every
 * trial, which the engine shuts down and awaits at the end of the trial.
 *
 * <pre>{@code
 * ExecutorStrategy fixed = ExecutorStrategies.byName("fixed");
 * Params p = Params.resolve("fixed", fixed.params(), Map.of("threads", "200"));
 * try (ExecutorService pool = fixed.create(p)) { ... }
 * }</pre>
 */
public interface ExecutorStrategy {

    /** Name used in specs ({@code -e fixed:threads=200}). */
    String name();

    /** One line for {@code vbench list}. */
    String description();

    /** Parameters ({@code threads}, {@code permits}, {@code parallelism}); may be empty. */
    List<ParamSpec<?>> params();

    /** A fresh executor for one trial. */
    ExecutorService create(Params params);

    /** How this strategy is configured with {@code params}, for the result file. */
    ExecutorInfo describe(Params params);

    /**
     * What the JVM running the trials must be started with for {@code params} (scheduler properties,
     * preview APIs); the planner runs such a cell in forks. Default: nothing.
     *
     * @throws IllegalArgumentException for parameters the JVM would not honour as given
     */
    default JvmNeeds jvmNeeds(Params params) {
        return JvmNeeds.NONE;
    }

    /**
     * How many subtasks {@link #task} runs the operation as in each task: 0 (the default) when it runs the
     * operation itself, on the task's own thread.
     */
    default int subtasks(Params params) {
        return 0;
    }

    /**
     * The task each trial submits, made from the workload's operation: the operation itself (the
     * default), or a task that runs it as subtasks ({@code fanout}, a structured scope). Called once
     * per trial, outside the timed region.
     */
    default Task task(Task operation, Params params) {
        return operation;
    }
}
