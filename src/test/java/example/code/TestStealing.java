package example.code;

import dev.vbench.spi.ExecutorProvider;
import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.ParamType;
import dev.vbench.spi.Params;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A custom executor on the test class path (registered in src/test/resources/META-INF/services), so the
 * workload contract test runs every workload on an executor found by ServiceLoader too.
 */
public final class TestStealing implements ExecutorProvider {

    static final ParamSpec<Integer> PARALLELISM = ParamSpec.of("parallelism", "worker threads", "2",
            ParamType.intRange(1, 64));

    @Override
    public String name() {
        return "test-stealing";
    }

    @Override
    public String description() {
        return "Executors.newWorkStealingPool(parallelism), registered by the tests";
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
