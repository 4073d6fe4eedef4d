package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.app.ForkUseCase;
import dev.vbench.engine.CellPlan;
import dev.vbench.engine.ForkPlan;
import dev.vbench.engine.ForkRunner;
import dev.vbench.engine.LoadShape;
import dev.vbench.loader.UserCode;
import dev.vbench.measure.TrialProbes;
import dev.vbench.plan.Planner;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.result.TrialResult;
import dev.vbench.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code vbench run --forks N} gives its forks the run's --pinning and --pinning-threshold. */
class ForkProbesTest {

    @TempDir
    Path tmp;

    /** The parent's probe settings survive the fork plan (the line a fork reads on its stdin): read back, they are the same. */
    @Test
    void probeSettingsRoundTripThroughTheForkPlan() throws Exception {
        CellPlan cell =
                Planner.cell(UserCode.builtIn(), "c1", "noop", Map.of(), "virtual", new LoadShape.Closed(10, 0));
        for (TrialProbes.Settings sent : List.of(
                new TrialProbes.Settings(false, Duration.ZERO),
                new TrialProbes.Settings(true, Duration.ofMillis(20)),
                new TrialProbes.Settings(true, Duration.ofNanos(1500)),
                TrialProbes.Settings.DEFAULTS)) {
            String line = ForkPlan.of(
                            cell, RunSettings.trials(0, 1).withForks(1).withSeed(42), tmp, sent, 1)
                    .toLine();
            assertEquals(sent, ForkPlan.fromLine(line).probes());
        }
        assertEquals(
                new TrialProbes.Settings(true, Duration.ofMillis(5)),
                TrialProbes.standard(true, Duration.ofMillis(5), message -> {}).settings());
        assertEquals(new TrialProbes.Settings(false, Duration.ZERO), TrialProbes.NONE.settings());
    }

    /** The hidden child command refuses a file that is not a fork plan in one line, exit 2. */
    @Test
    void childRefusesAFileThatIsNotAPlan() throws Exception {
        Path notAPlan = Files.writeString(tmp.resolve("x.json"), "{\"suite\": 1}");
        CliRun r = CliRun.of(
                ForkRunner.COMMAND, notAPlan.toString(), tmp.resolve("o.json").toString(), "1");
        r.assertUsageError("is not a fork plan");
        assertTrue(r.errLine().endsWith("this command is run by 'vbench run --forks', not by hand"), r::toString);
    }

    /**
     * Only the command line the parent starts a fork with runs without picocli's model; any other (a plan file,
     * an option, another command) is parsed by picocli as always.
     */
    @Test
    void onlyTheParentsCommandLineSkipsPicocli() {
        assertEquals(
                new ForkUseCase.ParentCall(Path.of("/r.json"), 3),
                ForkUseCase.ParentCall.of(ForkRunner.COMMAND, "-", "/r.json", "3"));
        for (List<String> other : List.of(
                List.of(ForkRunner.COMMAND, "plan.json", "/r.json", "1"),
                List.of(ForkRunner.COMMAND, "-", "/r.json", "1", "--stacktrace"),
                List.of(ForkRunner.COMMAND, "-", "--help", "1"),
                List.of(ForkRunner.COMMAND, "-", "/r.json", "0"),
                List.of(ForkRunner.COMMAND, "-", "/r.json", "x"),
                List.of("run", "-", "/r.json", "1"))) {
            assertNull(ForkUseCase.ParentCall.of(other.toArray(String[]::new)), other::toString);
        }
    }

    /** End to end: a forked virtual-thread cell records pinning by default and not with --pinning off. */
    @Test
    void forkedTrialsRecordPinningOnlyWhenTheRunDoes() throws Exception {
        RunResult on = forkedRun("on.json");
        RunResult off = forkedRun("off.json", "--pinning", "off");
        for (TrialResult t : on.cells().get(0).trials()) {
            assertEquals(1, t.fork());
            assertTrue(t.telemetry().pinnedEvents() >= 0, () -> "recorded in the fork: " + t.telemetry());
        }
        for (TrialResult t : off.cells().get(0).trials()) {
            assertEquals(1, t.fork());
            assertEquals(-1, t.telemetry().pinnedEvents(), () -> "--pinning off reaches the fork: " + t.telemetry());
        }
    }

    private RunResult forkedRun(String name, String... extra) throws Exception {
        Path json = tmp.resolve(name);
        List<String> args = new ArrayList<>(List.of(
                "run",
                "-w",
                "noop",
                "-e",
                "virtual",
                "--tasks",
                "10",
                "--trials",
                "2",
                "--warmup",
                "0",
                "--forks",
                "1",
                "--pinning-threshold",
                "1ms",
                "-q",
                "-o",
                json.toString()));
        args.addAll(List.of(extra));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, r.code(), r::toString);
        return ResultCodec.read(json);
    }
}
