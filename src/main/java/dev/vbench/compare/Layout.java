package dev.vbench.compare;

import dev.vbench.result.Choice;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Table shapes, each the layout of one source report, and which pairs of columns each one tests.
 * The columns are files in {@code vbench compare} and executors in {@code vbench run} and suite
 * tables; one enum serves {@code --layout} and a suite table's {@code layout:}.
 */
public enum Layout implements Choice {
    /**
     * {@code Files | A | B | Speedup}: values and how many times better than the first column,
     * {@code 46.4x} (seed 000/004); the run table's layout. Suite files call it {@code executors}.
     */
    SPEEDUP,
    /** {@code Benchmark | Pre | Post | Change} with {@code -4.0% (faster)} (seed 000); exactly two columns. */
    CHANGE,
    /** {@code Benchmark | Mode | Units | a | b | a% | b%}, integer % against the first column, {@code +0} on it (seed 002). */
    BASELINE,
    /** {@code Threads | A | B | C | A → B | B → C}: each column against the one before it (seed 001). */
    CHAIN;

    /** Lower-case name as written on the command line. */
    @Override
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Suite files written before the layouts were one enum say {@code executors} for {@link #SPEEDUP}. */
    @Override
    public List<String> aliases() {
        return this == SPEEDUP ? List.of("executors") : List.of();
    }

    /**
     * The layout named {@code text}.
     *
     * @throws IllegalArgumentException {@code 'grid' is unknown; use one of speedup, change, baseline, chain}
     */
    public static Layout parse(String text) {
        return Choice.parse(Layout.class, text);
    }

    /** Every layout's name, for help text and errors. */
    public static String validValues() {
        return Choice.validValues(Layout.class);
    }

    /** The default for {@code files} inputs: {@link #CHANGE} for two, {@link #BASELINE} for more (benchstat's "vs base"). */
    public static Layout defaultFor(int files) {
        return files == 2 ? CHANGE : BASELINE;
    }

    /**
     * Which column is compared with which: {@code {from, to}} indexes into the columns.
     *
     * @throws IllegalArgumentException when the layout cannot show {@code columns} columns
     */
    public List<int[]> pairs(int columns) {
        if (this == CHANGE && columns != 2) {
            throw new IllegalArgumentException("--layout change compares exactly two files (got " + columns
                    + "); use --layout baseline or --layout chain for more");
        }
        List<int[]> pairs = new ArrayList<>();
        for (int i = 1; i < columns; i++) {
            pairs.add(new int[] {this == CHAIN ? i - 1 : 0, i});
        }
        return pairs;
    }
}
