package dev.vbench.spi;

import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * What {@link Workload#prepare} gets from the engine.
 *
 * @param dataDir directory reserved for this workload and parameter set (created; workloads
 *     generate inputs into it once and verify them on reuse)
 * @param seed seed for deterministic input generation ({@code --seed})
 * @param warn sink for one-line warnings shown to the user (e.g. "cache corrupt, regenerated")
 * @param progress sink for progress of long preparations: fraction done in [0, 1]
 * @param classLoader the class loader over the user's {@code --classpath} (vbench's own loader when none
 *     is given): load classes named by the user through it, e.g. a JDBC driver with
 *     {@code ServiceLoader.load(java.sql.Driver.class, context.classLoader())}. It is also the thread
 *     context class loader while vbench runs a workload.
 */
public record PrepareContext(
        Path dataDir, long seed, Consumer<String> warn, Progress progress, ClassLoader classLoader) {

    public PrepareContext {
        if (classLoader == null) {
            classLoader = PrepareContext.class.getClassLoader();
        }
    }

    /** A context whose class loader is the calling thread's context class loader (set by vbench to the user's). */
    public PrepareContext(Path dataDir, long seed, Consumer<String> warn, Progress progress) {
        this(dataDir, seed, warn, progress, Thread.currentThread().getContextClassLoader());
    }

    /** Receives progress of a long preparation step. */
    @FunctionalInterface
    public interface Progress {
        /**
         * @param step what is being done, e.g. "generating photos"
         * @param done units done
         * @param total units in all
         */
        void update(String step, long done, long total);

        Progress NONE = (step, done, total) -> {};
    }
}
