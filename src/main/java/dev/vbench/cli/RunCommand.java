package dev.vbench.cli;

import dev.vbench.engine.CellPlan;
import dev.vbench.engine.DataDirs;
import dev.vbench.engine.Engine;
import dev.vbench.engine.RunListener;
import dev.vbench.engine.RunPlan;
import dev.vbench.executor.ConfiguredExecutor;
import dev.vbench.loader.UserCode;
import dev.vbench.measure.EnvironmentProbe;
import dev.vbench.measure.NanoClock;
import dev.vbench.measure.PinningProbe;
import dev.vbench.measure.TrialProbes;
import dev.vbench.report.Format;
import dev.vbench.report.ReportOptions;
import dev.vbench.report.Slo;
import dev.vbench.result.CellResult;
import dev.vbench.result.Environment;
import dev.vbench.result.Metric;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.spi.ParamType;
import dev.vbench.spi.Params;
import dev.vbench.spi.WorkloadProvider;
import dev.vbench.suite.Scale;
import dev.vbench.suite.SuiteLoader;
import dev.vbench.suite.SuiteSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
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
            "Every combination of -p values, --tasks, --rate, --concurrency and -e executors",
            "is a cell; each cell runs --warmup trials (discarded) then --trials measured",
            "trials, each on a fresh executor.", "",
            "Examples:",
            "  vbench run -w io -e virtual --tasks 10000",
            "  vbench run -w io -e fixed:threads=200 -e virtual --tasks 10000 --format markdown",
            "  vbench run -w io -p duration=10ms,20ms -e virtual -o io.json",
            "  vbench run -w io -e fixed:threads=8 -e virtual --rate 1000/s --timeout 1s",
            "  vbench run -w io -e virtual --concurrency 1,4,16,64 --slo 'p99<20ms'",
            "  vbench run -w io -e virtual --concurrency 64 --duration 30s",
            "  vbench run -w 'java.util.UUID::randomUUID' -e virtual -e fixed:threads=2",
            "  vbench run -w examples/single-file/Fib.java -p n=20,25 -e virtual -e fixed:threads=2",
            "  vbench run --classpath target/classes -w 'com.acme.Checkout::handle' -e virtual"})
