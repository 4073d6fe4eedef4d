package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.CellResult;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.result.TrialResult;
import dev.vbench.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every option of {@code vbench run} with a suite file either applies to every experiment or is
 * refused with the reason (exit 2): none is silently ignored.
 */
class SuiteRunOptionsTest {

    @TempDir
    Path tmp;

    private Path suite;

    @BeforeEach
    void writeSuite() throws Exception {
        suite = Files.writeString(tmp.resolve("tiny.yaml"), """
                suite: tiny
                trials: 2
                warmup: 0
                experiments:
                  - name: a
                    workload: noop
                    executors: [virtual, "fixed:threads=2"]
                    tasks: 10
                """);
    }

    private RunResult run(String... options) throws Exception {
        Path json = tmp.resolve("r.json");
        List<String> args = new ArrayList<>(List.of("run", suite.toString(), "-q", "-o", json.toString()));
        args.addAll(List.of(options));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, r.code(), r::toString);
        return ResultCodec.read(json);
    }

    @Test
    void forksApplyToEverySuiteCellAndAreRecorded() throws Exception {
        RunResult result = run("--forks", "1");
        assertEquals(1, result.settings().forks(), "the result records forks: 1");
        assertEquals(2, result.cells().size());
        for (CellResult cell : result.cells()) {
            assertEquals(2, cell.trials().size());
            assertTrue(cell.trials().stream().allMatch(t -> t.fork() == 1), () -> "ran in fork 1: " + cell.trials());
        }
        CliRun tooMany = CliRun.of("run", suite.toString(), "--forks", "3");
        tooMany.assertUsageError(":5: experiment 'a': --forks 3 must be 0 (trials in this JVM) up to --trials 2");
    }

    @Test
    void pinningOffAppliesToSuiteCells() throws Exception {
        for (TrialResult t : run("--pinning", "off").cells().get(0).trials()) {
            assertEquals(-1, t.telemetry().pinnedEvents(), () -> "not recorded: " + t.telemetry());
        }
        for (TrialResult t : run("--pinning-threshold", "1min").cells().get(0).trials()) {
            assertTrue(t.telemetry().pinnedEvents() >= 0, () -> "recorded: " + t.telemetry());
        }
    }

    @Test
    void trialsWarmupAndSeedApplyToSuiteCells() throws Exception {
        RunResult result = run("--trials", "3", "--warmup", "1", "--seed", "7");
        assertEquals(3, result.cells().get(0).trials().size());
        assertEquals(1, result.settings().warmupTrials());
        assertEquals(7, result.settings().seed());
    }

    /** --max-failures sets the exit code of a suite run as of a -w run; a bad value is refused first. */
    @Test
    void maxFailuresAppliesToSuites() throws Exception {
        run("--max-failures", "5");
        CliRun.of("run", suite.toString(), "--max-failures", "-1")
                .assertUsageError("--max-failures '-1' is not a count; write a whole number");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = ';',
            value = {
                "--rate 100/s;--rate does not apply to a suite: its tables compare task counts run as fast as possible",
                "--duration 1s;--duration does not apply to a suite: its tables compare task counts run as fast as possible",
                "--timeout 1s;--timeout does not apply to a suite: its tables compare task counts run as fast as possible",
                "--slo p99<1min;--slo picks the best level of a --concurrency sweep in run tables, and a suite prints its own tables",
                "--tasks 5;a suite file defines its own workloads, executors, parameters, tasks and concurrency",
                "-w noop;a suite file defines its own workloads"
            })
    void optionsThatCannotApplyAreRefusedWithTheReason(String option, String reason) {
        List<String> args = new ArrayList<>(List.of("run", suite.toString(), "--forks", "1"));
        args.addAll(List.of(option.split(" ")));
        CliRun.of(args.toArray(String[]::new)).assertUsageError(reason);
    }
}
