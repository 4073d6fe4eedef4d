package dev.vbench.plan;

import dev.vbench.config.Defaults;
import dev.vbench.engine.TrialOrder;
import dev.vbench.result.AutoTrials;
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
public record TrialOptions(
        Integer warmup,
        Integer trials,
        int forks,
        long seed,
        Path dataDir,
        TrialOrder order,
        int batch,
        AutoTrials auto,
        int fanout) {

    /** Options without {@code --fanout}. */
    public TrialOptions(
            Integer warmup,
            Integer trials,
            int forks,
            long seed,
            Path dataDir,
            TrialOrder order,
            int batch,
            AutoTrials auto) {
        this(warmup, trials, forks, seed, dataDir, order, batch, auto, 0);
    }

    /** These options with {@code --fanout}. */
    public TrialOptions withFanout(int subtasks) {
        return new TrialOptions(warmup, trials, forks, seed, dataDir, order, batch, auto, subtasks);
    }

    /** Nothing given: defaults everywhere ({@link Defaults}); the {@code withX} methods set what was given. */
    public static final TrialOptions DEFAULTS =
            new TrialOptions(null, null, 0, Defaults.SEED, null, null, Defaults.BATCH, null, 0);

    /** These options with {@code --warmup}. */
    public TrialOptions withWarmup(Integer n) {
        return new TrialOptions(n, trials, forks, seed, dataDir, order, batch, auto, fanout);
    }

    /** These options with {@code --trials}. */
    public TrialOptions withTrials(Integer n) {
        return new TrialOptions(warmup, n, forks, seed, dataDir, order, batch, auto, fanout);
    }

    /** These options with {@code --forks}. */
    public TrialOptions withForks(int n) {
        return new TrialOptions(warmup, trials, n, seed, dataDir, order, batch, auto, fanout);
    }

    /** These options with {@code --seed}. */
    public TrialOptions withSeed(long newSeed) {
        return new TrialOptions(warmup, trials, forks, newSeed, dataDir, order, batch, auto, fanout);
    }

    /** These options with {@code --order}. */
    public TrialOptions withOrder(TrialOrder newOrder) {
        return new TrialOptions(warmup, trials, forks, seed, dataDir, newOrder, batch, auto, fanout);
    }

    /** These options with {@code --batch}. */
    public TrialOptions withBatch(int calls) {
        return new TrialOptions(warmup, trials, forks, seed, dataDir, order, calls, auto, fanout);
    }
}
