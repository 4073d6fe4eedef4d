package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.app.ExitCodes;
import dev.vbench.measure.Histograms;
import dev.vbench.result.CellResult;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.result.TrialResult;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.SlowFirst;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Tag(SlowFirst.SLOW)
class RunCommandTest {

    @TempDir
    Path tmp;

    @Test
    void formatDecidesStdoutBesideFilesWhoseExtensionSaysTheirs() throws Exception {
        Path json = tmp.resolve("r.json");
        CliRun md = CliRun.of(
                "run",
                "-w",
                "noop",
                "--tasks",
                "10",
                "--trials",
                "2",
                "--warmup",
                "0",
                "--format",
                "markdown",
                "-o",
                json.toString());
        assertEquals(0, md.code(), md::toString);
        assertTrue(md.out().contains("| tasks |") || md.out().startsWith("### "), md::toString);
        assertTrue(Files.readString(json).startsWith("{"), "the file keeps its own format");
        CliRun taken = CliRun.of(
                "run",
                "-w",
                "noop",
                "--tasks",
                "10",
                "--trials",
                "2",
                "--warmup",
                "0",
                "--format",
                "markdown",
                "-o",
                tmp.resolve("r.out").toString());
        assertEquals(0, taken.code(), taken::toString);
        assertTrue(taken.out().contains("-----"), "the file took --format, stdout the console tables: " + taken);
        assertTrue(Files.readString(tmp.resolve("r.out")).contains("###"), "the file is Markdown");
    }

