package dev.vbench.report.ci;

import dev.vbench.report.MarkdownRenderer;
import dev.vbench.report.Table;
import dev.vbench.report.ci.GateReport.Outcome;
import dev.vbench.report.ci.GateReport.Place;
import dev.vbench.text.Numbers;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * A {@link GateReport} as GitHub-flavoured markdown for a job summary ({@code $GITHUB_STEP_SUMMARY}) and a
 * pull-request comment: the verdict first ({@code 2 slower, 1 faster, 14 unchanged}) and what the gate
 * made of it, then the rows that got slower, then the rest folded in {@code <details>}, then the decision
 * rule. The comment starts with a hidden marker ({@link #COMMENT_MARKER}) so that a workflow step can find
 * and update the one comment of a pull request.
 *
 * <p>GitHub's limits, which the text never passes (rows are left out, unchanged ones first, with a line
 * that says how many): a step's job summary may hold at most 1 MiB ({@link #SUMMARY_LIMIT_BYTES}; more
 * and its upload fails), a comment body at most 65,536 characters ({@link #COMMENT_LIMIT_CHARS}; more and
 * the API refuses it).
 */
public final class GitHubMarkdown {

    /** GitHub's limit of one step's job summary: 1 MiB. */
    public static final int SUMMARY_LIMIT_BYTES = 1024 * 1024;
    /** GitHub's limit of a comment body: 65,536 characters. */
    public static final int COMMENT_LIMIT_CHARS = 65_536;
    /** The first line of every comment body: an HTML comment, invisible once rendered. */
    public static final String COMMENT_MARKER = "<!-- vbench-comment -->";

    private GitHubMarkdown() {}

    /** The job summary of {@code report} in at most {@code budgetBytes} bytes of UTF-8. */
    public static String summary(GateReport report, int budgetBytes) {
        return fitted(report, "", budgetBytes, s -> s.getBytes(StandardCharsets.UTF_8).length);
    }

    /** The comment body of {@code report}: the marker, then the summary, in at most {@link #COMMENT_LIMIT_CHARS}. */
    public static String comment(GateReport report) {
        return fitted(report, COMMENT_MARKER + "\n", COMMENT_LIMIT_CHARS, String::length);
    }

    /**
     * A run's markdown report ({@link dev.vbench.report.Format#MARKDOWN}) as a job summary in at most
     * {@code budgetBytes} bytes: a run has no gate, so it is the report itself, cut at a line when it would
     * not fit.
     */
    public static String runSummary(String markdown, int budgetBytes) {
        return cut("", markdown, budgetBytes, s -> s.getBytes(StandardCharsets.UTF_8).length);
    }

    /** A run's markdown report as a comment body: the marker, then the report, cut to {@link #COMMENT_LIMIT_CHARS}. */
    public static String runComment(String markdown) {
        return cut(COMMENT_MARKER + "\n", markdown, COMMENT_LIMIT_CHARS, String::length);
    }

    private static String cut(String marker, String markdown, int limit, ToIntFunction<String> size) {
        String head = marker + "### vbench run\n\n";
        String whole = head + markdown;
        if (size.applyAsInt(whole) <= limit) {
            return whole;
        }
        String note = "\n… the rest is cut to stay within GitHub's size limit; the run's -o files have every table.\n";
        StringBuilder sb = new StringBuilder(head);
        int used = size.applyAsInt(head) + size.applyAsInt(note);
        for (String line : markdown.split("\n", -1)) {
            int n = size.applyAsInt(line) + 1;
            if (used + n > limit) {
                break;
            }
            sb.append(line).append('\n');
            used += n;
        }
        return sb.append(note).toString();
    }

    /**
     * The text with as many rows as fit: every row when they do, else the unchanged rows cut from the end
     * first, then the other folded rows, then the shown ones, each cut said in a line.
     */
    private static String fitted(GateReport r, String marker, int limit, ToIntFunction<String> size) {
        List<Integer> order = dropOrder(r);
        int lo = 0;
        int hi = order.size();
        String best = render(r, marker, order, 0);
        if (size.applyAsInt(best) <= limit) {
            return best;
        }
        while (lo < hi) { // fewest rows dropped (in drop order) that fit
            int mid = (lo + hi) >>> 1;
            if (size.applyAsInt(render(r, marker, order, mid)) <= limit) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        String text = render(r, marker, order, lo);
        if (size.applyAsInt(text) > limit) {
            throw new IllegalStateException("the summary's head alone passes " + limit);
        }
        return text;
    }

    /** Row indexes in the order they are left out: unchanged from the end, then folded, then shown. */
    private static List<Integer> dropOrder(GateReport r) {
        List<Integer> order = new ArrayList<>();
        for (Place p : List.of(Place.UNCHANGED, Place.FOLDED, Place.SHOWN)) {
            for (int i = r.places().size() - 1; i >= 0; i--) {
                if (r.places().get(i) == p) {
                    order.add(i);
                }
            }
        }
        return order;
    }

    private static String render(GateReport r, String marker, List<Integer> dropOrder, int dropped) {
        boolean[] left = new boolean[r.table().rows().size()];
        dropOrder.subList(0, dropped).forEach(i -> left[i] = true);
        StringBuilder sb = new StringBuilder(marker);
        sb.append("### vbench ")
                .append(r.command())
                .append(r.title().isEmpty() ? "" : ": " + escape(r.title()))
                .append("\n\n");
        sb.append("**").append(headline(r)).append("**").append(gate(r)).append("\n");
        if (!r.baseline().isEmpty()) {
            sb.append("\nBaseline: ").append(escape(r.baseline())).append("\n");
        }
        List<List<String>> shown = rows(r, left, Place.SHOWN);
        List<List<String>> folded = rows(r, left, null);
        if (!shown.isEmpty()) {
            sb.append('\n').append(table(r.table(), shown));
        }
        long foldedTotal = r.places().stream().filter(p -> p != Place.SHOWN).count();
        if (foldedTotal > 0) {
            sb.append("\n<details><summary>").append(foldedSummary(r)).append("</summary>\n\n");
            if (!folded.isEmpty()) {
                sb.append(table(r.table(), folded));
            }
            sb.append("\n</details>\n");
        }
        if (dropped > 0) {
            sb.append("\n")
                    .append(dropped)
                    .append(dropped == 1 ? " row is" : " rows are")
                    .append(" not shown to stay within GitHub's size limit; the command's own output has every row.\n");
        }
        if (!r.footnotes().isEmpty()) {
            sb.append('\n');
            r.footnotes().forEach(f -> sb.append(escape(f)).append("  \n"));
        }
        return sb.toString();
    }

    /** {@code 2 slower, 1 faster, 14 unchanged}, then the ignored and untested counts when there are any. */
    static String headline(GateReport r) {
        long slower = r.count(Outcome.FAILED) + r.count(Outcome.SLOWER);
        StringBuilder sb = new StringBuilder(slower + " slower, " + r.count(Outcome.FASTER) + " faster, "
                + r.count(Outcome.UNCHANGED) + " unchanged");
        if (r.count(Outcome.IGNORED) > 0) {
            sb.append(", ").append(r.count(Outcome.IGNORED)).append(" ignored");
        }
        if (r.count(Outcome.UNTESTED) > 0) {
            sb.append(", ").append(r.count(Outcome.UNTESTED)).append(" not compared");
        }
        return sb.toString();
    }

    /** What the gate made of it, after the headline: nothing without a gate. */
    private static String gate(GateReport r) {
        boolean gated = r.threshold() != null || r.checks().stream().anyMatch(c -> c.threshold() != null);
        if (!gated) {
            return "";
        }
        long failed = r.count(Outcome.FAILED);
        String limit = r.threshold() == null ? "the gates" : "the " + Numbers.fixed(r.threshold() * 100, 1) + "% gate";
        return failed == 0
                ? " — :white_check_mark: no regression past " + limit + "."
                : " — :x: " + failed + (failed == 1 ? " regression" : " regressions") + " past " + limit
                        + ": the check fails.";
    }

    private static String foldedSummary(GateReport r) {
        long folded = r.places().stream().filter(p -> p == Place.FOLDED).count();
        long unchanged = r.places().stream().filter(p -> p == Place.UNCHANGED).count();
        List<String> parts = new ArrayList<>();
        if (folded > 0) {
            parts.add(folded + (folded == 1 ? " row" : " rows") + " faster");
        }
        if (unchanged > 0) {
            parts.add(unchanged + (unchanged == 1 ? " row" : " rows") + " unchanged");
        }
        return String.join(", ", parts);
    }

    /** The rows at {@code place} (null: every folded place), in table order, without those left out. */
    private static List<List<String>> rows(GateReport r, boolean[] left, Place place) {
        List<List<String>> out = new ArrayList<>();
        for (int i = 0; i < r.table().rows().size(); i++) {
            Place p = r.places().get(i);
            boolean wanted = place == null ? p != Place.SHOWN : p == place;
            if (wanted && !left[i]) {
                out.add(r.table().rows().get(i).stream()
                        .map(GitHubMarkdown::escape)
                        .toList());
            }
        }
        return out;
    }

    private static String table(Table t, List<List<String>> rows) {
        List<String> headers = t.headers().stream().map(GitHubMarkdown::escape).toList();
        return MarkdownRenderer.render(new Table("", headers, t.rightAligned(), rows, List.of()));
    }

    /** Text that GitHub's markdown would read as HTML made plain ({@code <} and {@code &}). */
    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
