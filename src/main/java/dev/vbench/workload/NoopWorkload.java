package dev.vbench.workload;

import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.Params;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import java.util.List;

/** Does nothing but return its index: measures the harness's and the executor's own per-task cost. */
public final class NoopWorkload implements WorkloadProvider {

    @Override
    public String name() {
        return "noop";
    }

    @Override
    public String description() {
        return "empty task: the harness and executor floor";
    }

    @Override
    public List<ParamSpec<?>> params() {
        return List.of();
    }

    @Override
    public Workload create(Params params) {
        Task task = index -> index;
        return new Workload() {
            @Override
            public Task task() {
                return task;
            }

            /** The task does no work, so what it must do is return its index (the value the engine consumes). */
            @Override
            public String verify() throws Exception {
                for (long index : new long[] {0, 1, 123_456_789_012L}) {
                    long returned = task.run(index);
                    if (returned != index) {
                        throw new AssertionError("task(" + index + ") returned " + returned);
                    }
                }
                return "task(i) returns i for i = 0, 1, 123456789012";
            }
        };
    }
}
