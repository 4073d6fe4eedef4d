package dev.vbench.executor;

import dev.vbench.spi.Task;

/**
 * A task that fans out to {@code subtasks} calls of the operation, each on a virtual thread of its own,
 * and joins them: the unstructured way ({@code Thread.ofVirtual().start} and {@code join}) that the
 * {@code structured} executor does with a {@code StructuredTaskScope}. Indexes and the sum are
 * {@link OperationCalls}'; the first failure (in subtask order) is the task's. Starting and joining the threads is part of the task: it is what fanning out costs.
 *
 * <pre>{@code
 * Task t = new VirtualFanout(workload.task(), 10); // one task = 10 concurrent calls
 * }</pre>
 */
final class VirtualFanout extends OperationCalls {

    VirtualFanout(Task operation, int subtasks) {
        super(operation, subtasks);
    }

    @Override
    public long run(long taskIndex) throws Exception {
        int n = calls;
        Task op = operation;
        long first = firstCall(taskIndex);
        long[] values = new long[n];
        Throwable[] failures = new Throwable[n];
        Thread[] threads = new Thread[n];
        for (int k = 0; k < n; k++) {
            int sub = k;
            threads[k] = Thread.ofVirtual().start(() -> {
                try {
                    values[sub] = op.run(first + sub);
                } catch (Throwable e) {
                    failures[sub] = e;
                }
            });
        }
        try {
            for (Thread t : threads) {
                t.join();
            }
        } catch (InterruptedException e) {
            for (Thread t : threads) {
                t.interrupt();
            }
            throw e;
        }
        long sum = 0;
        for (int k = 0; k < n; k++) {
            if (failures[k] != null) {
                throw StructuredFanout.asException(failures[k]);
            }
            sum += values[k];
        }
        return sum;
    }
}
