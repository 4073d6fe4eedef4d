package dev.vbench.cli;

import dev.vbench.engine.CellPlan;
import dev.vbench.engine.DataDirs;
import dev.vbench.engine.Engine;
import dev.vbench.engine.RunListener;
import dev.vbench.engine.RunPlan;
import dev.vbench.executor.ConfiguredExecutor;
import dev.vbench.measure.EnvironmentProbe;
import dev.vbench.measure.NanoClock;
import dev.vbench.report.Format;
import dev.vbench.report.ReportOptions;
import dev.vbench.result.CellResult;
import dev.vbench.result.Environment;
import dev.vbench.result.Metric;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.spi.Params;
import dev.vbench.spi.WorkloadProvider;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code vbench run}: expand the matrix, run it, write results, print tables. */
@Command(name = "run", sortOptions = false, showDefaultValues = true,
        description = {"Run a workload on one or more executors and print the results.", "",
            "Every combination of -p values, --tasks, --concurrency and -e executors is a cell; each cell runs",
            "--warmup trials (discarded) then --trials measured trials, each on a fresh executor.", "",
            "Examples:",
            "  vbench run -w io -e virtual --tasks 10000",
            "  vbench run -w io -e fixed:threads=200 -e virtual --tasks 10000 --format markdown",
            "  vbench run -w io -p duration=10ms,20ms -e virtual -o io.json"})
