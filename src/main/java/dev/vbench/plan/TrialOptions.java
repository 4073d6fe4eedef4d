package dev.vbench.plan;

import dev.vbench.config.Defaults;
import dev.vbench.engine.TrialOrder;
import java.nio.file.Path;

/**
 * How each cell is repeated and where it finds its inputs: {@code --warmup}, {@code --trials},
 * {@code --forks}, {@code --seed}, {@code --data-dir}. They apply to a {@code -w} run and to every
 * experiment of a suite alike; a null count means "not given": a suite's own value, else the default.
 *
 * @param warmup warmup trials per cell (discarded); null = not given
 * @param trials measured trials per cell; null = not given
 * @param forks fresh JVMs per cell (0 = every trial in the vbench JVM)
 * @param seed seed for generated inputs
 * @param dataDir root of the input cache; null = the default ({@code $VBENCH_DATA_DIR}, …)
 * @param order in which order a table row's cells run their trials ({@code --order}); null =
 *     the default, interleaved rounds
 * @param batch calls of the operation per task ({@code --batch}), in every cell; 1 = one call per task
 * @param auto {@code --trials auto}: rounds added after {@code trials} until precise enough; null = none
 * @param fanout subtasks per task ({@code --fanout}), set as {@code fanout=} on every executor; 0 = not given
 */
public record TrialOptions(Integer warmup, Integer trials, int forks, long seed, Path dataDir, TrialOrder order,
        int batch, dev.vbench.result.AutoTrials auto, int fanout) {

    /** Options with a fixed number of trials. */
    public TrialOptions(Integer warmup, Integer trials, int forks, long seed, Path dataDir, TrialOrder order, int batch) {
        this(warmup, trials, forks, seed, dataDir, order, batch, null);
    }

    /** Options without {@code --fanout}. */
    public TrialOptions(Integer warmup, Integer trials, int forks, long seed, Path dataDir, TrialOrder order, int batch,
            dev.vbench.result.AutoTrials auto) {
        this(warmup, trials, forks, seed, dataDir, order, batch, auto, 0);
    }

    /** These options with {@code --fanout}. */
    public TrialOptions withFanout(int subtasks) {
        return new TrialOptions(warmup, trials, forks, seed, dataDir, order, batch, auto, subtasks);
    }

    /** Options with one call per task. */
    public TrialOptions(Integer warmup, Integer trials, int forks, long seed, Path dataDir, TrialOrder order) {
        this(warmup, trials, forks, seed, dataDir, order, 1);
    }

    /** Options with the default order. */
    public TrialOptions(Integer warmup, Integer trials, int forks, long seed, Path dataDir) {
        this(warmup, trials, forks, seed, dataDir, null);
    }

    /** Nothing given: defaults everywhere ({@link Defaults}). */
    public static final TrialOptions DEFAULTS = new TrialOptions(null, null, 0, Defaults.SEED, null);
}
