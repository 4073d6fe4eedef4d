package dev.vbench.executor;

import dev.vbench.result.ExecutorInfo;
import dev.vbench.spi.ExecutorProvider;
import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.Params;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;

/** An {@link ExecutorProvider} found on the class path, seen as a strategy like the built-ins. */
public record ProvidedStrategy(ExecutorProvider provider) implements ExecutorStrategy {

    @Override
    public String name() {
        return provider.name();
    }

    @Override
    public String description() {
        return provider.description();
    }

    @Override
    public List<ParamSpec<?>> params() {
        return provider.params();
    }

    @Override
    public ExecutorService create(Params params) {
        return provider.create(params);
    }

    @Override
    public ExecutorInfo describe(Params params) {
        ExecutorProvider.ThreadKind kind = provider.threadKind(params);
        var pool = provider.poolSize(params);
        return new ExecutorInfo(
                ExecutorStrategies.spec(name(), params, params()),
                name(),
                params.asText(),
                kind.name().toLowerCase(Locale.ROOT),
                pool.isPresent() ? pool.getAsInt() : null,
                null,
                kind == ExecutorProvider.ThreadKind.VIRTUAL ? ExecutorStrategies.carrierParallelism() : null);
    }
}
