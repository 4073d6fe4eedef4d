package dev.vbench.history;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code history check} compares the newest run of each series with ({@code --baseline}):
 * <ul>
 *   <li>{@link Segment} (the default): the current segment of the series' history, the runs since its last
 *       change point or acknowledged change (at most {@link Analysis#MAX_BASELINE_RUNS});</li>
 *   <li>{@link Previous}: the run before it;</li>
 *   <li>{@link Median}: the last N runs on its branch, their median as the centre;</li>
 *   <li>{@link Commits}: the runs of one commit — the merge-base of the working directory's HEAD and a branch,
 *       found by git in {@code app} — compared with the run of the current commit, not the newest one.</li>
 * </ul>
 */
public sealed interface Baseline {

    /** The runs since the last change point or acknowledged change. */
    record Segment() implements Baseline {}

    /** The run before the newest. */
    record Previous() implements Baseline {}

    /** The last {@code runs} runs before the newest on its branch. */
    record Median(int runs) implements Baseline {}

    /**
     * The runs of {@code base} against the newest run of {@code head}.
     *
     * @param head the commit whose run is checked (the working directory's HEAD)
     * @param base the commit whose runs are the baseline (the merge-base)
     * @param description how the base was found, e.g. {@code merge-base of HEAD and origin/main}
     */
    record Commits(String head, String base, String description) implements Baseline {}

    /** The default, {@link Segment}. */
    Baseline SEGMENT = new Segment();

    /**
     * A baseline as written after {@code --baseline}, except {@code merge-base}, which needs git:
     * {@code segment}, {@code previous}, {@code median:N}.
     *
     * @throws IllegalArgumentException naming the valid forms
     */
    static Baseline parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (t.equals("segment")) {
            return SEGMENT;
        }
        if (t.equals("previous")) {
            return new Previous();
        }
        if (t.startsWith("median:")) {
            String n = t.substring("median:".length());
            try {
                int runs = Integer.parseInt(n);
                if (runs >= 1 && runs <= Analysis.MAX_BASELINE_RUNS) {
                    return new Median(runs);
                }
            } catch (NumberFormatException e) {
                // falls through to the message
            }
            throw new IllegalArgumentException("--baseline " + text + ": N must be a whole number from 1 to "
                    + Analysis.MAX_BASELINE_RUNS + ", e.g. --baseline median:5");
        }
        throw new IllegalArgumentException(
                "--baseline '" + text + "' is unknown; use segment, previous, median:N or" + " merge-base[:BRANCH]");
    }

    /** Whether a stored commit is {@code wanted}: equal, or one a prefix of the other (7 characters at least). */
    static boolean sameCommit(String stored, String wanted) {
        if (stored == null || stored.isEmpty() || wanted == null || wanted.isEmpty()) {
            return false;
        }
        String a = stored.toLowerCase(Locale.ROOT);
        String b = wanted.toLowerCase(Locale.ROOT);
        return a.equals(b) || (Math.min(a.length(), b.length()) >= 7 && (a.startsWith(b) || b.startsWith(a)));
    }

    /** The points of {@code commit}, oldest first. */
    static List<HistoryStore.Point> ofCommit(List<HistoryStore.Point> points, String commit) {
        List<HistoryStore.Point> out = new ArrayList<>();
        for (HistoryStore.Point p : points) {
            if (sameCommit(p.commit(), commit)) {
                out.add(p);
            }
        }
        return out;
    }
}
