package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.measure.Histograms;
import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.result.TrialResult;
import dev.vbench.testing.CliRun;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code vbench run} with --rate, --duration, --timeout, --concurrency sweeps and --slo. */
class LoadShapeCommandTest {

    @TempDir
    Path tmp;

    @Test
    void rateRunPrintsCorrectedAndUncorrectedLatencyAndRecordsBoth() throws Exception {
        Path json = tmp.resolve("r.json");
        CliRun r = CliRun.of(
                "run",
                "-w",
                "io",
                "-p",
                "duration=1ms",
                "-e",
                "fixed:threads=4",
                "-e",
                "virtual",
                "--rate",
                "2k/s",
                "--tasks",
                "100",
                "--timeout",
                "1s",
                "--trials",
                "2",
                "--warmup",
                "0",
                "-o",
                json.toString(),
                "-o",
                "-");
        assertEquals(0, r.code(), r::toString);
        assertTrue(
                r.err()
                        .startsWith(
                                "vbench: 2 cell(s) × (0 warmup + 2 measured trials), rate=2000/s tasks=100 timeout=1s"),
                r::toString);
        assertTrue(r.out().contains("open model: latency from the intended start"), r::toString);
        assertTrue(r.out().contains("  corrected  ") && r.out().contains("  uncorrected  "), r::toString);
        assertTrue(r.out().contains("2000 tasks/s"), r::toString);
        assertTrue(r.out().contains("— p99 (ms)"), "rate runs compare corrected p99 by default: " + r);
        CliRun report = CliRun.of("report", json.toString());
        assertEquals(r.out(), report.out(), "report prints what the run printed");
        assertTrue(CliRun.of("compare", json.toString(), json.toString()).out().contains("· p99 (ms)"));
        CellResult cell = ResultCodec.read(json).cells().get(1);
        CellConfig config = cell.config();
        assertEquals(2000.0, config.ratePerSecond());
        assertEquals(1_000_000_000L, config.timeoutNanos());
        assertEquals(100, config.tasks());
        for (TrialResult t : cell.trials()) {
            assertNotNull(t.histograms().intendedEndToEnd());
            assertEquals(
                    t.latency().p99Nanos(),
                    Histograms.decode(t.histograms().intendedEndToEnd()).getValueAtPercentile(99));
            assertEquals(
                    t.uncorrectedLatency().p99Nanos(),
                    Histograms.decode(t.histograms().endToEnd()).getValueAtPercentile(99));
            assertTrue(t.achievedRatePerSecond() > 0 && t.achievedRatePerSecond() <= 2000.0 + 1e-6);
            assertEquals(t.tasks(), t.completed() + t.failures() + t.dropped());
        }
        String text = Files.readString(json);
        assertTrue(text.contains("\"ratePerSecond\" : 2000.0") && text.contains("\"intendedEndToEnd\""), text);
    }

