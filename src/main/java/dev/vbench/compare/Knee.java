package dev.vbench.compare;

import dev.vbench.config.Defaults;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a chain of columns stops improving, per row: the last column that a significant step (faster,
 * by the table's own verdicts: Mann-Whitney, Holm, noise band) improved on, so that no step after it is
 * faster. Over a sweep of the scheduler's parallelism ({@code virtual:parallelism=1,2,4,8}) it is the
 * smallest parallelism beyond which more carriers bought nothing measurable. When the last step still
 * improved, the sweep ended before the knee.
 *
 * <pre>{@code
 * List<String> lines = Knee.lines(comparison); // "knee: virtual:parallelism=2 (every row)"
 * }</pre>
 */
public final class Knee {

    private Knee() {}

    /** {@link #of}: a step is missing (a column lacks the row). */
    static final int MISSING = -1;
    /** {@link #of}: no step improved, and none could have (the trials cannot reach significance: ±∞, or too few to test). */
    static final int UNDECIDED = -2;

    /**
     * The knee's column index of {@code row} in a chain of {@code columns} columns: 0 when no step improved,
     * {@code columns - 1} when the last one did; {@link #MISSING} or {@link #UNDECIDED}.
     */
    static int of(Row row, int columns) {
        int knee = 0;
        boolean decidable = false;
        for (int i = 0; i < columns - 1; i++) {
            Change c = i < row.changes().size() ? row.changes().get(i) : null;
            if (c == null) {
                return MISSING;
            }
            if (c.verdict() == dev.vbench.stats.Verdict.FASTER && !c.shedLoad()) { // better, in the metric's direction
                knee = i + 1;
            }
            decidable |= c.real()
                    || (Double.isNaN(c.mde()) // untested for power: could any data reach α?
                            ? dev.vbench.stats.Power.attainable(c.nFrom(), c.nTo(), Defaults.ALPHA, 1)
                            : c.mde() != Double.POSITIVE_INFINITY);
        }
        return knee == 0 && !decidable ? UNDECIDED : knee;
    }

    /**
     * The table's knee footnotes: one line when every row has its knee at the same column, else one per
     * row; empty for another layout or fewer than three columns (a knee needs two steps).
     */
    public static List<String> lines(Comparison c) {
        int columns = c.files().size();
        if (c.layout() != Layout.CHAIN || columns < 3 || c.rows().isEmpty()) {
            return List.of();
        }
        List<Integer> knees = c.rows().stream().map(r -> of(r, columns)).toList();
        String rule = " (the last column a significant step improved on; no step after it is faster)";
        if (knees.stream().distinct().count() == 1) {
            return List.of("knee: " + text(c, knees.get(0), columns) + (knees.get(0) == UNDECIDED ? "" : rule));
        }
        List<String> out = new ArrayList<>();
        for (int r = 0; r < knees.size(); r++) {
            out.add("knee, " + c.rows().get(r).label() + ": " + text(c, knees.get(r), columns));
        }
        out.add("knee" + rule);
        return out;
    }

    private static String text(Comparison c, int knee, int columns) {
        if (knee == MISSING) {
            return "not known (a column lacks this row)";
        }
        if (knee == UNDECIDED) {
            return "not known: with these trials no step could be significant; run 6 or more";
        }
        String label = c.files().get(knee).label();
        if (knee == columns - 1) {
            return "none within the sweep: the last step, to " + label + ", still improved";
        }
        return knee == 0 ? label + ", the first column: no step improved on it" : label;
    }
}
