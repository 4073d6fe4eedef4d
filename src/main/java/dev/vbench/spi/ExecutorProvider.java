package dev.vbench.spi;

import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;

/**
 * An executor strategy from outside vbench (a custom virtual-thread scheduler, a work-stealing pool
 * with other settings, an event loop), registered in
 * {@code META-INF/services/dev.vbench.spi.ExecutorProvider} of a jar or directory on
 * {@code --classpath}. It is then used like a built-in: {@code -e NAME[:key=value,…]}. A name that
 * another strategy (built-in or found on the class path) already has is an error (exit 2).
 *
 * <pre>{@code
 * public final class StealingProvider implements ExecutorProvider {
 *     static final ParamSpec<Integer> PARALLELISM = ParamSpec.of("parallelism", "worker threads",
 *             "4", ParamType.intRange(1, 1024));
 *     public String name() { return "stealing"; }
 *     public String description() { return "Executors.newWorkStealingPool(parallelism)"; }
 *     public List<ParamSpec<?>> params() { return List.of(PARALLELISM); }
 *     public ExecutorService create(Params p) { return Executors.newWorkStealingPool(p.get(PARALLELISM)); }
 *     public OptionalInt poolSize(Params p) { return OptionalInt.of(p.get(PARALLELISM)); }
 * }
 * }</pre>
 *
 * <p>vbench calls {@link #create} once per trial (warmup and measured), outside the timed region, submits
 * every task with {@link ExecutorService#execute}, and after the trial calls
 * {@link ExecutorService#shutdownNow()}.
 */
public interface ExecutorProvider {

    /** Name used in specs ({@code -e stealing:parallelism=8}); lower case, no spaces, no colon. */
    String name();

    /** One line shown by {@code vbench list}. */
    String description();

    /** Declared parameters, in the order {@code vbench list} shows them. Default: none. */
    default List<ParamSpec<?>> params() {
        return List.of();
    }

    /** A fresh executor for one trial. */
    ExecutorService create(Params params);

    /** The kind of thread that runs the tasks, recorded with the result (and virtual threads get JFR pinning counts). */
    default ThreadKind threadKind(Params params) {
        return ThreadKind.PLATFORM;
    }

    /** Platform threads in the pool, when the pool has a fixed size; recorded with the result. Default: none. */
    default OptionalInt poolSize(Params params) {
        return OptionalInt.empty();
    }

    /** What runs a task. */
    enum ThreadKind {
        /** Platform (OS) threads. */
        PLATFORM,
        /** Virtual threads. */
        VIRTUAL,
        /** The thread that submits the task. */
        CALLER
    }
}
