package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vbench.app.RunUseCase;
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
        RunCommand run = parse(
                "run",
                "-w",
                "io",
                "-p",
                "duration=1min,1.5min",
                "--concurrency",
                "2",
                "--duration",
                "1min",
                "--pinning-threshold",
                "1min");
        assertEquals(Duration.ofMinutes(1), run.pinningThreshold);
        Plan plan = Planner.plan(RunUseCase.planRequest(run.request()), UserCode.builtIn());
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
        CliRun r = CliRun.of(
                "run",
                "-w",
                "noop",
                "--concurrency",
                "1,2",
                "--tasks",
                "10",
                "--trials",
                "1",
                "--warmup",
                "0",
                "--slo",
                "p99<1min");
        assertEquals(0, r.code(), r::toString);
        org.junit.jupiter.api.Assertions.assertTrue(r.out().contains("p99 < 60000 ms"), r::toString);
    }

    @Test
    void countsAcceptThousandsAndMillions() {
        RunCommand run = parse("run", "-w", "noop", "--tasks", "10k,1M,2_000", "--concurrency", "1k");
        List<CellPlan> cells = Planner.plan(RunUseCase.planRequest(run.request()), UserCode.builtIn())
                .cells();
        assertEquals(
                List.of(10_000L, 1_000_000L, 2_000L),
                cells.stream().map(CellPlan::tasks).toList());
        assertEquals(1_000, cells.get(0).concurrency());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--tasks 1m|--tasks '1m' is ambiguous: a lower-case 'm' is not a count suffix; write M for million (e.g. 1M; min means minutes)",
                "--concurrency 2m|--concurrency '2m' is ambiguous: a lower-case 'm' is not a count suffix; write M for million (e.g. 2M",
                "--rate 1m/h|--rate '1m/h' is ambiguous: a lower-case 'm' is not a count suffix; write M for million",
                "--duration 1m --concurrency 2|--duration '1m' is ambiguous: 'm' is not a unit; write min for minutes (e.g. 1min)",
                "--rate 5/s --timeout 1m|--timeout '1m' is ambiguous: 'm' is not a unit; write min for minutes (e.g. 1min)",
                "--pinning-threshold 1m|--pinning-threshold '1m' is ambiguous: 'm' is not a unit; write min for minutes (e.g. 1min)",
                "-p duration=1m|parameter 'duration' of workload 'io': '1m' is ambiguous: 'm' is not a unit; write min for minutes (e.g. 1min)",
                "-e fixed:threads=1m|parameter 'threads' of executor 'fixed': '1m' is ambiguous: a lower-case 'm' is not a count suffix; write M for million",
                "--concurrency 1,2 --slo p99<1m|--slo 'p99<1m': '1m' is ambiguous: 'm' is not a unit; write min for minutes (e.g. 1min)"
            })
    void ambiguousMIsRefusedWithAHint(String options, String expected) {
        CliRun.of(("run -w io " + options).split(" ")).assertUsageError(expected);
    }

    /**
     * A value out of range is quoted as it was typed, not as the value it became ({@code 0s} is not
     * shown as {@code 0ns}, {@code 60M} not as {@code 60000000}): for the durations, counts and rates
     * of the run options, and for workload and executor parameters.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--duration 0.0005s --concurrency 2|--duration '0.0005s' is out of range; use 1ms to 24h, e.g. --duration 30s",
                "--duration 0s --concurrency 2|--duration '0s' is out of range; use 1ms to 24h, e.g. --duration 30s",
                "--duration 1441min --concurrency 2|--duration '1441min' is out of range; use 1ms to 24h, e.g. --duration 30s",
                "--rate 5/s --timeout 0.5us|--timeout '0.5us' is out of range; use 1us to 24h, e.g. --timeout 1s",
                "--pinning-threshold 3600.001s|--pinning-threshold '3600.001s' is out of range; use 0ms to 1h",
                "--tasks 0k|--tasks '0k' is out of range; use 1 or more",
                "--tasks 10,60M|--tasks '60M' is more than one trial can record (50000000); use fewer tasks and more --trials",
                "--concurrency 1,20M|--concurrency '20M' is out of range; use 1 to 10000000",
                "--rate 0.0/min|--rate '0.0/min' must be more than 0; write e.g. --rate 1000/s",
                "--rate 20M/s|--rate '20M/s' is above 10000000/s, more than one submitter thread can schedule; use a lower rate",
                "-e fixed:threads=00|parameter 'threads' of executor 'fixed': '00' is out of range; use a whole number in 1..100000",
                "-e bounded-virtual:permits=1_0000_000_0|parameter 'permits' of executor 'bounded-virtual': '1_0000_000_0' is out of range; use a whole number in 1..10000000",
                "-p duration=2h|parameter 'duration' of workload 'io': '2h' is out of range; use a duration from 0ns to 10min"
            })
    void rangeErrorsQuoteWhatWasTyped(String options, String expected) {
        CliRun r = CliRun.of(("run -w io " + options).split(" "));
        r.assertUsageError(expected);
        assertEquals("vbench: " + expected, r.errLine(), r::toString);
    }
}
