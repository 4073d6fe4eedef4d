package dev.vbench.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Table shapes of {@code vbench compare}, each the layout of one source report, and which pairs of
 * files each one tests.
 */
public enum Layout {
    /** {@code Benchmark | Pre | Post | Change} with {@code -4.0% (faster)} (seed 000); exactly two files. */
    CHANGE,
    /** {@code Benchmark | Mode | Units | a | b | a% | b%}, integer % against the first file, {@code +0} on it (seed 002). */
    BASELINE,
    /** {@code Threads | A | B | C | A → B | B → C}: each file against the one before it (seed 001). */
    CHAIN;

    /** Lower-case name as written on the command line. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The default for {@code files} inputs: {@link #CHANGE} for two, {@link #BASELINE} for more (benchstat's "vs base"). */
    public static Layout defaultFor(int files) {
        return files == 2 ? CHANGE : BASELINE;
    }

    /**
     * Which file is compared with which: {@code {from, to}} indexes into the inputs.
     *
     * @throws IllegalArgumentException when the layout cannot show {@code files} inputs
     */
    public List<int[]> pairs(int files) {
        if (this == CHANGE && files != 2) {
            throw new IllegalArgumentException("--layout change compares exactly two files (got " + files
                    + "); use --layout baseline or --layout chain for more");
        }
        List<int[]> pairs = new ArrayList<>();
        for (int i = 1; i < files; i++) {
            pairs.add(new int[] {this == CHAIN ? i - 1 : 0, i});
        }
        return pairs;
    }
}
