package dev.vbench.engine;

import dev.vbench.spi.Task;

/**
 * A task that calls the workload's operation {@code calls} times ({@code --batch}), as JMH's measurement
 * loop does, so the harness's own cost per task (a clock read, the task's slot, the executor's hand-off) is
 * shared by {@code calls} operations. Call {@code k} of task {@code i} gets index {@code i × calls + k}; the
 * values are summed, so every call's result is consumed.
 *
 * <pre>{@code
 * Task t = new BatchedTask(workload.task(), 100); // one task = 100 calls
 * }</pre>
 */
final class BatchedTask implements Task {
    private final Task operation;
    private final int calls;

    BatchedTask(Task operation, int calls) {
        this.operation = operation;
        this.calls = calls;
    }

    @Override
    public long run(long taskIndex) throws Exception {
        Task op = operation;
        long first = taskIndex * calls;
        long sum = 0;
        for (int k = 0; k < calls; k++) {
            sum += op.run(first + k);
        }
        return sum;
    }
}
