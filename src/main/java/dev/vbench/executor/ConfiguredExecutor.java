package dev.vbench.executor;

import dev.vbench.result.ExecutorInfo;
import dev.vbench.spi.Params;
import dev.vbench.spi.Task;
import java.util.concurrent.ExecutorService;

/** A strategy with its parameters resolved: what a cell holds. */
public record ConfiguredExecutor(ExecutorStrategy strategy, Params params) {

    public ExecutorService create() {
        return strategy.create(params);
    }

    public ExecutorInfo info() {
        return strategy.describe(params);
    }

    /** Canonical spec, e.g. {@code fixed:threads=200}. */
    public String spec() {
        return info().spec();
    }

    /** What the JVM of its trials must be started with ({@link ExecutorStrategy#jvmNeeds}). */
    public JvmNeeds jvmNeeds() {
        return strategy.jvmNeeds(params);
    }

    /** Subtasks each task runs the operation as ({@link ExecutorStrategy#subtasks}); 0 = the operation itself. */
    public int subtasks() {
        return strategy.subtasks(params);
    }

    /** The task a trial submits, made from the workload's operation ({@link ExecutorStrategy#task}). */
    public Task task(Task operation) {
        return strategy.task(operation, params);
    }
}
