package dev.vbench.compare;

import dev.vbench.stats.MannWhitney;
import java.util.List;
import java.util.Set;

/**
 * How to compare.
 *
 * @param layout table shape, which decides the pairs of files that are tested
 * @param noise noise band as a fraction (0.01 = 1%): smaller changes are "within variance" even when significant
 * @param alpha significance level of the Holm-adjusted Mann-Whitney test
 * @param matchIgnore dimensions (parameter or field names) left out when matching rows across files
 * @param notes lines the caller adds under the table: where a measured noise band came from ({@code --noise auto}),
 *     that the files are separate runs; empty when none
 */
public record CompareOptions(Layout layout, double noise, double alpha, Set<String> matchIgnore, List<String> notes) {

    /** The default noise band, 1% (Criterion.rs's {@code noise_threshold}). */
    public static final double DEFAULT_NOISE = 0.01;

    public CompareOptions {
        matchIgnore = Set.copyOf(matchIgnore);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /** Options with a noise band given as a percentage (or the default). */
    public CompareOptions(Layout layout, double noise, double alpha, Set<String> matchIgnore) {
        this(layout, noise, alpha, matchIgnore, List.of());
    }

    public static CompareOptions defaults(Layout layout) {
        return new CompareOptions(layout, DEFAULT_NOISE, MannWhitney.ALPHA, Set.of());
    }
}
