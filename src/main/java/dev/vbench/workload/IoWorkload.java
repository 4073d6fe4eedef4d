package dev.vbench.workload;

import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.ParamType;
import dev.vbench.spi.Params;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import java.time.Duration;
import java.util.List;

/**
 * Simulated blocking I/O (seed 004): each task sleeps for {@code duration}. On a fixed pool of T
 * threads, N tasks take ⌈N/T⌉ × duration; on virtual threads about one duration.
 */
public final class IoWorkload implements WorkloadProvider {

    static final ParamSpec<Duration> DURATION = ParamSpec.of(
            "duration",
            "time each task blocks in Thread.sleep",
            "200ms",
            ParamType.duration(Duration.ZERO, Duration.ofMinutes(10)));

    @Override
    public String name() {
        return "io";
    }

    @Override
    public String description() {
        return "Thread.sleep(duration): simulated blocking I/O (seed 004)";
    }

    @Override
    public List<ParamSpec<?>> params() {
        return List.of(DURATION);
    }

    @Override
    public Workload create(Params params) {
        Duration d = params.get(DURATION);
        long millis = d.toMillis();
        int nanos = (int) (d.toNanos() % 1_000_000);
        Task task = index -> {
            Thread.sleep(millis, nanos);
            return index;
        };
        return new Workload() {
            @Override
            public Task task() {
                return task;
            }

            /** Runs the timed task and checks that it blocked for at least {@code duration} and returned its index. */
            @Override
            public String verify() throws Exception {
                long index = 7;
                long start = System.nanoTime();
                long returned = task.run(index);
                long elapsedNanos = System.nanoTime() - start;
                if (returned != index) {
                    throw new AssertionError("task(" + index + ") returned " + returned);
                }
                if (elapsedNanos < d.toNanos()) {
                    throw new AssertionError(
                            "task slept " + elapsedNanos + " ns, less than duration " + d.toNanos() + " ns");
                }
                return "task(" + index + ") blocked " + elapsedNanos / 1_000 + " us >= duration " + d.toNanos() / 1_000
                        + " us and returned its index";
            }
        };
    }
}
