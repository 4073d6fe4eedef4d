package dev.vbench.executor;

import dev.vbench.result.ExecutorInfo;
import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.Params;
import java.util.List;
import java.util.concurrent.ExecutorService;

/**
 * A way of running tasks on threads. Stateless: {@link #create} makes a fresh executor for every
 * trial, which the engine shuts down and awaits at the end of the trial.
 *
 * <pre>{@code
 * ExecutorStrategy fixed = ExecutorStrategies.byName("fixed");
 * Params p = Params.resolve("fixed", fixed.params(), Map.of("threads", "200"));
 * try (ExecutorService pool = fixed.create(p)) { ... }
 * }</pre>
 */
public interface ExecutorStrategy {

    /** Name used in specs ({@code -e fixed:threads=200}). */
    String name();

    /** One line for {@code vbench list}. */
    String description();

    /** Parameters ({@code threads}, {@code permits}, {@code parallelism}); may be empty. */
    List<ParamSpec<?>> params();

    /** A fresh executor for one trial. */
    ExecutorService create(Params params);

    /** How this strategy is configured with {@code params}, for the result file. */
    ExecutorInfo describe(Params params);
}
