package dev.vbench.report.ci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.compare.CompareOptions;
import dev.vbench.compare.Comparison;
import dev.vbench.compare.Comparisons;
import dev.vbench.compare.Dataset;
import dev.vbench.compare.Dim;
import dev.vbench.compare.Gates;
import dev.vbench.compare.Inputs;
import dev.vbench.compare.Layout;
import dev.vbench.compare.Series;
import dev.vbench.result.Metric;
import dev.vbench.testing.CompareFixtures;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.junit.jupiter.api.Test;

/**
 * The CI renderings of a gate's result: the job summary and comment (verdict first, regressions, the rest
 * folded, under GitHub's limits), the workflow commands and their escaping, and JUnit XML valid against the
 * schema the common reporters document.
 */
class CiOutputsTest {

    /** before → after: c1 +5% (slower), c3 −4% (faster), c2 unchanged, c4 with 3 trials (c5, only in after, is a note). */
    private static Comparison twoFiles() {
        return Comparisons.compute(
                List.of(
                        Inputs.fromRun(CompareFixtures.before(), "before", "before.json", Metric.MAKESPAN),
                        Inputs.fromRun(CompareFixtures.after(), "after", "after.json", Metric.MAKESPAN)),
                CompareOptions.defaults(Layout.CHANGE));
    }

    @Test
    void theSummaryStartsWithTheVerdictThenTheRegressionsAndFoldsTheRest() {
        GateReport r = GateReports.of(twoFiles(), Gates.NONE, 0.03, false);
        String md = GitHubMarkdown.summary(r, GitHubMarkdown.SUMMARY_LIMIT_BYTES);
        String[] lines = md.split("\n");
        assertEquals("### vbench compare: before → after", lines[0]);
        assertEquals(
                "**1 slower, 1 faster, 2 unchanged** — :x: 1 regression past the 3.0% gate: the check fails.",
                lines[2]);
        int slower = md.indexOf("% (slower)");
        int details = md.indexOf("<details><summary>1 row faster, 2 rows unchanged</summary>");
        int faster = md.indexOf("% (faster)");
        assertTrue(slower > 0 && details > slower && faster > details, md);
        assertTrue(md.contains("</details>"), md);
        assertTrue(md.contains("faster/slower only when"), "the decision rule is stated: " + md);
        assertFalse(md.contains(GitHubMarkdown.COMMENT_MARKER), "the marker belongs to the comment");
        assertTrue(GitHubMarkdown.comment(r).startsWith(GitHubMarkdown.COMMENT_MARKER + "\n### vbench compare"));
    }

    @Test
    void withoutAGateTheSummarySaysNothingOfOneAndNoneFails() {
        GateReport r = GateReports.of(twoFiles(), Gates.NONE, null, false);
        assertTrue(r.failed().isEmpty());
        String md = GitHubMarkdown.summary(r, GitHubMarkdown.SUMMARY_LIMIT_BYTES);
        assertTrue(md.contains("**1 slower, 1 faster, 2 unchanged**\n"), md);
        assertEquals(
                List.of("::warning", "::notice"),
                WorkflowCommands.lines(r).stream()
                        .map(l -> l.substring(0, l.indexOf(' ')))
                        .toList());
    }

    @Test
    void workflowCommandsAnnotateEachChangeWithEscapedTitleAndMessage() {
        GateReport r = GateReports.of(twoFiles(), Gates.NONE, 0.03, false);
        List<String> lines = WorkflowCommands.lines(r);
        assertEquals(2, lines.size(), lines::toString);
        assertTrue(
                lines.get(0)
                        .startsWith(
                                "::error title=vbench compare%3A regression past the gate::io duration=100ms"
                                        + " fixed:threads=200 tasks=10000: makespan +5.6%25 (before 5031.28 ms → after 5311.75 ms, p="),
                lines.get(0));
        assertTrue(lines.get(0).endsWith(", past the 3.0%25 gate"), lines.get(0));
        assertTrue(lines.get(1).startsWith("::notice title=vbench compare%3A faster::io duration=200ms"), lines.get(1));
        assertEquals("a%3Ab%2Cc%25%0D%0Ad", WorkflowCommands.property("a:b,c%\r\nd"));
        assertEquals("a:b,c%25%0D%0Ad", WorkflowCommands.data("a:b,c%\r\nd"));
    }

    @Test
    void pastTenAnnotationsOfALevelTheTenthSaysHowManyMore() {
        GateReport r = GateReports.of(wide(500, 30), Gates.NONE, 0.05, false);
        List<String> errors = WorkflowCommands.lines(r).stream()
                .filter(l -> l.startsWith("::error "))
                .toList();
        assertEquals(WorkflowCommands.SHOWN_PER_LEVEL, errors.size());
        assertTrue(errors.get(9).contains("::21 more slower rows than GitHub shows"), errors.get(9));
    }