    @Test
    void runsAndPrintsConsoleTables() {
        CliRun r = CliRun.of(
                "run",
                "-w",
                "io",
                "-p",
                "duration=1ms",
                "-e",
                "fixed:threads=2",
                "-e",
                "virtual",
                "--tasks",
                "20",
                "--trials",
                "2",
                "--warmup",
                "0");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("io duration=1ms · 2 trials"), r::toString);
        assertTrue(r.out().contains("fixed:threads=2"), r::toString);
        assertTrue(r.out().contains("Speedup"), r::toString);
        assertTrue(r.out().contains("p99"), r::toString);
        assertTrue(r.err().startsWith("vbench: 2 cell(s)"), r::toString);
    }

    @Test
    void jsonResultHistogramsReproducePrintedPercentiles() throws Exception {
        Path json = tmp.resolve("r.json");
        CliRun r = CliRun.of(
                "run",
                "-w",
                "io",
                "-p",
                "duration=1ms",
                "-e",
                "virtual",
                "--tasks",
                "50",
                "--trials",
                "2",
                "--warmup",
                "0",
                "-o",
                json.toString(),
                "--quiet");
        assertEquals(0, r.code(), r::toString);
        assertEquals("", r.out());
        RunResult result = ResultCodec.read(json);
        assertEquals(RunResult.SCHEMA, result.schema());
        CellResult cell = result.cells().get(0);
        for (TrialResult t : cell.trials()) {
            Histogram h = Histograms.decode(t.histograms().endToEnd());
            assertEquals(50, h.getTotalCount());
            assertEquals(t.latency().p50Nanos(), h.getValueAtPercentile(50));
            assertEquals(t.latency().p99Nanos(), h.getValueAtPercentile(99));
            assertEquals(t.latency().maxNanos(), h.getMaxValue());
        }
        // the round trip through JSON is lossless
        assertEquals(result, ResultCodec.fromJson(ResultCodec.toJson(result), "again"));
    }

    @Test
    void markdownFormatPrintsComparisonTable() {
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
                "--tasks",
                "20",
                "--trials",
                "1",
                "--warmup",
                "0",
                "--format",
                "markdown");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().startsWith("### io duration=2ms"), r::toString);
        assertTrue(r.out().contains("| fixed:threads=2 |") || r.out().contains("fixed:threads=2 |"), r::toString);
        assertTrue(r.out().contains("Speedup"), r::toString);
    }

    /**
     * run --verbose gives each speedup the p-value and trial counts behind its verdict, as compare
     * --verbose does (one place writes the cell, report/ComparisonTables); without it the cell is bare.
     */
    @Test
    void verboseShowsPAndTrialCountsBehindEachSpeedup() {
        String[] args = {
            "run",
            "-w",
            "noop",
            "-e",
            "sequential",
            "-e",
            "virtual",
            "--tasks",
            "100,200",
            "--trials",
            "3",
            "--warmup",
            "0"
        };
        CliRun plain = CliRun.of(args);
        assertEquals(0, plain.code(), plain::toString);
        assertTrue(plain.out().contains("Speedup"), plain::toString);
        assertTrue(!plain.out().contains("(p="), plain::toString);
        String[] verboseArgs = Arrays.copyOf(args, args.length + 1);
        verboseArgs[args.length] = "--verbose";
        CliRun verbose = CliRun.of(verboseArgs);
        assertEquals(0, verbose.code(), verbose::toString);
        String out = verbose.out();
        String table =
                out.substring(out.indexOf("— makespan (ms)"), out.indexOf("\ngeomean", out.indexOf("— makespan (ms)")));
        List<String> rows = table.lines()
                .filter(l -> l.startsWith("100 ") || l.startsWith("200 "))
                .toList();
        assertEquals(2, rows.size(), verbose::toString);
        for (String row : rows) {
            assertTrue(row.matches(".* \\(p=\\d\\.\\d{3} n=3\\+3\\)$"), () -> "no (p=… n=3+3) in: " + row);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "-w nope|unknown workload 'nope'; valid workloads: ",
                "-w io -e pool|unknown executor 'pool'; valid executors: fixed, virtual, bounded-virtual",
                "-w io --tasks 0|--tasks '0' is out of range; use 1 or more",
                "-w io --tasks -5|--tasks '-5' is not a count; write a whole number",
                "-w io --tasks abc|--tasks 'abc' is not a count; write a whole number, optionally with k (thousand) or M (million), e.g. 10000, 10k, 1M",
                "-w io --tasks 1m|--tasks '1m' is ambiguous: a lower-case 'm' is not a count suffix; write M for million (e.g. 1M; min means minutes)",
                "-w io -p size=1|workload 'io' has no parameter 'size'; its parameters are duration",
                "-w io -p duration=fast|parameter 'duration' of workload 'io': 'fast' is not a duration; write a number and a unit: ns, us, ms, s, min or h (e.g. 200ms, 30s, 2min)",
                "-w io -e fixed:threads=0|parameter 'threads' of executor 'fixed': '0' is out of range; use a whole number in 1..100000",
                "-w io -o /nonexistent-dir/r.json|-o /nonexistent-dir/r.json: directory /nonexistent-dir does not exist; create it first",
                "-w io --trials 0|--trials 0 must be at least 1",
                "-w io --metric p12|--metric 'p12' is unknown",
                "--workload|Missing required parameter for option '--workload'",
                "-w io --bogus|Unknown option: '--bogus'",
                "-e virtual|no workload given; add -w NAME"
            })
    void badInputIsOneLineAndExitTwo(String args, String expected) {
        CliRun r = CliRun.of(("run " + args).split(" "));
        r.assertUsageError(expected);
    }

    @Test
    void unwritableOutputFailsBeforeRunning() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("ro"));
        CliRun intoDirectory = CliRun.of("run", "-w", "noop", "-o", dir.toString());
        assertEquals(ExitCodes.USAGE, intoDirectory.code(), intoDirectory::toString);
        assertTrue(intoDirectory.err().contains("is a directory; give a file name"), intoDirectory::toString);
        if (!"root".equals(System.getProperty("user.name"))) {
            dir.toFile().setWritable(false);
            CliRun readOnly =
                    CliRun.of("run", "-w", "noop", "-o", dir.resolve("r.json").toString());
            assertEquals(ExitCodes.USAGE, readOnly.code(), readOnly::toString);
            assertTrue(readOnly.err().contains("cannot write in"), readOnly::toString);
        }
    }

    @Test
    void forksRunTrialsInFreshJvmsAndRecordIt() throws Exception {
        // one fork (one JVM start) runs both trials; the load shape and the parameters reach it: an open-model io cell
        Path rated = tmp.resolve("forked-rate.json");
        CliRun rate = CliRun.of(
                "run",
                "-w",
                "io",
                "-p",
                "duration=1ms",
                "--rate",
                "400/s",
                "--tasks",
                "20",
                "--trials",
                "2",
                "--warmup",
                "0",
                "--forks",
                "1",
                "-q",
                "-o",
                rated.toString());
        assertEquals(0, rate.code(), rate::toString);
        RunResult rateResult = ResultCodec.read(rated);
        assertEquals(1, rateResult.settings().forks());
        assertEquals(2, rateResult.cells().get(0).trials().size());
        assertTrue(
                rateResult.cells().get(0).trials().stream().allMatch(t -> t.fork() == 1 && t.completed() == 20),
                rate::toString);
        assertEquals(400.0, rateResult.cells().get(0).config().ratePerSecond());
        assertEquals("1ms", rateResult.cells().get(0).config().params().get("duration"));
        TrialResult forked = rateResult.cells().get(0).trials().get(0);
        assertEquals(1, forked.fork());
        assertTrue(forked.achievedRatePerSecond() > 0, rate::toString);
        assertTrue(forked.latency().p50Nanos() >= 1_000_000L, "the child slept the given 1ms, not the default 200ms");
        assertTrue(forked.latency().p50Nanos() < 150_000_000L, "the child slept the given 1ms, not the default 200ms");
        CliRun tooMany = CliRun.of("run", "-w", "noop", "--trials", "2", "--forks", "3");
        assertEquals(ExitCodes.USAGE, tooMany.code(), tooMany::toString);
        assertEquals(
                "vbench: --forks 3 must be 0 (trials in this JVM) up to --trials 2 (each fork runs at least one trial)",
                tooMany.err().strip());
    }

    @Test
    void failedTasksGiveExitOne() {
        // duration=0 never fails; use cpu with a huge iteration count? No: the noop workload cannot fail.
        // A failing run is covered through the engine in TrialRunnerTest; here --max-failures validation:
        CliRun r = CliRun.of("run", "-w", "noop", "--max-failures", "-1");
        assertEquals(ExitCodes.USAGE, r.code(), r::toString);
    }

    @Test
    void listShowsWorkloadsAndExecutors() {
        CliRun r = CliRun.of("list");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("io — Thread.sleep(duration)"), r::toString);
        assertTrue(r.out().contains("duration  (default 200ms;"), r::toString);
        assertTrue(r.out().contains("bounded-virtual — "), r::toString);
        assertTrue(r.out().contains("permits  (default 1000;"), r::toString);
    }

    @Test
    void versionAndHelp() {
        CliRun v = CliRun.of("--version");
        assertEquals(0, v.code());
        assertTrue(v.out().startsWith("vbench "), v::toString);
        CliRun h = CliRun.of("help", "run");
        assertEquals(0, h.code());
        assertTrue(h.out().contains("--executor=SPEC"), h::toString);
    }
}