public final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Mixin
    ClassPathOption classPath;

    /** The user's code (--classpath) for this command; built-ins only until {@link #call()} opens it. */
    private UserCode code = UserCode.builtIn();

    @picocli.CommandLine.Parameters(arity = "0..1", paramLabel = "SUITE",
            description = "A suite file (workloads/*.yaml) to run instead of -w/-e/-p: its experiments and tables.")
    String suiteFile;

    @Option(names = "--scale", paramLabel = "SCALE", defaultValue = "full",
            description = "With a suite: quick (under 2 minutes on 2 cores) or full (the source report's size).")
    String scale;

    @Option(names = {"-w", "--workload"}, paramLabel = "WORKLOAD",
            description = "Workload to run: a NAME (see 'vbench list'; providers on --classpath too), a provider CLASS,"
                    + " 'CLASS::METHOD' (a public method taking () or (long index); -p sets its public fields and"
                    + " setters), or FILE.java (compiled in memory and cached; its provider or public run method).")
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

    @Option(names = "--duration", paramLabel = "TIME",
            description = "Run each trial for a time instead of a task count (e.g. 30s, 500ms, 2min), with"
                    + " --concurrency C closed-loop clients or at --rate. Not together with --tasks.")
    String duration;

    @Option(names = "--rate", paramLabel = "R[,R…]",
            description = "Open model: start task i at t0 + i/rate whether or not earlier tasks finished (e.g. 5000/s,"
                    + " 5k/s, 300/min); latency counts from that intended start (coordinated-omission corrected),"
                    + " the uncorrected figure is printed too. A list sweeps.")
    String rate;

    @Option(names = "--timeout", paramLabel = "TIME",
            description = "With --rate: a task not started within TIME of its intended start is dropped (never run),"
                    + " one that ends later is counted as timed out; both are reported, never hidden.")
    String timeout;

    @Option(names = "--slo", paramLabel = "STAT<TIME",
            description = "Latency objective for a --concurrency sweep, e.g. 'p99<50ms' (quoted: < is a shell"
                    + " redirection; STAT: mean, p50, p90, p99, p999, max): the best concurrency is the highest"
                    + " throughput whose median STAT meets it.")
    String slo;

    @Option(names = "--warmup", paramLabel = "W", defaultValue = "1", description = "Warmup trials per cell, discarded.")
    int warmup;

    @Option(names = "--trials", paramLabel = "T", defaultValue = "6",
            description = "Measured trials per cell: the statistical samples. 6 is the fewest with a finite 95%% CI of the median.")
    int trials;

    @Option(names = "--forks", paramLabel = "N", defaultValue = "0",
            description = "Run each cell's trials in N fresh JVMs (same java, JVM options and class path; --trials split"
                    + " across them, --warmup in each) so one cell's JIT state cannot leak into the next. 0 runs every"
                    + " trial in this JVM: no JVM start-up per cell, and the executors of a row share one warm JVM.")
    int forks;

    @Option(names = "--seed", defaultValue = "42", description = "Seed for generated inputs.")
    long seed;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write results to FILE (repeatable), rewritten after every cell. Format by extension:"
                    + " .json, .md, .csv, .txt, .html, .hgrm; otherwise --format, else JSON. '-' writes --format to stdout.")
    List<String> outputs = new ArrayList<>();

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", completionCandidates = FormatNames.class,
            description = "Format for stdout (and for -o files without a known extension): ${COMPLETION-CANDIDATES}."
                    + " Default: console.")
    Format format;

    @Option(names = "--metric", paramLabel = "METRIC", defaultValue = "makespan",
            description = "Metric compared across executors: makespan, throughput, mean, p50, p90, p99, p999, max, cpu, alloc."
                    + " Without it: throughput with --duration, p99 with --rate; concurrency sweeps show throughput.")
    String metric;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Where generated inputs are cached. Default: $VBENCH_DATA_DIR, $XDG_CACHE_HOME/vbench or ~/.cache/vbench.")
    Path dataDir;

    @Option(names = "--max-failures", paramLabel = "N", defaultValue = "0",
            description = "Failed tasks tolerated before the exit code is 1.")
    long maxFailures;

    @Option(names = {"-q", "--quiet"}, description = "Print nothing on stdout when writing -o files; no progress.")
    boolean quiet;

    @Option(names = "--verbose", description = "More tables and detail (telemetry table, pinned stacks).")
    boolean verbose;

    @Option(names = "--no-progress", description = "No progress bar (it is drawn only when stderr is a terminal anyway).")
    boolean noProgress;

    /** Whether JFR pinning events are recorded. */
    enum Pinning { on, off }

    @Option(names = "--pinning", paramLabel = "on|off", defaultValue = "on",
            description = "Count JFR jdk.VirtualThreadPinned events (with stacks) in cells on virtual threads."
                    + " Costs ~10 ms per trial outside the timed region and ~200 ms once per JVM.")
    Pinning pinning;

    @Option(names = "--pinning-threshold", paramLabel = "DURATION", defaultValue = "0ms",
            description = "Shortest pinned park that is counted (JFR's own default is 20ms).")
    String pinningThreshold;

    /** What is recorded around every trial; set in {@link #call()} from --pinning. */
    private TrialProbes probes = TrialProbes.NONE;
    private TerminalProgress progressBar;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        Path cacheRoot = dataDir != null ? dataDir : DataDirs.defaultRoot();
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        try (UserCode opened = classPath.open(cacheRoot, note -> note(err, note), note -> {
            if (verbose) {
                note(err, note);
            }
        })) {
            code = opened;
            thread.setContextClassLoader(opened.loader()); // JDBC drivers, ServiceLoader.load(X) in workload code
            return runCommand();
        } finally {
            thread.setContextClassLoader(previous);
            code = UserCode.builtIn();
        }
    }

    private void note(PrintWriter err, String note) {
        if (!quiet) {
            err.println("vbench: " + note);
            err.flush();
        }
    }

    private Integer runCommand() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Duration pinThreshold = threshold();
        Metric tableMetric = parseMetric();
        SuiteSpec suite = suiteFile == null ? null : SuiteLoader.load(Path.of(suiteFile));
        List<RunPlan> plans = suite == null ? List.of(plan()) : suitePlans(suite);
        RunPlan plan = plans.get(0);
        int cellCount = plans.stream().mapToInt(p -> p.cells().size()).sum();
        RunOutputs files = RunOutputs.parse(outputs, format, quiet);
        boolean metricGiven = spec.commandLine().getParseResult().hasMatchedOption("--metric");
        ReportOptions reportOptions = new ReportOptions(metricGiven ? tableMetric : loadDefaultMetric(tableMetric),
                verbose, metricGiven ? tableMetric : null, parseSlo());
        Environment environment = EnvironmentProbe.capture(VersionProvider.version(),
                "vbench " + String.join(" ", spec.commandLine().getParseResult().originalArgs()));
        boolean interactive = !quiet && Terminals.interactive();
        if (!quiet) {
            err.println("vbench: " + (suite == null ? "" : "suite " + suite.suite() + " (" + scale + "): ") + cellCount
                    + " cell(s) × (" + plan.settings().warmupTrials() + " warmup + " + plan.settings().measuredTrials()
                    + " measured trials)" + (suite == null ? loadHeader(plan) : "")
                    + (interactive ? "; Ctrl-C stops and keeps finished cells" : ""));
            err.flush();
        }
        RunListener progress = TerminalProgress.create(err, quiet, noProgress,
                plan.settings().warmupTrials() + plan.settings().measuredTrials());
        PinningProbe.synchronizedPinningWarning(Runtime.version().feature(),
                plan.cells().stream().map(CellPlan::config).toList()).filter(w -> pinning == Pinning.on)
                .ifPresent(progress::warning);
        probes = TrialProbes.standard(pinning == Pinning.on, pinThreshold, progress::warning);
        progressBar = progress instanceof TerminalProgress bar ? bar : null;
        CellCollector collector = new CellCollector(new RunResult(RunResult.SCHEMA, environment, plan.settings(), List.of()),
                progress, files, reportOptions);
        CountDownLatch commandDone = new CountDownLatch(1);
        Thread hook = installInterruptHook(commandDone);
        try {
            for (RunPlan p : plans) {
                RunResult part = runPlan(p, environment, collector);
                boolean stopped = part.cells().size() < p.cells().size()
                        || part.cells().stream().anyMatch(c -> !CellResult.OK.equals(c.status()));
                if (stopped) {
                    break;
                }
            }
            return finish(out, err, suite, files, collector.result(), reportOptions);
        } finally {
            commandDone.countDown();
            removeInterruptHook(hook);
        }
    }

    /** Writes the files a last time, prints stdout and returns the exit code. */
    private int finish(PrintWriter out, PrintWriter err, SuiteSpec suite, RunOutputs files, RunResult result,
            ReportOptions reportOptions) {
        if (suite != null && (format == null || format == Format.CONSOLE || format == Format.MARKDOWN)) {
            files.writeFiles(result, reportOptions);
            if (!(quiet && files.anyFile())) {
                out.print(SuiteRun.render(suite, result, format == Format.MARKDOWN));
                out.flush();
            }
            return exitCode(err, result);
        }
        files.finish(out, result, reportOptions);
        return exitCode(err, result);
    }

    /**
     * Ctrl-C interrupts the thread running the command; the JVM then waits (up to 30 s) until the
     * command has written its files and printed its tables, so what finished is never lost.
     */
    private Thread installInterruptHook(CountDownLatch commandDone) {
        Thread runner = Thread.currentThread();
        Thread hook = new Thread(() -> {
            runner.interrupt();
            try {
                commandDone.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
        }, "vbench-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        return hook;
    }

    private static void removeInterruptHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
            // the JVM is already shutting down (Ctrl-C): the hook is running
        }
    }

    private RunResult runPlan(RunPlan plan, Environment environment, RunListener listener) throws Exception {
        try {
            return new Engine(NanoClock.SYSTEM, probes).run(plan, environment, listener);
        } finally {
            if (progressBar != null) {
                progressBar.close(); // a failed run leaves no half-drawn bar before the error line
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

    private Slo parseSlo() {
        try {
            return slo == null ? null : Slo.parse(slo);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** What ends a trial, for the header line: the default task count, a window, a rate. */
    private String loadHeader(RunPlan plan) {
        CellPlan first = plan.cells().get(0);
        if (first.load().durationNanos() > 0 || first.load().ratePerSecond() > 0) {
            return ", " + first.config().loadText().replaceAll(" ?concurrency=\\d+", "")
                    + (plan.cells().stream().anyMatch(c -> c.load().ratePerSecond() != first.load().ratePerSecond())
                            ? " (rate swept)" : "");
        }
        return tasks == null ? ", tasks " + first.tasks() + " (default)" : "";
    }

    /**
     * Without --metric, executors are compared by makespan; a timed trial's makespan is its window,
     * so compare throughput, and an open-model trial's is its schedule, so compare (corrected) p99.
     */
    private Metric loadDefaultMetric(Metric metric) {
        if (rate != null) {
            return Metric.P99;
        }
        return duration != null ? Metric.THROUGHPUT : metric;
    }

    /** The --pinning-threshold as a duration. */
    Duration threshold() {
        try {
            return ParamType.duration(Duration.ZERO, Duration.ofHours(1)).parse(pinningThreshold);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--pinning-threshold '" + pinningThreshold + "' " + e.getMessage());
        }
    }

    private Metric parseMetric() {
        Metric m = Metric.byKey(metric);
        if (m == null) {
            throw new UsageException("--metric '" + metric + "' is unknown; use one of makespan, throughput, mean, p50,"
                    + " p90, p99, p999, max, cpu, alloc");
        }
        return m;
    }

    private List<RunPlan> suitePlans(SuiteSpec suite) {
        if (workload != null || !executors.isEmpty() || !params.isEmpty() || tasks != null || concurrency != null) {
            throw new UsageException("a suite file defines its own workloads, executors, parameters, tasks and"
                    + " concurrency; drop -w/-e/-p/--tasks/--concurrency or run without the suite file");
        }
        Scale s = switch (scale.toLowerCase(java.util.Locale.ROOT)) {
            case "quick" -> Scale.QUICK;
            case "full" -> Scale.FULL;
            default -> throw new UsageException("--scale '" + scale + "' is unknown; use quick or full");
        };
        var parse = spec.commandLine().getParseResult();
        Integer trialsOverride = parse.hasMatchedOption("--trials") ? trials : null;
        Integer warmupOverride = parse.hasMatchedOption("--warmup") ? warmup : null;
        if (trialsOverride != null && trials < 1) {
            throw new UsageException("--trials " + trials + " must be at least 1 (6 or more for a confidence interval)");
        }
        if (dataDir != null) {
            DataDirCheck.checkWritable(dataDir);
        }
        Path root = dataDir != null ? dataDir : DataDirs.defaultRoot();
        return SuiteRun.plan(suite, suiteFile, s, root, seed, trialsOverride, warmupOverride).stream()
                .map(SuiteRun.Experiment::plan).toList();
    }

    RunPlan plan() {
        if (suiteFile == null && !"full".equals(scale)) {
            throw new UsageException("--scale applies to suite files only; give a suite such as workloads/seed-004-virtual-vs-platform.yaml");
        }
        if (workload == null) {
            throw new UsageException("no workload given; add -w NAME (see 'vbench list' for the names)");
        }
        if (trials < 1) {
            throw new UsageException("--trials " + trials + " must be at least 1 (6 or more for a confidence interval)");
        }
        if (warmup < 0) {
            throw new UsageException("--warmup " + warmup + " must be 0 or more");
        }
        if (forks < 0 || forks > trials) {
            throw new UsageException("--forks " + forks + " must be 0 (trials in this JVM) up to --trials " + trials
                    + " (each fork runs at least one trial)");
        }
        if (maxFailures < 0) {
            throw new UsageException("--max-failures " + maxFailures + " must be 0 or more");
        }
        WorkloadProvider provider = MatrixBuilder.workload(code, workload);
        List<ConfiguredExecutor> configured = MatrixBuilder.executors(code, executors.isEmpty() ? List.of("virtual") : executors);
        List<Params> paramSets = MatrixBuilder.paramCombinations(provider, MatrixBuilder.sweeps(params));
        List<Long> taskCounts = tasks == null ? null : Counts.parseList("--tasks", tasks, 1, Long.MAX_VALUE);
        List<Long> concurrencies = concurrency == null ? List.of(0L)
                : Counts.parseList("--concurrency", concurrency, 1, 10_000_000);
        LoadOptions load = LoadOptions.parse(duration, rate, timeout, tasks, concurrency);
        parseSlo();
        if (slo != null && concurrencies.size() < 2) {
            throw new UsageException("--slo picks the best level of a concurrency sweep; add a list such as"
                    + " --concurrency 1,4,16,64");
        }
        List<CellPlan> cells = MatrixBuilder.cells(provider, paramSets, taskCounts, concurrencies, configured, load);
        if (dataDir != null) {
            DataDirCheck.checkWritable(dataDir);
        }
        Path root = dataDir != null ? dataDir : DataDirs.defaultRoot();
        return new RunPlan(cells, new RunSettings(warmup, trials, forks, seed, code.code()), root);
    }
}
