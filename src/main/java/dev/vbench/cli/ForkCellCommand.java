package dev.vbench.cli;

import dev.vbench.engine.CellPlan;
import dev.vbench.engine.Engine;
import dev.vbench.engine.ForkRunner;
import dev.vbench.engine.RunListener;
import dev.vbench.engine.LoadShape;
import dev.vbench.engine.RunPlan;
import dev.vbench.executor.ConfiguredExecutor;
import dev.vbench.loader.UserCode;
import dev.vbench.measure.EnvironmentProbe;
import dev.vbench.measure.NanoClock;
import dev.vbench.measure.TrialProbes;
import dev.vbench.result.CellResult;
import dev.vbench.result.Environment;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.spi.Params;
import dev.vbench.spi.WorkloadProvider;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The child side of {@code vbench run --forks N} (hidden): runs warmup and measured trials of
 * exactly one cell in this JVM and writes them as a vbench result file to {@code --out}. The
 * parent ({@link ForkRunner}) builds this command line; its option names are the protocol.
 */
@Command(name = ForkRunner.COMMAND, hidden = true,
        description = "Internal: run one cell in this JVM and write its trials to --out (used by 'vbench run --forks').")
public final class ForkCellCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--workload", required = true)
    String workload;

    @Option(names = "--param")
    List<String> params = new ArrayList<>();

    @Option(names = "--executor", required = true)
    String executor;

    @Option(names = "--tasks", required = true)
    long tasks;

    @Option(names = "--concurrency", defaultValue = "0")
    int concurrency;

    @Option(names = "--warmup", defaultValue = "0")
    int warmup;

    @Option(names = "--trials", required = true)
    int trials;

    @Option(names = "--duration-nanos", defaultValue = "0")
    long durationNanos;

    @Option(names = "--rate", defaultValue = "0")
    double rate;

    @Option(names = "--timeout-nanos", defaultValue = "0")
    long timeoutNanos;

    @Option(names = "--seed", defaultValue = "42")
    long seed;

    @Option(names = "--data-dir", required = true)
    Path dataDir;

    @Option(names = "--fork", defaultValue = "1")
    int fork;

    @Option(names = "--out", required = true)
    Path out;

    /** The parent's --classpath entries (absolute). */
    @Option(names = "--classpath", defaultValue = "")
    String classPath;

    /** As {@code vbench run --pinning}; absent (an older parent): on, as {@link TrialProbes#defaults()}. */
    @Option(names = "--pinning", defaultValue = "on")
    RunCommand.Pinning pinning;

    /** As {@code vbench run --pinning-threshold}, in nanoseconds. */
    @Option(names = "--pinning-threshold-nanos", defaultValue = "0")
    long pinningThresholdNanos;

    /** The probes the parent asked for. */
    TrialProbes probes(java.util.function.Consumer<String> warn) {
        if (pinningThresholdNanos < 0) {
            throw new UsageException("--pinning-threshold-nanos " + pinningThresholdNanos + " must be 0 or more");
        }
        return TrialProbes.standard(pinning == RunCommand.Pinning.on, java.time.Duration.ofNanos(pinningThresholdNanos), warn);
    }

    /** Parameters the parent put in {@link ForkRunner#PARAMS_ENV}; empty when run by hand. */
    private static Map<String, String> paramsFromEnvironment() throws java.io.IOException {
        String json = System.getenv(ForkRunner.PARAMS_ENV);
        if (json == null || json.isBlank()) {
            return Map.of();
        }
        return ResultCodec.mapper().readValue(json,
                new com.fasterxml.jackson.core.type.TypeReference<java.util.TreeMap<String, String>>() {});
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        UserCode code;
        try {
            code = UserCode.open(classPath, Path.of(""), dataDir, note -> {}, note -> {});
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
        try (code) {
            thread.setContextClassLoader(code.loader());
            return runCell(err, code);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private int runCell(PrintWriter err, UserCode code) throws Exception {
        WorkloadProvider provider = MatrixBuilder.workload(code, workload);
        Map<String, String> given = new LinkedHashMap<>(paramsFromEnvironment());
        for (String p : params) {
            int eq = p.indexOf('=');
            if (eq <= 0) {
                throw new UsageException("--param '" + p + "' is not name=value");
            }
            given.put(p.substring(0, eq), p.substring(eq + 1)); // one value: no sweep splitting on commas
        }
        Params resolved;
        try {
            resolved = Params.resolve(provider.name(), provider.params(), given);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
        ConfiguredExecutor configured = MatrixBuilder.executors(code, List.of(executor)).get(0);
        LoadShape load = rate > 0 ? new LoadShape.OpenRate(rate, tasks, durationNanos, timeoutNanos, concurrency)
                : durationNanos > 0 ? new LoadShape.Timed(durationNanos, concurrency)
                : new LoadShape.Closed(tasks, concurrency);
        CellPlan cell = new CellPlan("c1", provider, resolved, configured, load);
        RunPlan plan = new RunPlan(List.of(cell), new RunSettings(warmup, trials, 0, seed), dataDir);
        Environment environment = EnvironmentProbe.capture(VersionProvider.version(),
                "vbench " + ForkRunner.COMMAND + " (fork " + fork + ")");
        TrialProbes probes = probes(message -> {
            err.println("vbench: warning: " + message);
            err.flush();
        });
        RunResult result = new Engine(NanoClock.SYSTEM, probes).run(plan, environment, new RunListener() {
            @Override
            public void warning(String message) {
                err.println("vbench: warning: " + message);
                err.flush();
            }
        });
        OutputFiles.writeAtomically(out, ResultCodec.toJson(result));
        boolean interrupted = result.cells().stream().anyMatch(c -> !CellResult.OK.equals(c.status()));
        return interrupted ? ExitCodes.INTERRUPTED : ExitCodes.OK;
    }
}