public final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Option(names = {"-w", "--workload"}, paramLabel = "NAME", description = "Workload to run (see 'vbench list').")
    String workload;

    @Option(names = {"-e", "--executor"}, paramLabel = "SPEC",
            description = "Executor strategy, NAME[:key=value,…], repeatable (e.g. fixed:threads=200, virtual,"
                    + " bounded-virtual:permits=1000). Default: virtual.")
    List<String> executors = new ArrayList<>();

    @Option(names = {"-p", "--param"}, paramLabel = "NAME=V1[,V2…]",
            description = "Workload parameter; a comma list sweeps it (one cell per value). Repeatable.")
    List<String> params = new ArrayList<>();

    @Option(names = "--tasks", paramLabel = "N[,N…]",
            description = "Tasks per trial; a list sweeps. Accepts 10k, 1M. Default: the workload's, else "
                    + MatrixBuilder.DEFAULT_TASKS + ".")
    String tasks;

    @Option(names = "--concurrency", paramLabel = "C[,C…]",
            description = "Maximum tasks in flight (closed-loop clients); a list sweeps. Default: unlimited.")
    String concurrency;

    @Option(names = "--warmup", paramLabel = "W", defaultValue = "1", description = "Warmup trials per cell, discarded.")
    int warmup;

    @Option(names = "--trials", paramLabel = "T", defaultValue = "6",
            description = "Measured trials per cell: the statistical samples. 6 is the fewest with a finite 95%% CI of the median.")
    int trials;

    @Option(names = "--seed", defaultValue = "42", description = "Seed for generated inputs.")
    long seed;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write results to FILE (repeatable), rewritten after every cell. Format by extension:"
                    + " .json, .md, .csv, .txt; otherwise --format, else JSON. '-' writes --format to stdout.")
    List<String> outputs = new ArrayList<>();

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT",
            description = "Format for stdout (and for -o files without a known extension): ${COMPLETION-CANDIDATES}."
                    + " Default: console.")
    Format format;

    @Option(names = "--metric", paramLabel = "METRIC", defaultValue = "makespan",
            description = "Metric compared across executors: makespan, throughput, mean, p50, p90, p99, p999, max, cpu.")
    String metric;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Where generated inputs are cached. Default: $VBENCH_DATA_DIR, $XDG_CACHE_HOME/vbench or ~/.cache/vbench.")
    Path dataDir;

    @Option(names = "--max-failures", paramLabel = "N", defaultValue = "0",
            description = "Failed tasks tolerated before the exit code is 1.")
    long maxFailures;

    @Option(names = {"-q", "--quiet"}, description = "Print nothing on stdout when writing -o files; no progress.")
    boolean quiet;

    @Option(names = "--verbose", description = "More tables and detail.")
    boolean verbose;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Metric tableMetric = parseMetric();
        RunPlan plan = plan();
        List<Output> files = outputs();
        ReportOptions reportOptions = new ReportOptions(tableMetric, verbose);
        Environment environment = EnvironmentProbe.capture(VersionProvider.version(),
                "vbench " + String.join(" ", spec.commandLine().getParseResult().originalArgs()));
        boolean interactive = !quiet && Terminals.interactive();
        if (!quiet) {
            err.println("vbench: " + plan.cells().size() + " cell(s) × (" + warmup + " warmup + " + trials
                    + " measured trials)" + (tasks == null ? ", tasks " + plan.cells().get(0).tasks() + " (default)" : "")
                    + (interactive ? "; Ctrl-C stops and keeps finished cells" : ""));
            err.flush();
        }
        RunResult[] latest = {new RunResult(RunResult.SCHEMA, environment, plan.settings(), List.of())};
        List<CellResult> finished = new ArrayList<>();
        RunListener progress = new StderrProgress(err, interactive);
        RunListener listener = new RunListener() {
            @Override
            public void cellStarted(CellPlan cell, int i, int n) {
                progress.cellStarted(cell, i, n);
            }

            @Override
            public void cellFinished(CellResult result, int i, int n) {
                finished.add(result);
                latest[0] = latest[0].withCells(finished);
                writeFiles(files, latest[0], reportOptions);
                progress.cellFinished(result, i, n);
            }

            @Override
            public void warning(String message) {
                progress.warning(message);
            }
        };
        RunResult result = runWithInterruptHook(plan, environment, listener);
        printStdout(out, files, result, reportOptions);
        return exitCode(err, result);
    }

    private RunResult runWithInterruptHook(RunPlan plan, Environment environment, RunListener listener) throws Exception {
        Thread runner = Thread.currentThread();
        CountDownLatch done = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            runner.interrupt();
            try {
                done.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
        }, "vbench-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return new Engine(NanoClock.SYSTEM).run(plan, environment, listener);
        } finally {
            done.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException ignored) {
                // the JVM is already shutting down (Ctrl-C): the hook is running
            }
        }
    }

    private int exitCode(PrintWriter err, RunResult result) {
        long failures = result.cells().stream().mapToLong(CellResult::failures).sum();
        boolean interrupted = result.cells().stream().anyMatch(c -> CellResult.INTERRUPTED.equals(c.status()));
        if (interrupted) {
            err.println("vbench: interrupted; finished cells were kept");
            return ExitCodes.INTERRUPTED;
        }
        if (failures > maxFailures) {
            err.println("vbench: " + failures + " task(s) failed (more than --max-failures " + maxFailures
                    + "); see the notes above and failureSamples in the JSON result");
            return ExitCodes.FAILED;
        }
        return ExitCodes.OK;
    }

    private Metric parseMetric() {
        Metric m = Metric.byKey(metric);
        if (m == null) {
            throw new UsageException("--metric '" + metric + "' is unknown; use one of makespan, throughput, mean, p50,"
                    + " p90, p99, p999, max, cpu");
        }
        return m;
    }

    RunPlan plan() {
        if (workload == null) {
            throw new UsageException("no workload given; add -w NAME (see 'vbench list' for the names)");
        }
        if (trials < 1) {
            throw new UsageException("--trials " + trials + " must be at least 1 (6 or more for a confidence interval)");
        }
        if (warmup < 0) {
            throw new UsageException("--warmup " + warmup + " must be 0 or more");
        }
        if (maxFailures < 0) {
            throw new UsageException("--max-failures " + maxFailures + " must be 0 or more");
        }
        WorkloadProvider provider = MatrixBuilder.workload(workload);
        List<ConfiguredExecutor> configured = MatrixBuilder.executors(executors.isEmpty() ? List.of("virtual") : executors);
        List<Params> paramSets = MatrixBuilder.paramCombinations(provider, MatrixBuilder.sweeps(params));
        List<Long> taskCounts = tasks == null ? null : Counts.parseList("--tasks", tasks, 1, Long.MAX_VALUE);
        List<Long> concurrencies = concurrency == null ? List.of(0L)
                : Counts.parseList("--concurrency", concurrency, 1, 10_000_000);
        List<CellPlan> cells = MatrixBuilder.cells(provider, paramSets, taskCounts, concurrencies, configured);
        if (dataDir != null) {
            DataDirCheck.checkWritable(dataDir);
        }
        Path root = dataDir != null ? dataDir : DataDirs.defaultRoot();
        return new RunPlan(cells, new RunSettings(warmup, trials, 0, seed), root);
    }

    /** An -o target: a file and its format, or stdout. */
    record Output(Path file, Format format) {}

    List<Output> outputs() {
        List<Output> out = new ArrayList<>();
        for (String o : outputs) {
            if (o.equals("-")) {
                out.add(new Output(null, format == null ? Format.CONSOLE : format));
                continue;
            }
            Path file = Path.of(o);
            Format byExtension = Format.fromFileName(o);
            Format f = byExtension != null ? byExtension : format != null ? format : Format.JSON;
            OutputFiles.checkWritable(file);
            out.add(new Output(file, f));
        }
        return out;
    }

    private static void writeFiles(List<Output> files, RunResult result, ReportOptions options) {
        for (Output o : files) {
            if (o.file() == null) {
                continue;
            }
            try {
                OutputFiles.writeAtomically(o.file(), o.format().exporter(options).render(result));
            } catch (IOException e) {
                throw new EnvironmentException("cannot write " + o.file() + ": " + e.getMessage()
                        + "; check free space and permissions", e);
            }
        }
    }

    private void printStdout(PrintWriter out, List<Output> files, RunResult result, ReportOptions options) {
        writeFiles(files, result, options);
        for (Output o : files) {
            if (o.file() == null) {
                out.print(o.format().exporter(options).render(result));
            }
        }
        boolean anyFile = files.stream().anyMatch(o -> o.file() != null);
        boolean stdoutTaken = files.stream().anyMatch(o -> o.file() == null);
        if (stdoutTaken || (quiet && anyFile)) {
            out.flush();
            return;
        }
        Format stdoutFormat = anyFile || format == null ? Format.CONSOLE : format;
        out.print(stdoutFormat.exporter(options).render(result));
        out.flush();
    }
}
