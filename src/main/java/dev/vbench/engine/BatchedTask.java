package dev.vbench.engine;

import dev.vbench.executor.OperationCalls;
import dev.vbench.spi.Task;

/**
 * A task that calls the workload's operation {@code calls} times ({@code --batch}), as JMH's measurement
 * loop does, so the harness's own cost per task (a clock read, the task's slot, the executor's hand-off) is
 * shared by {@code calls} operations, called one after another; indexes and the sum are {@link OperationCalls}'.
 *
 * <pre>{@code
 * Task t = new BatchedTask(workload.task(), 100); // one task = 100 calls
 * }</pre>
 */
final class BatchedTask extends OperationCalls {

    BatchedTask(Task operation, int calls) {
        super(operation, calls);
    }

    @Override
    public long run(long taskIndex) throws Exception {
        Task op = operation;
        long first = firstCall(taskIndex);
        long sum = 0;
        for (int k = 0; k < calls; k++) {
            sum += op.run(first + k);
        }
        return sum;
    }
}
