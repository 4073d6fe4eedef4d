package dev.vbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Settings that apply to every cell of a run.
 *
 * @param warmupTrials trials run and discarded before measuring, per cell
 * @param measuredTrials trials measured per cell (the statistical samples)
 * @param forks JVM forks per cell (0 = trials run in the vbench JVM itself)
 * @param seed seed for generated inputs (and for {@code --order random})
 * @param order in which order the cells of one table row ran their trials: {@code interleaved}
 *     (rounds, each in an order shuffled from {@code seed}), {@code grouped} or {@code random}
 *     ({@code --order}); always written now; null (omitted) in results of earlier versions, whose runs
 *     without JVMs as an axis ran grouped
 * @param code the user's code on {@code --classpath} and compiled source files, each with its SHA-256;
 *     empty (and absent from the JSON) when only vbench's own workloads ran
 * @param builds the builds of the user's code that were columns ({@code --build}), each with its entries;
 *     empty (and absent) otherwise
 * @param autoTrials with {@code --trials auto}: the target and ceiling of the rounds added after
 *     {@code measuredTrials} (the planned minimum); null (absent) otherwise
 */
public record RunSettings(
        int warmupTrials,
        int measuredTrials,
        int forks,
        long seed,
        @JsonInclude(JsonInclude.Include.NON_NULL) String order,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<CodeEntry> code,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<BuildInfo> builds,
        @JsonInclude(JsonInclude.Include.NON_NULL) AutoTrials autoTrials) {

    public RunSettings {
        code = code == null ? List.of() : List.copyOf(code);
        builds = builds == null ? List.of() : List.copyOf(builds);
    }

    /** Settings of a run without builds. */
    public RunSettings(int warmupTrials, int measuredTrials, int forks, long seed, String order, List<CodeEntry> code) {
        this(warmupTrials, measuredTrials, forks, seed, order, code, List.of(), null);
    }

    /** Settings with the default order, of a run that loaded the user's code. */
    public RunSettings(int warmupTrials, int measuredTrials, int forks, long seed, List<CodeEntry> code) {
        this(warmupTrials, measuredTrials, forks, seed, null, code);
    }

    /**
     * {@code warmupTrials} and {@code measuredTrials} per cell, no forks, seed 0, no recorded order, vbench's own
     * workloads only: the start of settings built by name ({@code RunSettings.trials(1, 6).withSeed(42)}).
     */
    public static RunSettings trials(int warmupTrials, int measuredTrials) {
        return new RunSettings(warmupTrials, measuredTrials, 0, 0, null, List.of(), List.of(), null);
    }

    /** These settings with {@code n} JVM forks per cell. */
    public RunSettings withForks(int n) {
        return new RunSettings(warmupTrials, measuredTrials, n, seed, order, code, builds, autoTrials);
    }

    /** These settings with another seed. */
    public RunSettings withSeed(long newSeed) {
        return new RunSettings(warmupTrials, measuredTrials, forks, newSeed, order, code, builds, autoTrials);
    }

    /** These settings with the user's code that was loaded. */
    public RunSettings withCode(List<CodeEntry> newCode) {
        return new RunSettings(warmupTrials, measuredTrials, forks, seed, order, newCode, builds, autoTrials);
    }

    /** These settings with another trial order ({@code --order}; null = not recorded, read as grouped). */
    public RunSettings withOrder(String newOrder) {
        return new RunSettings(warmupTrials, measuredTrials, forks, seed, newOrder, code, builds, autoTrials);
    }

    /** These settings with trials added until precise enough ({@code --trials auto}). */
    public RunSettings withAutoTrials(AutoTrials auto) {
        return new RunSettings(warmupTrials, measuredTrials, forks, seed, order, code, builds, auto);
    }

    /** These settings with the builds that were columns. */
    public RunSettings withBuilds(List<BuildInfo> newBuilds) {
        return new RunSettings(warmupTrials, measuredTrials, forks, seed, order, code, newBuilds, autoTrials);
    }
}
