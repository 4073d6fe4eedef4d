package dev.vbench.cli;

import dev.vbench.app.CalibrateUseCase;
import dev.vbench.app.ExitCodes;
import dev.vbench.config.Defaults;
import dev.vbench.profile.ProfileEvent;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code vbench calibrate}: the harness's own overhead. Options → {@link CalibrateUseCase.Request} →
 * {@link CalibrateUseCase} (which plans one cell per executor and has the engine measure the rounds, in this JVM or in
 * {@code fork-cell} children) → the table on stdout.
 */
@Command(
        name = "calibrate",
        showDefaultValues = true,
        description = {
            "Measure vbench's own cost per task against a bare loop on the same executor.",
            "",
            "A workload's tasks (empty ones by default) go through the full recording path and through a bare",
            "submit loop on the same executor, both timed first submit -> last task end.",
            "Ratio = vbench throughput / bare throughput (goal >= 0.90 on noop, >= 0.97 on a 1 us task)."
        })
public final class CalibrateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Option(
            names = {"-w", "--workload"},
            paramLabel = "NAME",
            defaultValue = "noop",
            completionCandidates = BuiltInNames.Workloads.class,
            description = "Workload whose task is run (see 'vbench list'), e.g. noop, hello, cpu.")
    String workload;

    @Option(
            names = {"-p", "--param"},
            paramLabel = "NAME=VALUE",
            description = "Workload parameter (one value each), e.g. -p iterations=500.")
    List<String> params = new ArrayList<>();

    @Option(
            names = "--tasks",
            paramLabel = "N",
            defaultValue = "" + Defaults.CALIBRATE_TASKS,
            converter = OptionTypes.TasksConverter.class,
            description = "Tasks per round; accepts 300k, 1M.")
    long tasks;

    @Option(
            names = "--concurrency",
            paramLabel = "C",
            defaultValue = "0",
            converter = OptionTypes.ConcurrencyOrUnlimitedConverter.class,
            description =
                    "At most C tasks in flight, as 'vbench run --concurrency' (closed-loop clients); the bare loop"
                            + " then holds a semaphore the same way. 0: unlimited.")
    long concurrency;

    @Option(
            names = "--rounds",
            defaultValue = "" + Defaults.CALIBRATE_ROUNDS,
            description = "Rounds per executor (per fork with --forks), each a bare"
                    + " loop and a vbench trial in alternating order (ABBA); the median round is reported.")
    int rounds;

    @Option(
            names = "--warmup",
            paramLabel = "N",
            defaultValue = "" + Defaults.CALIBRATE_WARMUP,
            description = "Warmup rounds before the measured ones (in each fork with --forks), each a bare loop and a"
                    + " vbench trial. The first rounds of a JVM still run code the JIT is compiling: on 'sequential'"
                    + " a ratio climbs from ~0.85 to its level over the first four rounds.")
    int warmup;

    @Option(
            names = "--forks",
            paramLabel = "N",
            defaultValue = "0",
            description = "Run each executor's rounds in N fresh JVMs (same java, JVM options and class path; --warmup"
                    + " rounds in each), as 'vbench run --forks' does. A JVM keeps its JIT decisions for life, so from 2"
                    + " forks on the forks are the samples: the ratio is the median of each fork's median round, its CI"
                    + " over the forks (6 or more). 0: every round in this JVM.")
    int forks;

    @Option(
            names = {"-e", "--executor"},
            paramLabel = "SPEC",
            completionCandidates = BuiltInNames.Executors.class,
            description = "Executors to calibrate. Default: virtual and fixed.")
    List<String> executors = new ArrayList<>();

    @Option(
            names = "--pinning",
            paramLabel = "on|off",
            defaultValue = "on",
            description =
                    "Include the JFR pinning probe in the vbench path, as 'vbench run' does (GC and scheduler probes always).")
    RunCommand.Pinning pinning;

    @Option(
            names = "--profile",
            paramLabel = "EVENT[,EVENT…]",
            converter = OptionTypes.ProfileEventsConverter.class,
            description = "Profile the vbench side as 'vbench run --profile' does (tasks, cpu, wall, lock, alloc):"
                    + " the ratio is then vbench with profiling vs the bare loop, what profiling costs.")
    List<ProfileEvent> profileEvents = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        CalibrateUseCase.Outcome outcome = CalibrateUseCase.calibrate(
                new CalibrateUseCase.Request(
                        workload,
                        params,
                        tasks,
                        concurrency,
                        rounds,
                        warmup,
                        forks,
                        executors,
                        pinning == RunCommand.Pinning.on,
                        profileEvents),
                message -> err.println("vbench: warning: " + message));
        PrintWriter out = spec.commandLine().getOut();
        out.print(outcome.text());
        out.flush();
        return ExitCodes.OK;
    }
}
