package dev.vbench.compare;

import dev.vbench.config.Defaults;
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
 * @param everyRow whether a row that only one input has is shown too (with — in the other columns): so in a run's own
 *     tables, whose columns' cells were all planned, and whose partial result may hold one column's cells only;
 *     between files, rows must be in two of them
 */
public record CompareOptions(
        Layout layout, double noise, double alpha, Set<String> matchIgnore, List<String> notes, boolean everyRow) {

    public CompareOptions {
        matchIgnore = Set.copyOf(matchIgnore);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /** Options with a noise band given as a percentage (or the default). */
    public CompareOptions(Layout layout, double noise, double alpha, Set<String> matchIgnore) {
        this(layout, noise, alpha, matchIgnore, List.of(), false);
    }

    /** Options for comparing files, with the caller's notes. */
    public CompareOptions(Layout layout, double noise, double alpha, Set<String> matchIgnore, List<String> notes) {
        this(layout, noise, alpha, matchIgnore, notes, false);
    }

    /** Options for the tables of one run: every row is shown, matched or not. */
    public static CompareOptions ofOneRun(Layout layout, double noise) {
        return new CompareOptions(layout, noise, Defaults.ALPHA, Set.of(), List.of(), true);
    }

    public static CompareOptions defaults(Layout layout) {
        return new CompareOptions(layout, Defaults.NOISE, Defaults.ALPHA, Set.of());
    }
}
