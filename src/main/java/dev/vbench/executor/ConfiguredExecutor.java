package dev.vbench.executor;

import dev.vbench.result.ExecutorInfo;
import dev.vbench.spi.Params;
import java.util.concurrent.ExecutorService;

/** A strategy with its parameters resolved: what a cell holds. */
public record ConfiguredExecutor(ExecutorStrategy strategy, Params params) {

    public ExecutorService create() {
        return strategy.create(params);
    }

    public ExecutorInfo info() {
        return strategy.describe(params);
    }

    /** Canonical spec, e.g. {@code fixed:threads=200}. */
    public String spec() {
        return info().spec();
    }
}
