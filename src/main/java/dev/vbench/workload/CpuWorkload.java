package dev.vbench.workload;

import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.ParamType;
import dev.vbench.spi.Params;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import java.util.List;
import java.util.OptionalLong;

/**
 * CPU-bound work (seed 004): the Leibniz series for π over {@code iterations} terms. The sum is
 * returned (as its bits) so the loop cannot be removed.
 */
public final class CpuWorkload implements WorkloadProvider {

    static final ParamSpec<Long> ITERATIONS = ParamSpec.of(
            "iterations", "terms of the Leibniz series per task", "20000000", ParamType.longRange(1, 100_000_000_000L));

    /** Default tasks: the seed ran 10,000 tasks on 16 cores; 200 keeps a default run short on 2 cores. */
    static final long DEFAULT_TASKS = 200;

    @Override
    public String name() {
        return "cpu";
    }

    @Override
    public String description() {
        return "Leibniz pi over 'iterations' terms: CPU-bound work (seed 004)";
    }

    @Override
    public String notes() {
        return "The seed ran 10,000 tasks of 20,000,000 iterations on 16 cores (about 23 s). The default task count"
                + " here is " + DEFAULT_TASKS + " so a default run stays short on small machines; pass --tasks 10000"
                + " to reproduce the seed's size.";
    }

    @Override
    public OptionalLong defaultTasks(Params params) {
        return OptionalLong.of(DEFAULT_TASKS);
    }

    @Override
    public List<ParamSpec<?>> params() {
        return List.of(ITERATIONS);
    }

    @Override
    public Workload create(Params params) {
        long iterations = params.get(ITERATIONS);
        Task task = index -> Double.doubleToRawLongBits(leibniz(iterations));
        return new Workload() {
            @Override
            public Task task() {
                return task;
            }

            /** Runs the timed task itself and checks the π estimate it returns (as raw double bits). */
            @Override
            public String verify() throws Exception {
                double pi = 4 * Double.longBitsToDouble(task.run(0));
                double error = Math.abs(pi - Math.PI);
                // The Leibniz remainder is below 1/(2n+1) in absolute value for the series sum (×4 for pi).
                double bound = 4.0 / (2.0 * iterations + 1) + 1e-9;
                if (!(error <= bound)) {
                    throw new AssertionError("the task's pi estimate " + pi + " is off by " + error + " > " + bound);
                }
                return "the task returned 4 x sum = " + pi + " (within " + bound + " of pi)";
            }
        };
    }

    /** Σ (−1)^k / (2k + 1) for k in [0, iterations). */
    static double leibniz(long iterations) {
        double sum = 0;
        for (long k = 0; k < iterations; k++) {
            sum += (k % 2 == 0 ? 1.0 : -1.0) / (2 * k + 1);
        }
        return sum;
    }
}
