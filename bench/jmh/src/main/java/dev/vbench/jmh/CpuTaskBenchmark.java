package dev.vbench.jmh;

import dev.vbench.spi.Params;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * JMH's AverageTime of the task vbench's {@code cpu} workload runs: the provider is found the way vbench
 * finds it (the {@code WorkloadProvider} services of vbench's jar, by name), its parameters resolved by
 * vbench's own {@code Params}, and each invocation calls {@code Task.run(index)} with a growing index,
 * as vbench does; the returned value goes to JMH's blackhole (vbench sums it into its sink).
 * Warmup, measurement and forks are set on the command line by {@code bench/agreement.sh}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CpuTaskBenchmark {

    /** The cpu workload's {@code iterations} (terms of the Leibniz series per task). */
    @Param("20000000")
    public String iterations;

    private Workload workload;
    private Task task;
    private long index;

    @Setup(Level.Trial)
    public void create() throws Exception {
        WorkloadProvider provider = ServiceLoader.load(WorkloadProvider.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(p -> p.name().equals("cpu"))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("vbench's jar is not on the class path (no 'cpu' workload)"));
        workload = provider.create(Params.resolve("cpu", provider.params(), Map.of("iterations", iterations)));
        workload.beforeTrial();
        task = workload.task();
    }

    @Benchmark
    public long cpuTask() throws Exception {
        return task.run(index++);
    }

    @TearDown(Level.Trial)
    public void close() throws Exception {
        workload.close();
    }
}