    @Test
    void aFiveHundredRowComparisonStaysUnderGitHubsLimitsFoldingUnchangedRowsFirst() {
        GateReport r = GateReports.of(
                wide(500, 30, "io-workload-with-a-rather-long-descriptive-name-of-its-benchmark-"),
                Gates.NONE,
                0.05,
                true);
        String comment = GitHubMarkdown.comment(r);
        assertTrue(
                comment.length() <= GitHubMarkdown.COMMENT_LIMIT_CHARS,
                "comment of " + comment.length() + " characters");
        assertTrue(
                comment.length() > GitHubMarkdown.COMMENT_LIMIT_CHARS - 6_000,
                "it uses the room it has: " + comment.length());
        assertTrue(comment.startsWith(GitHubMarkdown.COMMENT_MARKER));
        assertTrue(comment.contains("**30 slower, 0 faster, 470 unchanged**"), comment.substring(0, 400));
        for (int i = 0; i < 30; i++) {
            assertTrue(
                    comment.contains("| io-workload-with-a-rather-long-descriptive-name-of-its-benchmark-" + i + " "),
                    "slower row " + i + " is shown");
        }
        assertTrue(comment.contains(" rows are not shown to stay within GitHub's size limit"), comment);
        String summary = GitHubMarkdown.summary(r, GitHubMarkdown.SUMMARY_LIMIT_BYTES);
        assertTrue(
                summary.contains("| io-workload-with-a-rather-long-descriptive-name-of-its-benchmark-499 "),
                "1 MiB holds every row");
        String small = GitHubMarkdown.summary(r, 20_000);
        assertTrue(small.getBytes(StandardCharsets.UTF_8).length <= 20_000);
        assertTrue(
                small.contains("| io-workload-with-a-rather-long-descriptive-name-of-its-benchmark-29 ")
                        && !small.contains("| io-workload-with-a-rather-long-descriptive-name-of-its-benchmark-499 "),
                "unchanged rows go first");
    }

    @Test
    void junitXmlValidatesAgainstTheSchemaAndFailsTheRegressedRow() throws Exception {
        GateReport r = GateReports.of(twoFiles(), Gates.NONE, 0.03, false);
        String xml = JUnitXml.render(r);
        validate(xml);
        assertTrue(
                xml.contains(
                        "<testsuite name=\"vbench compare: before → after\" tests=\"4\" failures=\"1\" errors=\"0\""
                                + " skipped=\"0\""),
                xml);
        assertTrue(
                xml.contains("name=\"io duration=100ms fixed:threads=200 tasks=10000 [makespan]\" time=\"0\">\n"
                        + "      <failure type=\"regression\" message=\"makespan +5.6% slower: before "),
                xml);
        assertTrue(xml.contains("p=") && xml.contains(", past the 3.0% gate\">"), xml);
        String awkward = JUnitXml.render(GateReports.of(wide(3, 1, "a<b & \"c\"\u0001"), Gates.NONE, 0.05, false));
        validate(awkward);
        assertTrue(awkward.contains("a&lt;b &amp; &quot;c&quot;0"), awkward);
    }

    @Test
    void aGateOfTheGatesFileReplacesTheThresholdOrIgnoresTheRow() {
        Gates gates = new Gates(
                List.of(
                        new Gates.Gate(2, "duration=100ms fixed:*", "makespan", 0.10, false, ""),
                        new Gates.Gate(5, "duration=200ms", null, null, true, "flaky")),
                "vbench-gates.yaml");
        GateReport r = GateReports.of(twoFiles(), gates, 0.03, false);
        assertTrue(r.failed().isEmpty(), "+5% is within the row's own 10% gate");
        GateReport.Check faster = r.checks().stream()
                .filter(c -> c.name().contains("duration=200ms fixed"))
                .findFirst()
                .orElseThrow();
        assertEquals(GateReport.Outcome.IGNORED, faster.outcome());
        assertEquals("ignored by vbench-gates.yaml:5 (flaky)", faster.note());
        assertTrue(twoFiles().regressions(gates, 0.03).isEmpty());
        assertEquals(1, twoFiles().regressions(Gates.NONE, 0.03).size());
    }

    static void validate(String xml) throws Exception {
        SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        Validator v = factory.newSchema(
                        Path.of("src/test/resources/junit/junit.xsd").toFile())
                .newValidator();
        v.validate(new StreamSource(new StringReader(xml)));
    }

    /** {@code rows} benchmarks in two files; the first {@code slower} of them 20% slower, the rest unchanged. */
    static Comparison wide(int rows, int slower) {
        return wide(rows, slower, "benchmark");
    }

    static Comparison wide(int rows, int slower, String prefix) {
        List<Series> base = new ArrayList<>();
        List<Series> head = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            List<Dim> key = List.of(new Dim("workload", prefix + i, true), new Dim("size", "large", false));
            double[] a = new double[20];
            for (int t = 0; t < a.length; t++) {
                a[t] = 100 + ((t * 7 + i) % 11 - 5) * 0.2;
            }
            double[] b = new double[a.length];
            for (int t = 0; t < a.length; t++) {
                b[t] = i < slower ? a[t] * 1.2 : a[t] + (t % 2 == 0 ? 0.1 : -0.1);
            }
            base.add(new Series(key, "makespan", "ms", false, a));
            head.add(new Series(key, "makespan", "ms", false, b));
        }
        return Comparisons.compute(
                List.of(
                        new Dataset("base", "base.json", "vbench", Map.of(), base, List.of()),
                        new Dataset("head", "head.json", "vbench", Map.of(), head, List.of())),
                CompareOptions.defaults(Layout.CHANGE));
    }
}
