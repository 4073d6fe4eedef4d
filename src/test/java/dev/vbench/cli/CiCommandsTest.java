package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vbench.result.ResultCodec;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.CompareFixtures;
import dev.vbench.testing.LoadFixtures;
import dev.vbench.testing.SlowFirst;
import dev.vbench.testing.VbenchProcess;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --ci github}, {@code --comment-file}, {@code --format junit}, {@code --gates} and the dashboard
 * exports as a user runs them: the GitHub step's environment set in a child JVM, files read back.
 */
@Tag(SlowFirst.SLOW)
class CiCommandsTest {

    @TempDir
    Path tmp;

    private Path before;
    private Path after;

    @BeforeEach
    void results() throws Exception {
        before = tmp.resolve("before.json");
        after = tmp.resolve("after.json");
        Files.writeString(before, ResultCodec.toJson(CompareFixtures.before()));
        Files.writeString(after, ResultCodec.toJson(CompareFixtures.after()));
    }

    private record Child(int code, String output) {}

    private Child child(Map<String, String> env, String... args) throws Exception {
        Path log = tmp.resolve("child-" + System.nanoTime() + ".log");
        Process p = VbenchProcess.start(log, env, null, VbenchProcess.QUICK_START, args);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "vbench did not end");
        return new Child(p.exitValue(), Files.readString(log));
    }

    @Test
    void compareInAGitHubStepAppendsTheSummaryPrintsWorkflowCommandsAndWritesTheComment() throws Exception {
        Path summary = tmp.resolve("step_summary.md");
        Files.writeString(summary, "an earlier command's summary\n");
        Path comment = tmp.resolve("comment.md");
        Map<String, String> env =
                new HashMap<>(Map.of("GITHUB_ACTIONS", "true", "GITHUB_STEP_SUMMARY", summary.toString()));
        Child c = child(
                env,
                "compare",
                before.toString(),
                after.toString(),
                "--fail-on-regression",
                "3%",
                "--comment-file",
                comment.toString());
        assertEquals(1, c.code(), c.output());
        String md = Files.readString(summary);
        assertTrue(
                md.startsWith("an earlier command's summary\n\n### vbench compare: before → after\n\n"
                        + "**1 slower, 1 faster, 2 unchanged** — :x: 1 regression past the 3.0% gate"),
                md);
        assertTrue(md.indexOf("(slower)") < md.indexOf("<details>"), md);
        List<String> commands =
                c.output().lines().filter(l -> l.startsWith("::")).toList();
        assertEquals(2, commands.size(), c.output());
        assertTrue(
                commands.get(0)
                        .startsWith("::error title=vbench compare%3A regression past the gate::io duration=100ms"),
                commands.get(0));
        assertTrue(commands.get(1).startsWith("::notice title=vbench compare%3A faster::"), commands.get(1));
        assertTrue(
                c.output().contains("vbench: 1 row(s) significantly slower by more than 3% (--fail-on-regression):"),
                c.output());
        String body = Files.readString(comment);
        assertTrue(body.startsWith("<!-- vbench-comment -->\n### vbench compare: before → after\n"), body);
    }

    @Test
    void theLaunchersStartUpTrainingInAGitHubStepLeavesTheJobSummaryAlone() throws Exception {
        Path summary = tmp.resolve("step_summary.md");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(VbenchProcess.QUICK_START);
        command.addAll(List.of(
                "-cp",
                classpath,
                "dev.vbench.StartupTraining",
                tmp.resolve("training").toString(),
                "compare"));
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(tmp.resolve("training.log").toFile());
        pb.environment().put("GITHUB_ACTIONS", "true");
        pb.environment().put("GITHUB_STEP_SUMMARY", summary.toString());
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        String log = Files.readString(tmp.resolve("training.log"));
        assertEquals(0, p.exitValue(), log);
        assertFalse(Files.exists(summary), "the training's comparisons went to the user's job summary");
        assertTrue(log.lines().noneMatch(l -> l.startsWith("::")), log);
    }

    @Test
    void ciNoneInAGitHubStepAddsNothing() throws Exception {
        Path summary = tmp.resolve("step_summary.md");
        Child c = child(
                Map.of("GITHUB_ACTIONS", "true", "GITHUB_STEP_SUMMARY", summary.toString()),
                "compare",
                before.toString(),
                after.toString(),
                "--ci",
                "none");
        assertEquals(0, c.code(), c.output());
        assertFalse(Files.exists(summary));
        assertTrue(c.output().lines().noneMatch(l -> l.startsWith("::")), c.output());
    }

    @Test
    void ciGithubOutsideAStepWarnsThatThereIsNoSummary() throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("GITHUB_ACTIONS", null);
        env.put("GITHUB_STEP_SUMMARY", null);
        Child c = child(env, "compare", before.toString(), after.toString(), "--ci", "github");
        assertEquals(0, c.code(), c.output());
        assertTrue(c.output().contains("vbench: warning: --ci github: $GITHUB_STEP_SUMMARY is not set"), c.output());
        assertTrue(c.output().contains("::warning title=vbench compare%3A slower::"), c.output());
    }

    @Test
    void junitOfCompareValidatesAndNamesTheRegressedRow() throws Exception {
        Path xml = tmp.resolve("benchmarks.xml");
        CliRun r = CliRun.of(
                "compare",
                before.toString(),
                after.toString(),
                "--fail-on-regression",
                "3%",
                "-o",
                xml.toString(),
                "--ci",
                "none");
        assertEquals(1, r.code(), r::toString);
        String text = Files.readString(xml);
        SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI)
                .newSchema(Path.of("src/test/resources/junit/junit.xsd").toFile())
                .newValidator()
                .validate(new StreamSource(new StringReader(text)));
        assertTrue(text.contains("<failure type=\"regression\" message=\"makespan +5.6% slower: before "), text);
        assertEquals(1, text.split("<failure ", -1).length - 1, text);
    }

    @Test
    void aGatesFileReplacesTheThresholdAndItsErrorsNameFileAndLine() throws Exception {
        Path gates = tmp.resolve("vbench-gates.yaml");
        Files.writeString(gates, "gates:\n  - match: \"duration=100ms fixed:*\"\n    failOnRegression: 10%\n");
        CliRun lenient = CliRun.of(
                "compare",
                before.toString(),
                after.toString(),
                "--fail-on-regression",
                "3%",
                "--gates",
                gates.toString(),
                "--ci",
                "none");
        assertEquals(0, lenient.code(), lenient::toString);
        Files.writeString(gates, "gates:\n  - match: io\n    metric: p12\n    failOnRegression: 10%\n");
        CliRun.of("compare", before.toString(), after.toString(), "--gates", gates.toString(), "--ci", "none")
                .assertUsageError(gates + ":2: metric 'p12' is unknown; use one of makespan");
        Files.writeString(gates, "gates:\n  - match: io\n    failOnRegresion: 10%\n");
        CliRun.of("compare", before.toString(), after.toString(), "--gates", gates.toString(), "--ci", "none")
                .assertUsageError(gates + ":3: unknown key 'failOnRegresion'");
        Files.writeString(gates, "gates:\n  - match: io\n    failOnRegression: ten\n");
        CliRun.of("compare", before.toString(), after.toString(), "--gates", gates.toString(), "--ci", "none")
                .assertUsageError(gates + ":2: failOnRegression 'ten' is not a percentage");
        Path suite = tmp.resolve("suite.yaml");
        Files.writeString(
                suite,
                Files.readString(Path.of("workloads/seed-004-virtual-vs-platform.yaml"))
                        + "gates:\n  - match: \"*\"\n    ignore: true\n    reason: all flaky\n");
        CliRun ignored = CliRun.of(
                "compare",
                before.toString(),
                after.toString(),
                "--fail-on-regression",
                "3%",
                "--gates",
                suite.toString(),
                "--ci",
                "none",
                "--format",
                "junit");
        assertEquals(0, ignored.code(), ignored::toString);
        assertTrue(ignored.out().contains("<skipped message=\"ignored by " + suite + ":"), ignored.out());
    }

    @Test
    void throughputExportsAsBiggerIsBetterForGithubActionBenchmarkAndEveryMetricForBencher() throws Exception {
        Path windowed = tmp.resolve("windowed.json");
        Files.writeString(windowed, ResultCodec.toJson(LoadFixtures.timedWindow(5000, 7)));
        CliRun gab = CliRun.of("report", windowed.toString(), "--format", "github-action-benchmark");
        assertEquals(0, gab.code(), gab::toString);
        assertTrue(
                gab.err().contains("throughput is bigger-is-better: use tool: 'customBiggerIsBetter'"), gab::toString);
        JsonNode entries = ResultCodec.mapper().readTree(gab.out());
        assertTrue(entries.isArray() && entries.size() > 0, gab.out());
        for (JsonNode e : entries) {
            assertTrue(e.path("name").asText().endsWith("| throughput"), e.toString());
            assertEquals("tasks/s", e.path("unit").asText());
            assertTrue(e.path("value").isNumber(), e.toString());
            // the form the action's extractRangeInfo reads: (+-|±), spaces, a number
            assertTrue(e.path("range").asText().matches("± \\d[0-9.E-]*"), e.toString());
            Double.parseDouble(e.path("range").asText().substring(2));
            assertTrue(
                    e.path("extra").asText().contains("bigger is better (tool: customBiggerIsBetter)"), e.toString());
        }
        CliRun bmf = CliRun.of("report", windowed.toString(), "--format", "bencher");
        assertEquals(0, bmf.code(), bmf::toString);
        JsonNode doc = ResultCodec.mapper().readTree(bmf.out());
        JsonNode first = doc.elements().next();
        assertTrue(first.has("throughput") && first.has("makespan") && first.has("p99"), first.toString());
        assertTrue(first.path("throughput").path("lower_value").asDouble()
                <= first.path("throughput").path("value").asDouble());
        // Bencher's documented schema: benchmark (1 to 1024 characters) → measure (1 to 64) → {value, lower_value?,
        // upper_value?}, numbers, value required
        doc.fields().forEachRemaining(b -> {
            assertTrue(!b.getKey().isEmpty() && b.getKey().length() <= 1024, b.getKey());
            b.getValue().fields().forEachRemaining(m -> {
                assertTrue(!m.getKey().isEmpty() && m.getKey().length() <= 64, m.getKey());
                assertTrue(m.getValue().path("value").isNumber(), m.toString());
                m.getValue()
                        .fieldNames()
                        .forEachRemaining(f -> assertTrue(
                                List.of("value", "lower_value", "upper_value").contains(f)
                                        && m.getValue().path(f).isNumber(),
                                m.toString()));
            });
        });
    }
}
