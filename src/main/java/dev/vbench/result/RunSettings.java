package dev.vbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Settings that apply to every cell of a run.
 *
 * @param warmupTrials trials run and discarded before measuring, per cell
 * @param measuredTrials trials measured per cell (the statistical samples)
 * @param forks JVM forks per cell (0 = trials run in the vbench JVM itself)
 * @param seed seed for generated inputs (and for {@code --order random})
 * @param order in which order the cells of one table row ran their trials: {@code interleaved},
 *     {@code grouped} or {@code random} ({@code --order}); null (omitted) for the default of a run
 *     without JVMs as an axis, grouped
 */
public record RunSettings(int warmupTrials, int measuredTrials, int forks, long seed,
        @JsonInclude(JsonInclude.Include.NON_NULL) String order) {

    /** Settings with the default order. */
    public RunSettings(int warmupTrials, int measuredTrials, int forks, long seed) {
        this(warmupTrials, measuredTrials, forks, seed, null);
    }
}
