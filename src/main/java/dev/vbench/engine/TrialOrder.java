package dev.vbench.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * In which order the cells of one table row run their trials ({@code --order}). A row is the cells
 * that differ only in executor and JVM: the columns one table compares.
 *
 * <ul>
 *   <li>{@link #INTERLEAVED}: A B C A B C … — each round runs one unit of every cell, so drift of the
 *       machine (other load, thermal state, a neighbour's build) lands on every column alike;</li>
 *   <li>{@link #GROUPED}: A A A B B B … — each cell's trials back to back (vbench's order before
 *       JVMs were an axis);</li>
 *   <li>{@link #RANDOM}: the units of the row in a random order drawn from {@code --seed}.</li>
 * </ul>
 *
 * <p>A unit is one trial of a cell that runs in the vbench JVM (its warmup trials come first, in the
 * same rotation), or one fork of a cell that runs in forks (which runs its warmup, then its share of
 * the measured trials).
 *
 * <pre>{@code
 * List<Integer> order = TrialOrder.INTERLEAVED.schedule(new int[] {3, 3}, new Random(42)); // 0 1 0 1 0 1
 * }</pre>
 */
public enum TrialOrder {
    INTERLEAVED, GROUPED, RANDOM;

    /** The option value: {@code interleaved}, {@code grouped}, {@code random}. */
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
            case INTERLEAVED, RANDOM -> {
                int rounds = 0;
                for (int n : unitsPerCell) {
                    rounds = Math.max(rounds, n);
                }
                for (int r = 0; r < rounds; r++) {
                    for (int c = 0; c < unitsPerCell.length; c++) {
                        if (r < unitsPerCell[c]) {
                            out.add(c);
                        }
                    }
                }
                if (this == RANDOM) {
                    Collections.shuffle(out, random);
                }
            }
        }
        return out;
    }
}
