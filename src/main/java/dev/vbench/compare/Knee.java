package dev.vbench.compare;

import dev.vbench.stats.Holm;
import dev.vbench.stats.MannWhitney;
import dev.vbench.stats.Power;
import dev.vbench.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where a chain of columns stops improving, per row: the last column a significant step improved on, so that
 * no step after it is faster. Over a sweep of the scheduler's parallelism ({@code virtual:parallelism=1,2,4,8})
 * it is the smallest parallelism beyond which more carriers bought nothing measurable. When the last step still
 * improved, the sweep ended before the knee.
 *
 * <p>A step counts when the table calls it faster (Mann-Whitney, Holm across the rows of its column, the noise
 * band) <em>and</em> its p stays below α after Holm across the row's steps too. The knee is one claim about every
 * step of a row: read from the columns' verdicts alone, a chain of equal columns would name a knee in about one
 * run in ten at six columns, not in one of forty (docs/statistics.md rule 16).
 *
 * <pre>{@code
 * List<String> lines = Knee.lines(comparison); // "knee: virtual:parallelism=2 (the last column ...)"
 * }</pre>
 */
public final class Knee {

    private Knee() {}

    /** {@link #of}: a step is missing (a column lacks the row). */
    static final int MISSING = -1;
    /** {@link #of}: no step improved, and none could have (the trials cannot reach significance, or too few to test). */
    static final int UNDECIDED = -2;

    /**
     * The p of each step of {@code row} once Holm has corrected it across the rows of its column (the table's
     * own {@link Change#pAdjusted}) and then across the row's tested steps; NaN for a step not tested (missing,
     * or a side shed load).
     */
    static double[] stepP(Row row, int columns) {
        double[] p = new double[columns - 1];
        for (int i = 0; i < p.length; i++) {
            Change c = i < row.changes().size() ? row.changes().get(i) : null;
            p[i] = c == null || c.shedLoad() ? Double.NaN : c.pAdjusted();
        }
        return Holm.adjust(p);
    }

    /**
     * The knee's column index of {@code row} in a chain of {@code columns} columns: 0 when no step improved,
     * {@code columns - 1} when the last one did; {@link #MISSING} or {@link #UNDECIDED}. {@code columnTests[i]}:
     * the rows tested in step {@code i}'s column (its Holm factor across rows).
     */
    static int of(Row row, int columns, double alpha, int[] columnTests) {
        return of(row, stepP(row, columns), columns, alpha, columnTests);
    }

    /** {@link #of(Row, int, double, int[])} with the row's {@link #stepP} already computed. */
    private static int of(Row row, double[] stepP, int columns, double alpha, int[] columnTests) {
        int steps = tested(stepP);
        int knee = 0;
        boolean decidable = false;
        for (int i = 0; i < columns - 1; i++) {
            Change c = i < row.changes().size() ? row.changes().get(i) : null;
            if (c == null) {
                return MISSING;
            }
            if (counts(c, stepP[i], alpha)) { // better, in the metric's direction, across the row's steps too
                knee = i + 1;
            }
            decidable |= !c.shedLoad()
                    && (c.real() && stepP[i] < alpha
                            || Power.attainable(c.nFrom(), c.nTo(), alpha, columnTests[i] * steps));
        }
        return knee == 0 && !decidable ? UNDECIDED : knee;
    }

    /** Whether a step moves the knee: faster in the table, and significant across the row's steps as well. */
    private static boolean counts(Change c, double stepP, double alpha) {
        return c.verdict() == Verdict.FASTER && !c.shedLoad() && stepP < alpha;
    }

    private static int tested(double[] p) {
        int n = 0;
        for (double v : p) {
            n += Double.isNaN(v) ? 0 : 1;
        }
        return n;
    }

