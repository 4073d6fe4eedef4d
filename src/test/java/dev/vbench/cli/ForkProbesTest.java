package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.engine.ForkRunner;
import dev.vbench.measure.TrialProbes;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.result.TrialResult;
import dev.vbench.testing.CliRun;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code vbench run --forks N} gives its forks the run's --pinning and --pinning-threshold. */
class ForkProbesTest {

    @TempDir
    Path tmp;

    /** The parent's probe settings survive the fork-cell command line: parsed back, they are the same. */
    @Test
    void probeSettingsRoundTripThroughTheForkCommandLine() {
        for (TrialProbes.Settings sent : List.of(new TrialProbes.Settings(false, Duration.ZERO),
                new TrialProbes.Settings(true, Duration.ofMillis(20)), new TrialProbes.Settings(true, Duration.ofNanos(1500)),
                TrialProbes.Settings.DEFAULTS)) {
            List<String> args = new ArrayList<>(List.of("--workload", "noop", "--executor", "virtual", "--tasks", "10",
                    "--trials", "1", "--data-dir", tmp.toString(), "--out", tmp.resolve("o.json").toString()));
            args.addAll(ForkRunner.probeArguments(sent));
            ForkCellCommand child = new ForkCellCommand();
            new CommandLine(child).parseArgs(args.toArray(String[]::new));
            assertEquals(sent, child.probes(message -> {}).settings(), args::toString);
        }
        // an older parent sends no probe options: the child records what it always did
        ForkCellCommand old = new ForkCellCommand();
        new CommandLine(old).parseArgs("--workload", "noop", "--executor", "virtual", "--tasks", "10", "--trials", "1",
                "--data-dir", tmp.toString(), "--out", tmp.resolve("o.json").toString());
        assertEquals(TrialProbes.Settings.DEFAULTS, old.probes(message -> {}).settings());
        assertEquals(List.of("--pinning", "off", "--pinning-threshold-nanos", "0"),
                ForkRunner.probeArguments(new TrialProbes.Settings(false, Duration.ZERO)));
        assertEquals(new TrialProbes.Settings(true, Duration.ofMillis(5)),
                TrialProbes.standard(true, Duration.ofMillis(5), message -> {}).settings());
        assertEquals(new TrialProbes.Settings(false, Duration.ZERO), TrialProbes.NONE.settings());
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
        List<String> args = new ArrayList<>(List.of("run", "-w", "noop", "-e", "virtual", "--tasks", "10", "--trials", "2",
                "--warmup", "0", "--forks", "1", "--pinning-threshold", "1ms", "-q", "-o", json.toString()));
        args.addAll(List.of(extra));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, r.code(), r::toString);
        return ResultCodec.read(json);
    }
}
