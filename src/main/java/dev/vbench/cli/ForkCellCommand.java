package dev.vbench.cli;

import dev.vbench.engine.CellPlan;
import dev.vbench.engine.Engine;
import dev.vbench.engine.ForkPlan;
import dev.vbench.engine.ForkRunner;
import dev.vbench.engine.RunPlan;
import dev.vbench.loader.UserCode;
import dev.vbench.measure.EnvironmentProbe;
import dev.vbench.measure.NanoClock;
import dev.vbench.measure.TrialProbes;
import dev.vbench.plan.Planner;
import dev.vbench.result.CellResult;
import dev.vbench.result.Environment;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The child side of {@code vbench run --forks N} (hidden): reads the {@link ForkPlan} the parent
 * ({@link ForkRunner}) wrote, runs that cell's warmup and measured trials in this JVM and writes
 * them as a vbench result file. The plan file is the whole protocol.
 */
@Command(name = ForkRunner.COMMAND, hidden = true,
        description = "Internal: run the cell of a fork plan in this JVM and write its trials to RESULT"
                + " (used by 'vbench run --forks').")
public final class ForkCellCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Parameters(index = "0", paramLabel = "PLAN", description = "The fork plan (JSON) the parent wrote.")
    Path planFile;

    @Parameters(index = "1", paramLabel = "RESULT", description = "Where to write the trials (a vbench result file).")
    Path out;

    @Parameters(index = "2", paramLabel = "FORK", description = "This fork's number, from 1.")
    int fork;

    @Override
    public Integer call() throws Exception {
        ForkPlan plan = read(planFile);
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        UserCode code;
        try {
            code = UserCode.open(plan.classPathText(), Path.of(""), Path.of(plan.dataRoot()), note -> {}, note -> {});
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
        try (code) {
            thread.setContextClassLoader(code.loader()); // as the parent: JDBC drivers, ServiceLoader in user code
            return runCell(plan, code);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private int runCell(ForkPlan plan, UserCode code) throws Exception {
        ForkPlan.Cell c = plan.cell();
        CellPlan cell = Planner.cell(code, c.id(), c.workload(), c.params(), c.executor(), c.load(), Math.max(1, c.batch()));
        StderrWarnings warnings = new StderrWarnings(spec.commandLine().getErr());
        TrialProbes.Settings probes = plan.probes();
        TrialProbes trialProbes = TrialProbes.standard(probes.pinning(), probes.pinningThreshold(), warnings::warning);
        Environment environment = EnvironmentProbe.capture(VersionProvider.version(),
                "vbench " + ForkRunner.COMMAND + " (fork " + fork + ")");
        RunPlan run = new RunPlan(List.of(cell), plan.settings(), Path.of(plan.dataRoot()));
        // First the cell as "exited": what the parent finds if user code ends this JVM before the real result
        OutputFiles.writeAtomically(out, ResultCodec.toJson(new RunResult(RunResult.SCHEMA, environment, plan.settings(),
                List.of(new CellResult(cell.id(), cell.config(), CellResult.EXITED, List.of(), Map.of(), List.of())))));
        RunResult result = new Engine(NanoClock.SYSTEM, trialProbes, plan.taskTimeout(), plan.profile())
                .run(run, environment, warnings);
        OutputFiles.writeAtomically(out, ResultCodec.toJson(result));
        if (result.cells().stream().anyMatch(r -> CellResult.STUCK.equals(r.status()))) {
            return ExitCodes.STUCK; // the parent reads the cell; this JVM ends, and with it any abandoned task
        }
        if (result.cells().stream().anyMatch(r -> CellResult.FAILED.equals(r.status()))) {
            return ExitCodes.USAGE; // the parent reads the failed cell and its note, and runs the other cells
        }
        boolean interrupted = result.cells().stream().anyMatch(r -> !CellResult.OK.equals(r.status()));
        return interrupted ? ExitCodes.INTERRUPTED : ExitCodes.OK;
    }

    private static ForkPlan read(Path file) {
        try {
            return ForkPlan.read(file);
        } catch (IOException e) {
            throw new UsageException(file + " is not a fork plan (" + e.getMessage().lines().findFirst().orElse("")
                    + "); this command is run by 'vbench run --forks', not by hand");
        }
    }
}
