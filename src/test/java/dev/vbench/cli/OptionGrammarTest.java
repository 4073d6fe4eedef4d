package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vbench.engine.CellPlan;
import dev.vbench.loader.UserCode;
import dev.vbench.plan.Plan;
import dev.vbench.plan.Planner;
import dev.vbench.testing.CliRun;
import java.io.PrintWriter;
import java.io.Writer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * One grammar of durations and counts for every option that takes one ({@code spi/Quantities}):
 * each case is bound and planned (not run, so a minute costs nothing), and each refusal is one line.
 */
class OptionGrammarTest {

    /** Parses {@code vbench run ARGS} with the real converters and returns the command. */
    private static RunCommand parse(String... args) {
        CommandLine cl = Cli.commandLine(new PrintWriter(Writer.nullWriter()), new PrintWriter(Writer.nullWriter()));
        cl.parseArgs(args);
        return cl.getSubcommands().get("run").getCommand();
    }

    @Test
    void minutesAreAcceptedByEveryDurationOption() {
        RunCommand run = parse("run", "-w", "io", "-p", "duration=1min,1.5min", "--concurrency", "2", "--duration", "1min",
                "--pinning-threshold", "1min");
        assertEquals(Duration.ofMinutes(1), run.pinningThreshold);
        Plan plan = Planner.plan(run.request(), UserCode.builtIn());
        List<CellPlan> cells = plan.cells();
        assertEquals(2, cells.size());
        assertEquals("1min", cells.get(0).params().asText().get("duration"));
        assertEquals(60_000_000_000L, cells.get(0).load().durationNanos(), "--duration 1min");
        assertEquals("window=1min concurrency=2", cells.get(0).config().loadText());
        assertEquals("1.5min", cells.get(1).params().asText().get("duration"));
    }

    /** --slo reads the same grammar: a minute is a bound, and a run with it prints the verdict against it. */
    @Test
    void sloAcceptsMinutes() {
        CliRun r = CliRun.of("run", "-w", "noop", "--concurrency", "1,2", "--tasks", "10", "--trials", "1", "--warmup", "0",
                "--slo", "p99<1min");
        assertEquals(0, r.code(), r::toString);
        org.junit.jupiter.api.Assertions.assertTrue(r.out().contains("p99 < 60000 ms"), r::toString);
    }

    @Test
    void countsAcceptThousandsAndMillions() {
        RunCommand run = parse("run", "-w", "noop", "--tasks", "10k,1M,2_000", "--concurrency", "1k");
        List<CellPlan> cells = Planner.plan(run.request(), UserCode.builtIn()).cells();
        assertEquals(List.of(10_000L, 1_000_000L, 2_000L), cells.stream().map(CellPlan::tasks).toList());
        assertEquals(1_000, cells.get(0).concurrency());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "--tasks 1m;--tasks '1m' is ambiguous: a lower-case 'm' is not a count suffix; write M for million (e.g. 1M; min means minutes)",
        "--concurrency 2m;--concurrency '2m' is ambiguous: a lower-case 'm' is not a count suffix; write M for million (e.g. 2M",
        "--rate 1m/h;--rate '1m/h' is ambiguous: a lower-case 'm' is not a count suffix; write M for million",
        "--duration 1m --concurrency 2;--duration '1m' is ambiguous: 'm' is not a unit; write min for minutes (e.g. 1min)",
        "--rate 5/s --timeout 1m;--timeout '1m' is ambiguous: 'm' is not a unit; write min for minutes (e.g. 1min)",
        "--pinning-threshold 1m;--pinning-threshold '1m' is ambiguous: 'm' is not a unit; write min for minutes (e.g. 1min)",
        "-p duration=1m;parameter 'duration' of workload 'io': '1m' is ambiguous: 'm' is not a unit; write min for minutes (e.g. 1min)",
        "-e fixed:threads=1m;parameter 'threads' of executor 'fixed': '1m' is not an integer",
        "--concurrency 1,2 --slo p99<1m;--slo 'p99<1m': '1m' is ambiguous: 'm' is not a unit; write min for minutes (e.g. 1min)"
    })
    void ambiguousMIsRefusedWithAHint(String options, String expected) {
        CliRun.of(("run -w io " + options).split(" ")).assertUsageError(expected);
    }
}
