package dev.vbench.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * In which order the cells of one table row run their trials ({@code --order}). A row is the cells
 * that differ only in executor, JVM or build: the columns one table compares, every verdict between
 * two of them.
 *
 * <ul>
 *   <li>{@link #INTERLEAVED} (the default): randomized multiple interleaved trials (RMIT, Abedi &amp;
 *       Brecht, ICPE 2017; docs/statistics.md rule 12) — the units run in rounds, each round one unit
 *       of every cell in a freshly shuffled order drawn from {@code --seed}, so drift of the machine
 *       (other load, thermal state, a neighbour's build) lands on every column alike and no cell
 *       always runs first or last in a round;</li>
 *   <li>{@link #GROUPED}: A A A B B B … — each cell's trials back to back; a change of machine load
 *       during the run lands on one column only and can become a verdict;</li>
 *   <li>{@link #RANDOM}: the units of the group in one random order drawn from {@code --seed};</li>
 *   <li>{@link #DUET} ({@code --duet}): the rounds of {@link #INTERLEAVED}, the two units of a round at the same
 *       time, each fork pinned to half of the CPUs ({@link Duet}).</li>
 * </ul>
 *
 * <p>A unit is one trial of a cell that runs in the vbench JVM (its warmup trials come first, in
 * rounds of their own before the measured ones), or one fork of a cell that runs in forks (which
 * runs its warmup, then its share of the measured trials).
 *
 * <pre>{@code
 * List<Integer> order = TrialOrder.INTERLEAVED.schedule(new int[] {3, 3}, new Random(42)); // e.g. 1 0 0 1 1 0
 * }</pre>
 */
public enum TrialOrder {
    INTERLEAVED,
    GROUPED,
    RANDOM,
    DUET;

    /** The order of a run that names none. */
    public static final TrialOrder DEFAULT = INTERLEAVED;

    /** The option value: {@code interleaved}, {@code grouped}, {@code random}, {@code duet}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code --order}; null when the value is none of them. */
    public static TrialOrder parse(String value) {
        for (TrialOrder o : values()) {
            if (o.key().equals(value.strip().toLowerCase(Locale.ROOT))) {
                return o;
            }
        }
        return null;
    }

    /**
     * The order in which units run: entry k is the index of the cell whose next unit runs k-th.
     *
     * @param unitsPerCell units of each cell of the row, in row order
     * @param random used by {@link #RANDOM} only (seeded from {@code --seed})
     */
    public List<Integer> schedule(int[] unitsPerCell, Random random) {
        List<Integer> out = new ArrayList<>();
        switch (this) {
            case GROUPED -> {
                for (int c = 0; c < unitsPerCell.length; c++) {
                    for (int u = 0; u < unitsPerCell[c]; u++) {
                        out.add(c);
                    }
                }
            }
            case INTERLEAVED, RANDOM, DUET -> {
                int rounds = 0;
                for (int n : unitsPerCell) {
                    rounds = Math.max(rounds, n);
                }
                for (int r = 0; r < rounds; r++) {
                    out.addAll(round(unitsPerCell, r, this == RANDOM ? null : random));
                }
                if (this == RANDOM) {
                    Collections.shuffle(out, random);
                }
            }
        }
        return out;
    }

    /**
     * Round {@code r} of an interleaved schedule: every cell that has a unit left in it, shuffled with
     * {@code random} (a fresh order each round), or in cell order when {@code random} is null.
     */
    public static List<Integer> round(int[] unitsPerCell, int r, Random random) {
        List<Integer> round = new ArrayList<>();
        for (int c = 0; c < unitsPerCell.length; c++) {
            if (r < unitsPerCell[c]) {
                round.add(c);
            }
        }
        if (random != null) {
            Collections.shuffle(round, random);
        }
        return round;
    }
}
