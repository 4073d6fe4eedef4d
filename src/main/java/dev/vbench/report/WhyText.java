package dev.vbench.report;

import dev.vbench.diagnose.ComparedPair;
import dev.vbench.diagnose.WhyLines;
import dev.vbench.diagnose.WhyLines.Explanation;
import dev.vbench.text.Numbers;
import java.util.List;

/**
 * The Why of a comparison table as text, markdown or HTML: per significant difference a heading
 * ({@code Why virtual vs fixed:threads=8 (duration=100ms): makespan -67.7% (faster)}) and its lines
 * ({@link dev.vbench.diagnose.WhyLines}), then one footnote that says how the lines are chosen. The
 * run report and {@code vbench compare} both print it under their table.
 */
public final class WhyText {

    /** The footnote under every Why. */
    public static final String FOOTNOTE = "Why: for each significant difference, the frames whose share of profile"
            + " samples changed most (executor, scheduler and vbench internals folded away; each profile normalised to"
            + " its total) and the telemetry past its threshold; see docs/profiling.md";

    /** Added to the footnote when a Why is of a pair within variance. */
    static final String WITHIN_VARIANCE = "; within variance: the place both spend at least "
            + Math.round(WhyLines.COMMON_SHARE * 100) + "% of their samples in";

    private WhyText() {}

    /** The footnote for these explanations: {@link #FOOTNOTE}, and what a Why within variance shows when there is one. */
    static String footnote(List<Explanation> explanations) {
        boolean within = explanations.stream().anyMatch(e -> !e.pair().significant());
        return within
                ? FOOTNOTE.replace("; see docs/profiling.md", WITHIN_VARIANCE + "; see docs/profiling.md")
                : FOOTNOTE;
    }

    /** {@code Why virtual vs fixed:threads=8 (duration=100ms): makespan -67.7% (faster)}. */
    public static String heading(Explanation e) {
        ComparedPair p = e.pair();
        return "Why " + p.to().label() + " vs " + p.from().label() + (p.row().isEmpty() ? "" : " (" + p.row() + ")")
                + ": " + p.mode() + " " + Numbers.deltaPercent(p.change().delta()) + " ("
                + p.change().verdict().word() + ")";
    }

    /** Console text: each heading, its lines indented, then the footnote; ends with a blank line. */
    public static String console(List<Explanation> explanations) {
        StringBuilder sb = new StringBuilder();
        for (Explanation e : explanations) {
            sb.append(heading(e)).append('\n');
            e.lines().forEach(l -> sb.append("  ").append(l).append('\n'));
        }
        return sb.append(footnote(explanations)).append('\n').toString();
    }

    /** Markdown: each heading in bold, its lines as a list, then the footnote. */
    public static String markdown(List<Explanation> explanations) {
        StringBuilder sb = new StringBuilder();
        for (Explanation e : explanations) {
            sb.append("**").append(markdownText(heading(e))).append("**\n\n");
            e.lines().forEach(l -> sb.append("- ").append(markdownText(l)).append('\n'));
            sb.append('\n');
        }
        return sb.append(footnote(explanations)).append("  \n").toString();
    }

    /** Text that markdown shows as written: {@code *} and {@code <} (a frame {@code Foo.<init>} is no HTML tag) escaped. */
    static String markdownText(String text) {
        return text.replace("\\", "\\\\").replace("*", "\\*").replace("<", "\\<");
    }

    /** HTML: a block per explanation with its heading and a list of its lines, then the footnote. */
    public static String html(List<Explanation> explanations) {
        StringBuilder sb = new StringBuilder("<div class=\"why\">\n");
        for (Explanation e : explanations) {
            sb.append("<h4>").append(Html.escape(heading(e))).append("</h4>\n<ul>\n");
            e.lines().forEach(l -> sb.append("<li>").append(Html.escape(l)).append("</li>\n"));
            sb.append("</ul>\n");
        }
        return sb.append("<p class=\"why-note\">")
                .append(Html.escape(footnote(explanations)))
                .append("</p>\n</div>\n")
                .toString();
    }
}
