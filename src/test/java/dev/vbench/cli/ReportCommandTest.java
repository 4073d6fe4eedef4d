package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.report.Format;
import dev.vbench.report.ReportOptions;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.LoadFixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code vbench report}: renders a saved result in every format, and refuses bad input in one line. */
class ReportCommandTest {

    @TempDir
    Path tmp;

    Path json;

    @BeforeEach
    void writeResult() throws Exception {
        json = tmp.resolve("io.json");
        Files.writeString(json, ResultCodec.toJson(Fixtures.pinnedIoRun()), StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Format.class)
    void rendersEveryFormatToStdout(Format format) {
        CliRun r = CliRun.of("report", json.toString(), "--format", format.cliName());
        assertEquals(0, r.code(), r::toString);
        RunResult read = ResultCodec.read(json);
        String note = format.note(ReportOptions.DEFAULT, read.cells());
        assertEquals(note == null ? "" : "vbench: " + note + "\n", r.err());
        assertEquals(format.exporter(ReportOptions.DEFAULT).render(read), r.out());
    }

    @Test
    void defaultIsConsoleAndOutputExtensionPicksTheFormat() throws Exception {
        CliRun console = CliRun.of("report", json.toString());
        assertEquals(0, console.code(), console::toString);
        assertTrue(console.out().startsWith("vbench 0.0.0-test"), console::toString);

        Path html = tmp.resolve("io.html");
        CliRun r = CliRun.of("report", json.toString(), "-o", html.toString());
        assertEquals(0, r.code(), r::toString);
        assertEquals("", r.out());
        String page = Files.readString(html);
        assertTrue(page.startsWith("<!DOCTYPE html>"), page.substring(0, 40));
        assertTrue(page.contains("<svg"));
    }

    @Test
    void cellFilterGivesOnePlainHgrm() {
        CliRun r = CliRun.of("report", json.toString(), "--format", "hgrm", "--cell", "c2");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().startsWith("# cell c2: io duration=100ms | virtual | tasks=10000\n"), r::toString);
        assertEquals(1, r.out().split("# cell ", -1).length - 1, "one block");
    }

    @Test
    void verboseAddsTelemetryAndPinnedStacks() {
        CliRun r = CliRun.of("report", json.toString(), "--verbose", "--metric", "p99");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("io — telemetry (median per trial)"), r::toString);
        assertTrue(r.out().contains("at com.example.Dao.query:42"), r::toString);
        assertTrue(r.out().contains("— p99 (ms)"), r::toString);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "MISSING|does not exist; check the path",
                "NOTJSON|is not valid JSON",
                "OK --cell c9|--cell c9 is not in",
                "OK --metric p12|--metric 'p12' is unknown",
                "OK --format pdf|--format 'pdf' is unknown; use one of console, markdown, json, csv, html, hgrm, gobench",
                "OK -o /nonexistent-dir/x.html|directory /nonexistent-dir does not exist; create it first",
                "OK --slo p99>5ms|--slo 'p99>5ms' is not STAT<DURATION; write e.g. --slo 'p99<50ms'",
                "OK --slo p99<5ms|--slo picks the best level of a concurrency sweep, and every cell of"
            })
    void badInputIsOneLineAndExitTwo(String args, String expected) throws Exception {
        Path notJson = Files.writeString(tmp.resolve("bad.json"), "hello");
        String line = args.replace("MISSING", tmp.resolve("nope.json").toString())
                .replace("NOTJSON", notJson.toString())
                .replace("OK", json.toString());
        String[] argv = ("report " + line).split(" ");
        CliRun r = CliRun.of(argv);
        r.assertUsageError(expected);
    }

    @Test
    void aSweepIsReportedAgainstAnSloTheRunDidNotHave() throws Exception {
        Path sweep = tmp.resolve("sweep.json");
        Files.writeString(sweep, ResultCodec.toJson(LoadFixtures.concurrencySweep()), StandardCharsets.UTF_8);
        CliRun plain = CliRun.of("report", sweep.toString());
        assertEquals(0, plain.code(), plain::toString);
        assertTrue(plain.out().contains("best: the concurrency with the highest median throughput"), plain.out());
        CliRun slo = CliRun.of("report", sweep.toString(), "--slo", "p99<10ms");
        assertEquals(0, slo.code(), slo::toString);
        assertTrue(slo.out().contains("best: the highest median throughput whose median p99 < 10 ms"), slo.out());
        assertTrue(slo.out().contains("fixed:threads=16: best concurrency 16 — "), slo.out());
        assertEquals("", slo.err());
        // --metric shapes the sweep table as it does in run
        CliRun p99 = CliRun.of("report", sweep.toString(), "--metric", "p99");
        assertEquals(0, p99.code(), p99::toString);
        assertTrue(p99.out().contains(" — p99 (ms) by concurrency\n"), p99.out());
    }

    @Test
    void helpListsTheReportCommandButNotTheCompletionGenerator() {
        CliRun r = CliRun.of("--help");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("report"), r::toString);
        assertFalse(r.out().contains("generate-completion"), r::toString);
    }

    /**
     * A suite run's result records its tables (RunResult.suite), so report prints exactly what the run
     * printed, --verbose included; the same result without the field (a file from before it) still
     * reads and shows the per-workload tables.
     */
    @Test
    void aSuiteResultReportsTheSuitesTables() throws Exception {
        Path suite = tmp.resolve("tiny.yaml");
        Files.writeString(
                suite,
                String.join(
                        "\n",
                        "suite: tiny",
                        "title: Tiny suite",
                        "source: report on a suite result",
                        "trials: 2",
                        "warmup: 0",
                        "experiments:",
                        "  - name: sleep",
                        "    title: Sleep per task",
                        "    workload: io",
                        "    params: {duration: 1ms}",
                        "    executors: [virtual, \"fixed:threads=2\"]",
                        "    tasks: 10",
                        "    tables:",
                        "      - {title: Makespan, layout: chain, metric: makespan, unit: ms}",
                        "      - {title: Throughput, layout: baseline, metric: throughput}",
                        "  - name: noop",
                        "    workload: noop",
                        "    executors: [sequential, virtual]",
                        "    tasks: 100",
                        ""),
                StandardCharsets.UTF_8);
        Path result = tmp.resolve("tiny.json");
        CliRun run = CliRun.of("run", suite.toString(), "-o", result.toString(), "--verbose");
        assertEquals(0, run.code(), run::toString);
        assertTrue(run.out().startsWith("Tiny suite\n\nreport on a suite result\n"), run::toString);
        assertTrue(run.out().contains("Throughput (duration=1ms) · 2 trials\nBenchmark  Mode   Units"), run::toString);

        CliRun report = CliRun.of("report", result.toString(), "--verbose");
        assertEquals(0, report.code(), report::toString);
        assertEquals(run.out(), report.out());

        RunResult read = ResultCodec.read(result);
        assertEquals("tiny", read.suite().suite());
        assertEquals(
                List.of("sleep", "noop"),
                read.suite().experiments().stream().map(e -> e.name()).toList());
        Path old = tmp.resolve("old.json");
        Files.writeString(old, ResultCodec.toJson(read.withSuite(null)), StandardCharsets.UTF_8);
        assertFalse(Files.readString(old).contains("\"suite\""), "no suite field when there is no suite");
        CliRun plain = CliRun.of("report", old.toString());
        assertEquals(0, plain.code(), plain::toString);
        assertTrue(
                plain.out().startsWith("vbench "), plain::toString); // per-workload tables under the environment line
        assertFalse(plain.out().contains("Tiny suite"), plain::toString);
    }
}
