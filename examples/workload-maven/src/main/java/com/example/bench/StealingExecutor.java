package com.example.bench;

import dev.vbench.spi.ExecutorProvider;
import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.ParamType;
import dev.vbench.spi.Params;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * {@code -e stealing[:parallelism=N]}: {@link Executors#newWorkStealingPool(int)}, a ForkJoinPool in
 * asynchronous (FIFO) mode. Registered in {@code META-INF/services/dev.vbench.spi.ExecutorProvider}.
 */
public final class StealingExecutor implements ExecutorProvider {

    static final ParamSpec<Integer> PARALLELISM = ParamSpec.of("parallelism", "worker threads",
            String.valueOf(Runtime.getRuntime().availableProcessors()), ParamType.intRange(1, 32_767));

    @Override
    public String name() {
        return "stealing";
    }

    @Override
    public String description() {
        return "Executors.newWorkStealingPool(parallelism): FIFO ForkJoinPool (example executor from examples/workload-maven)";
    }

    @Override
    public List<ParamSpec<?>> params() {
        return List.of(PARALLELISM);
    }

    @Override
    public ExecutorService create(Params params) {
        return Executors.newWorkStealingPool(params.get(PARALLELISM));
    }

    @Override
    public OptionalInt poolSize(Params params) {
        return OptionalInt.of(params.get(PARALLELISM));
    }
}
