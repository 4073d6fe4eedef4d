package dev.vbench.report.ci;

import dev.vbench.report.ci.GateReport.Check;
import dev.vbench.report.ci.GateReport.Outcome;
import dev.vbench.stats.Verdict;
import dev.vbench.text.Numbers;

/**
 * A {@link GateReport} as JUnit XML, the test-report format Jenkins, GitLab, Azure Pipelines and GitHub's
 * test-report actions read: one {@code <testsuite>} in a {@code <testsuites>}, one {@code <testcase>} per
 * compared change, named by its configuration and metric. A change past the gate is a {@code <failure>}
 * whose message has the figures and p; an ignored or untested change is {@code <skipped>}; every case
 * carries its figures in {@code <system-out>}. Times are 0: a comparison measures nothing itself.
 */
public final class JUnitXml {

    private JUnitXml() {}

    public static String render(GateReport r) {
        long tests = r.checks().size();
        long failures = r.count(Outcome.FAILED);
        long skipped = r.count(Outcome.IGNORED) + r.count(Outcome.UNTESTED);
        String suite = "vbench " + r.command() + (r.title().isEmpty() ? "" : ": " + r.title());
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        sb.append("<testsuites name=\"")
                .append(attr("vbench " + r.command()))
                .append("\" tests=\"")
                .append(tests)
                .append("\" failures=\"")
                .append(failures)
                .append("\" errors=\"0\" time=\"0\">\n");
        sb.append("  <testsuite name=\"")
                .append(attr(suite))
                .append("\" tests=\"")
                .append(tests)
                .append("\" failures=\"")
                .append(failures)
                .append("\" errors=\"0\" skipped=\"")
                .append(skipped)
                .append("\" time=\"0\">\n");
        sb.append("    <properties>\n");
        property(sb, "gate", r.threshold() == null ? "none" : Numbers.fixed(r.threshold() * 100, 1) + "%");
        if (!r.baseline().isEmpty()) {
            property(sb, "baseline", r.baseline());
        }
        property(sb, "verdict", GitHubMarkdown.headline(r));
        sb.append("    </properties>\n");
        for (Check c : r.checks()) {
            testCase(sb, r, c);
        }
        sb.append("  </testsuite>\n</testsuites>\n");
        return sb.toString();
    }

    private static void testCase(StringBuilder sb, GateReport r, Check c) {
        sb.append("    <testcase classname=\"")
                .append(attr("vbench." + r.command().replace(' ', '-')))
                .append("\" name=\"")
                .append(attr(c.name() + " [" + c.metric() + "]"))
                .append("\" time=\"0\">\n");
        String figures = figures(c);
        switch (c.outcome()) {
            case FAILED ->
                sb.append("      <failure type=\"regression\" message=\"")
                        .append(attr(figures + ", past the " + Numbers.fixed(c.threshold() * 100, 1) + "% gate"))
                        .append("\">")
                        .append(text(figures))
                        .append("</failure>\n");
            case IGNORED, UNTESTED ->
                sb.append("      <skipped message=\"").append(attr(c.note())).append("\"/>\n");
            default -> {}
        }
        sb.append("      <system-out>")
                .append(text(figures + (c.note().isEmpty() ? "" : "; " + c.note())))
                .append("</system-out>\n");
        sb.append("    </testcase>\n");
    }

    /** {@code makespan +5.0% slower: before 100.5 ms → after 105.5 ms, p=0.002 (Holm), n=6+6}. */
    static String figures(Check c) {
        return c.metric() + " " + Numbers.deltaPercent(c.delta()) + " "
                + c.verdict().word() + ": " + c.from() + " "
                + Numbers.metric(c.base(), c.unit()) + " → " + c.to() + " " + Numbers.metric(c.head(), c.unit())
                + ", p=" + Numbers.pValue(c.p()) + " (Holm), n=" + c.nBase() + "+" + c.nHead()
                + (c.verdict() == Verdict.WITHIN_VARIANCE && !Double.isNaN(c.mde())
                        ? "; could miss changes below " + Numbers.plusMinusPercent(c.mde()) + " (80% power)"
                        : "");
    }

    private static void property(StringBuilder sb, String name, String value) {
        sb.append("      <property name=\"")
                .append(attr(name))
                .append("\" value=\"")
                .append(attr(value))
                .append("\"/>\n");
    }

    /** Text content: markup characters escaped, characters XML 1.0 cannot hold left out. */
    static String text(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        s.codePoints().forEach(cp -> {
            switch (cp) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                default -> {
                    if (allowed(cp)) {
                        sb.appendCodePoint(cp);
                    }
                }
            }
        });
        return sb.toString();
    }

    /** An attribute value in double quotes: as {@link #text}, and quotes and line breaks as references. */
    static String attr(String s) {
        return text(s).replace("\"", "&quot;")
                .replace("\n", "&#10;")
                .replace("\r", "&#13;")
                .replace("\t", "&#9;");
    }

    /** XML 1.0's Char production. */
    private static boolean allowed(int cp) {
        return cp == 0x9
                || cp == 0xA
                || cp == 0xD
                || (cp >= 0x20 && cp <= 0xD7FF)
                || (cp >= 0xE000 && cp <= 0xFFFD)
                || (cp >= 0x10000 && cp <= 0x10FFFF);
    }
}
