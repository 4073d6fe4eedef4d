package dev.vbench.executor;

import dev.vbench.spi.Task;

/**
 * A task made of {@code calls} calls of the workload's operation. Call {@code k} of task {@code i} gets index
 * {@code i × calls + k} ({@link #firstCall}), so every call of a trial has an index of its own, and the task
 * returns the sum of the calls' values, so every call's result is consumed. How the calls run is the
 * subclass's: one after another in the task ({@code --batch}), each on a virtual thread of its own
 * ({@code fanout}), or as subtasks of a {@code StructuredTaskScope}.
 *
 * <pre>{@code
 * final class Twice extends OperationCalls {
 *     Twice(Task operation) { super(operation, 2); }
 *     public long run(long i) throws Exception {
 *         return operation.run(firstCall(i)) + operation.run(firstCall(i) + 1);
 *     }
 * }
 * }</pre>
 */
public abstract class OperationCalls implements Task {

    /** The workload's operation. */
    protected final Task operation;
    /** Calls of it per task, at least 1. */
    protected final int calls;

    protected OperationCalls(Task operation, int calls) {
        this.operation = operation;
        this.calls = calls;
    }

    /** The index of the first call of task {@code taskIndex}; its call {@code k} gets this + k. */
    protected final long firstCall(long taskIndex) {
        return taskIndex * calls;
    }
}