    @Test
    void durationRunsForAWindowWithClosedClients() throws Exception {
        Path json = tmp.resolve("d.json");
        CliRun r = CliRun.of(
                "run",
                "-w",
                "io",
                "-p",
                "duration=2ms",
                "-e",
                "virtual",
                "-e",
                "fixed:threads=4",
                "--concurrency",
                "4",
                "--duration",
                "200ms",
                "--trials",
                "1",
                "--warmup",
                "0",
                "-o",
                json.toString(),
                "-o",
                "-");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("— throughput (tasks/s)"), "a window's makespan is the window: " + r);
        assertEquals(r.out(), CliRun.of("report", json.toString()).out(), "report prints what the run printed");
        assertTrue(CliRun.of("compare", json.toString(), json.toString()).out().contains("· throughput (tasks/s)"));
        assertTrue(r.out().contains("io duration=2ms · window=200ms · 1 trial"), r::toString);
        assertTrue(r.out().contains("window=200ms concurrency=4") || r.out().contains("200.00 ms"), r::toString);
        RunResult result = ResultCodec.read(json);
        CellResult cell = result.cells().get(0);
        assertEquals(200_000_000L, cell.config().durationNanos());
        assertEquals(0, cell.config().tasks(), "a window, not a count");
        TrialResult t = cell.trials().get(0);
        assertEquals(200_000_000L, t.makespanNanos(), "makespan is the window");
        assertTrue(t.tasks() > 10, "tasks counted as they ran: " + t.tasks());
        assertFalse(Files.readString(json).contains("ratePerSecond"), "closed cells leave the rate out");
    }

    @Test
    void concurrencySweepNamesTheBestLevelPerExecutor() {
        CliRun r = CliRun.of(
                "run",
                "-w",
                "io",
                "-p",
                "duration=2ms",
                "-e",
                "fixed:threads=2",
                "-e",
                "virtual",
                "--concurrency",
                "1,8",
                "--tasks",
                "40",
                "--trials",
                "1",
                "--warmup",
                "0",
                "--slo",
                "p99<10s");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("— throughput (tasks/s) by concurrency"), r::toString);
        assertTrue(r.out().contains("Concurrency  fixed:threads=2"), r::toString);
        assertTrue(r.out().contains("fixed:threads=2 → virtual"), r::toString);
        assertTrue(r.out().contains("best concurrency"), r::toString);
        assertTrue(r.out().contains("whose median p99 < 10000 ms"), r::toString);
    }

    @Test
    void sloNobodyMeetsIsSaid() {
        CliRun r = CliRun.of(
                "run",
                "-w",
                "io",
                "-p",
                "duration=2ms",
                "-e",
                "virtual",
                "--concurrency",
                "1,4",
                "--tasks",
                "8",
                "--trials",
                "1",
                "--warmup",
                "0",
                "--slo",
                "p50<1us",
                "--format",
                "markdown");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("| best        |"), r::toString);
        assertTrue(r.out().contains("virtual: no concurrency meets p50 < 0.001 ms (lowest p50: "), r::toString);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--rate abc|--rate 'abc' is not a rate; write tasks per s, min or h, e.g. 5000/s, 5k/s, 300/min or 1M/h",
                "--rate 0/s|--rate '0/s' must be more than 0; write e.g. --rate 1000/s",
                "--rate 5/fortnight|--rate '5/fortnight' has an unknown unit '/fortnight'",
                "--rate 1m/s|--rate '1m/s' is ambiguous: a lower-case 'm' is not a count suffix; write M for million",
                "--duration 1m --concurrency 4|--duration '1m' is ambiguous: 'm' is not a unit; write min for minutes (e.g. 1min)",
                "--rate 20M/s|is above 10000000/s",
                "--duration 0s --concurrency 4|--duration '0s' is out of range; use 1ms to 24h, e.g. --duration 30s",
                "--duration soon --concurrency 4|--duration 'soon' is not a duration; write a number and a unit: ns, us, ms, s, min or h",
                "--duration 1s --tasks 100 --concurrency 4|--duration and --tasks both set the length of a trial; give one of them",
                "--duration 1s|--duration needs closed-loop clients or a rate: add --concurrency C",
                "--timeout 1s|--timeout counts from each task's intended start, which only --rate has",
                "--rate 100/s --timeout 0s|--timeout '0s' is out of range; use 1us to 24h, e.g. --timeout 1s",
                "--slo p99<fast --concurrency 1,2|--slo 'p99<fast': 'fast' is not a duration; write a number and a unit: ns, us, ms, s, min or h",
                "--slo p98<5ms --concurrency 1,2|--slo 'p98<5ms' is not STAT<DURATION; write e.g. --slo 'p99<50ms'",
                "--slo p99<50ms|--slo picks the best level of a concurrency sweep; add a list such as --concurrency 1,4,16,64",
                "--rate 100000/s --duration 1000s|more than one trial can record"
            })
    void badLoadOptionsAreOneLineAndExitTwo(String args, String expected) {
        CliRun r = CliRun.of(("run -w io " + args).split(" "));
        r.assertUsageError(expected);
    }

    /** The options bind to typed values of the one grammar (parsed, not run). */
    @Test
    void ratesAndDurationsBindInEveryUnit() {
        picocli.CommandLine cl =
                Cli.commandLine(new PrintWriter(Writer.nullWriter()), new PrintWriter(Writer.nullWriter()));
        cl.parseArgs(
                "run",
                "-w",
                "io",
                "--rate",
                "5000/s,5k/s,300/min,2.5/s,100,1M/h",
                "--duration",
                "1.5min",
                "--timeout",
                "500us");
        RunCommand run = cl.getSubcommands().get("run").getCommand();
        var matrix = run.request().matrix();
        assertEquals(List.of(5000.0, 5000.0, 5.0, 2.5, 100.0, 1e6 / 3600), matrix.rates());
        assertEquals(Duration.ofSeconds(90), matrix.duration());
        assertEquals(Duration.ofNanos(500_000), matrix.timeout());
    }
}
