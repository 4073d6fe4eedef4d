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
 */
public record PrepareContext(Path dataDir, long seed, Consumer<String> warn, Progress progress) {

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