    /**
     * The table's knee footnotes: one line when every row has its knee at the same column, else one per
     * row, and one per step the table calls faster that does not hold across its row's steps; empty for
     * another layout or fewer than three columns (a knee needs two steps).
     */
    public static List<String> lines(Comparison c) {
        int columns = c.files().size();
        if (c.layout() != Layout.CHAIN || columns < 3 || c.rows().isEmpty()) {
            return List.of();
        }
        int[] columnTests = new int[columns - 1];
        for (Row r : c.rows()) {
            for (int i = 0; i < columns - 1 && i < r.changes().size(); i++) {
                Change ch = r.changes().get(i);
                columnTests[i] += ch == null || Double.isNaN(ch.p()) ? 0 : 1;
            }
        }
        List<double[]> stepPs = c.rows().stream().map(r -> stepP(r, columns)).toList();
        List<Integer> knees = new ArrayList<>();
        for (int r = 0; r < stepPs.size(); r++) {
            knees.add(of(c.rows().get(r), stepPs.get(r), columns, c.alpha(), columnTests));
        }
        String rule = " (the last column a significant step improved on, with Holm across the row's " + (columns - 1)
                + " steps as well as across the rows; no step after it is faster)";
        // enough trials, both sides alike, for a step of any row to reach alpha after both corrections
        int needed = Power.trialsNeeded(c.alpha(), c.rows().size() * (columns - 1));
        List<String> out = new ArrayList<>();
        if (knees.stream().distinct().count() == 1) {
            out.add("knee: " + text(c, knees.get(0), columns, needed) + (knees.get(0) == UNDECIDED ? "" : rule));
        } else {
            for (int r = 0; r < knees.size(); r++) {
                out.add("knee, " + c.rows().get(r).label() + ": " + text(c, knees.get(r), columns, needed));
            }
            out.add("knee" + rule);
        }
        for (int row = 0; row < c.rows().size(); row++) {
            Row r = c.rows().get(row);
            double[] stepP = stepPs.get(row);
            for (int i = 0; i < columns - 1 && i < r.changes().size(); i++) {
                Change ch = r.changes().get(i);
                if (ch != null && ch.verdict() == Verdict.FASTER && !counts(ch, stepP[i], c.alpha())) {
                    out.add((c.rows().size() == 1 ? "knee: " : "knee, " + r.label() + ": ") + "the step to "
                            + c.files().get(i + 1).label() + " reads faster in its column but not across the row's "
                            + tested(stepP) + " steps, so it does not move the knee");
                }
            }
        }
        return out;
    }

    /**
     * Before a run (the planned trials' counts, not their values, decide it): why no step of any row could move
     * the knee, naming the trials that would let one; empty when a step could, for another layout, or when a side
     * has fewer than {@link MannWhitney#MIN_SAMPLES_PER_SIDE} trials (a smoke run, which the table's notes name).
     */
    public static Optional<String> unreachable(Comparison c) {
        int columns = c.files().size();
        if (c.layout() != Layout.CHAIN || columns < 3 || c.rows().isEmpty()) {
            return Optional.empty();
        }
        int rows = c.rows().size();
        int steps = columns - 1;
        Change typical = null;
        for (Row r : c.rows()) {
            for (Change ch : r.changes()) {
                if (ch == null || Double.isNaN(ch.p())) {
                    continue;
                }
                if (Math.min(ch.nFrom(), ch.nTo()) < MannWhitney.MIN_SAMPLES_PER_SIDE
                        || Power.attainable(ch.nFrom(), ch.nTo(), c.alpha(), rows * steps)) {
                    return Optional.empty();
                }
                typical = ch;
            }
        }
        if (typical == null) {
            return Optional.empty();
        }
        return Optional.of(Notes.unreachableBy(
                typical.nFrom(),
                typical.nTo(),
                rows * steps,
                rows + " row(s) and then the row's " + steps + " steps",
                c.alpha()));
    }

    private static String text(Comparison c, int knee, int columns, int needed) {
        if (knee == MISSING) {
            return "not known (a column lacks this row)";
        }
        if (knee == UNDECIDED) {
            return "not known: with these trials no step could be significant; run " + needed + " or more";
        }
        String label = c.files().get(knee).label();
        if (knee == columns - 1) {
            return "none within the sweep: the last step, to " + label + ", still improved";
        }
        return knee == 0 ? label + ", the first column: no step improved on it" : label;
    }
}
