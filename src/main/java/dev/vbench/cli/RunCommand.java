package dev.vbench.cli;

import dev.vbench.engine.CellPlan;
import dev.vbench.engine.DataDirs;
import dev.vbench.engine.RunPlan;
import dev.vbench.loader.UserCode;
import dev.vbench.measure.EnvironmentProbe;
import dev.vbench.engine.TrialOrder;
import dev.vbench.engine.TrialRunner;
import dev.vbench.jvm.JvmException;
import dev.vbench.jvm.JvmOptionSet;
import dev.vbench.jvm.JvmSpec;
import dev.vbench.plan.MatrixRequest;
import dev.vbench.plan.Plan;
import dev.vbench.plan.Planner;
import dev.vbench.plan.RunRequest;
import dev.vbench.plan.Shards;
import dev.vbench.plan.TrialOptions;
import dev.vbench.compare.Slo;
import dev.vbench.report.Format;
import dev.vbench.report.ReportOptions;
import dev.vbench.result.CellResult;
import dev.vbench.result.Environment;
import dev.vbench.result.Metric;
import dev.vbench.result.RunResult;
import dev.vbench.result.Sharding;
import dev.vbench.suite.Scale;
import dev.vbench.suite.SuiteSpec;
import java.io.PrintWriter;
import java.nio.file.Path;
import dev.vbench.profile.ProfileEvent;
import dev.vbench.profile.ProfileRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
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

    /** Longest --pinning-threshold: a park pinned longer than an hour is no threshold question. */
    static final Duration MAX_PINNING_THRESHOLD = Duration.ofHours(1);

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Mixin
    ClassPathOption classPath;

    @Mixin
    HistoryOptions history;

    @Parameters(arity = "0..1", paramLabel = "SUITE",
            description = "A suite file (workloads/*.yaml) to run instead of -w/-e/-p: its experiments and tables.")
    Path suiteFile;

    @Option(names = "--scale", paramLabel = "SCALE", completionCandidates = EnumNames.Scales.class,
            description = "With a suite: ${COMPLETION-CANDIDATES} (quick: under 2 minutes on 2 cores; full, the"
                    + " default: the source report's size).")
    Scale scale;

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

    @Option(names = "--tasks", paramLabel = "N[,N…]", split = ",", converter = OptionTypes.TasksConverter.class,
            description = "Tasks per trial; a list sweeps. Accepts 10k, 1M. Default: the workload's, else "
                    + Planner.DEFAULT_TASKS + ".")
    List<Long> tasks = new ArrayList<>();

    @Option(names = "--concurrency", paramLabel = "C[,C…]", split = ",", converter = OptionTypes.ConcurrencyConverter.class,
            description = "Maximum tasks in flight (closed-loop clients); a list sweeps. Default: unlimited.")
    List<Long> concurrency = new ArrayList<>();

    @Option(names = "--batch", paramLabel = "N", defaultValue = "1", converter = OptionTypes.BatchConverter.class,
            description = "Calls of the operation per task (default 1), as JMH's measurement loop amortizes its own cost:"
                    + " for operations of a few ns to a µs, where vbench's per-task cost would be most of the figure."
                    + " Throughput and per-operation times are per call; latency percentiles are per batch.")
    long batch = 1;

    @Option(names = "--duration", paramLabel = "TIME", converter = OptionTypes.WindowConverter.class,
            description = "Run each trial for a time instead of a task count (e.g. 30s, 500ms, 2min), with"
                    + " --concurrency C closed-loop clients or at --rate. Not together with --tasks.")
    Duration duration;

    @Option(names = "--rate", paramLabel = "R[,R…]", split = ",", converter = OptionTypes.RateConverter.class,
            description = "Open model: start task i at t0 + i/rate whether or not earlier tasks finished (e.g. 5000/s,"
                    + " 5k/s, 300/min); latency counts from that intended start (coordinated-omission corrected),"
                    + " the uncorrected figure is printed too. A list sweeps.")
    List<Double> rates = new ArrayList<>();

    @Option(names = "--timeout", paramLabel = "TIME", converter = OptionTypes.TimeoutConverter.class,
            description = "With --rate: a task not started within TIME of its intended start is dropped (never run),"
                    + " one that ends later is counted as timed out; both are reported, never hidden.")
    Duration timeout;

    @Option(names = "--task-timeout", paramLabel = "TIME|off", defaultValue = "60s",
            converter = OptionTypes.TaskTimeoutConverter.class,
            description = "End a trial in which no task ended (and none could start) for TIME: its cell is marked stuck,"
                    + " with how many tasks and where they were, they are interrupted and the run goes on (exit code 5)."
                    + " Default: ${DEFAULT-VALUE}; 'off' never ends one.")
    Duration taskTimeout;

    @Option(names = "--slo", paramLabel = "STAT<TIME",
            description = "Latency objective for a --concurrency sweep, e.g. 'p99<50ms' (quoted: < is a shell"
                    + " redirection; STAT: mean, p50, p90, p99, p999, max): the best concurrency is the highest"
                    + " throughput whose median STAT meets it.")
    String slo;

    @Option(names = "--warmup", paramLabel = "W",
            description = "Warmup trials per cell, discarded. Default: " + Planner.DEFAULT_WARMUP + " (a suite's own).")
    Integer warmup;

    @Option(names = "--trials", paramLabel = "T",
            description = "Measured trials per cell: the statistical samples. Default: " + Planner.DEFAULT_TRIALS
                    + " (a suite's own), the fewest with a finite 95%% CI of the median.")
    Integer trials;

    @Option(names = "--forks", paramLabel = "N", defaultValue = "0",
            description = "Run each cell's trials in N fresh JVMs (same java, JVM options and class path; --trials split"
                    + " across them, --warmup in each) so one cell's JIT state cannot leak into the next. 0 runs every"
                    + " trial in this JVM: no JVM start-up per cell, and the executors of a row share one warm JVM.")
    int forks;

    @Option(names = "--jvm", paramLabel = "LABEL=PATH",
            description = "Run every cell on this JVM too, as a column (repeatable): a JDK home or its bin/java,"
                    + " LABEL=21 or 21 for the newest JDK 21 found ('vbench list --jvms'). Its cells run in forks"
                    + " on that java, one measured trial per fork unless --forks is given.")
    List<String> jvms = new ArrayList<>();

    @Option(names = "--jvm-args", paramLabel = "LABEL='OPTIONS'",
            description = "A JVM option set as a column (repeatable; crossed with --jvm, else on this JVM), e.g."
                    + " --jvm-args zgc='-XX:+UseZGC -Xmx2g'; options come after the launcher's.")
    List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--order", paramLabel = "ORDER",
            description = "Order of the trials of a table row's cells: interleaved (A B C A B C …), grouped (A A A B B B …)"
                    + " or random (from --seed). Default: interleaved with --jvm/--jvm-args, so drift of the machine"
                    + " lands on every JVM alike; grouped otherwise.")
    String order;

    @Option(names = "--shard", paramLabel = "K/N|auto",
            description = "Run only the K-th of N slices of the plan (1 ≤ K ≤ N), the same on every machine; a table row's"
                    + " cells stay in one slice. auto: K and N from a Slurm job array (SLURM_ARRAY_TASK_ID,"
                    + " SLURM_ARRAY_TASK_COUNT) or a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, VBENCH_SHARDS)."
                    + " Put the shards' JSON results together with 'vbench merge'.")
    String shard;

    @Option(names = "--dry-run",
            description = "Print the cells the run (with --shard: this shard) would run, and the plan's fingerprint; run nothing.")
    boolean dryRun;

    @Option(names = "--seed", defaultValue = "42", description = "Seed for generated inputs.")
    long seed;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write results to FILE (repeatable), rewritten after every cell. Format by extension:"
                    + " .json, .md, .csv, .txt, .html, .hgrm; otherwise --format, else JSON. '-' writes --format to stdout.")
    List<String> outputs = new ArrayList<>();

    @Mixin
    FormatOption format;

    @Mixin
    MetricOption metric;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Where generated inputs are cached. Default: $VBENCH_DATA_DIR, $XDG_CACHE_HOME/vbench or ~/.cache/vbench.")
    Path dataDir;

    @Option(names = "--max-failures", paramLabel = "N", defaultValue = "0", converter = OptionTypes.CountConverter.class,
            description = "Failed tasks tolerated before the exit code is 1.")
    long maxFailures;

    @Option(names = {"-q", "--quiet"}, description = "Print nothing on stdout when writing -o files; no progress.")
    boolean quiet;

    @Mixin
    VerboseOption verbosity;

    @Option(names = "--no-progress", description = "No progress bar (it is drawn only when stderr is a terminal anyway).")
    boolean noProgress;

    /** Whether JFR pinning events are recorded. */
    enum Pinning { on, off }

    @Option(names = "--pinning", paramLabel = "on|off", defaultValue = "on",
            description = "Count JFR jdk.VirtualThreadPinned events (with stacks) in cells on virtual threads."
                    + " Costs ~10 ms per trial outside the timed region and ~200 ms once per JVM.")
    Pinning pinning;

    @Option(names = "--pinning-threshold", paramLabel = "DURATION", defaultValue = "0ms",
            converter = OptionTypes.PinningThresholdConverter.class,
            description = "Shortest pinned park that is counted (JFR's own default is 20ms).")
    Duration pinningThreshold;

    /** Who samples the JVM's events under --profile. */
    enum ProfilerChoice { auto, async, jfr }

    @Option(names = "--profile", paramLabel = "EVENT[,EVENT…]", converter = OptionTypes.ProfileEventsConverter.class,
            description = "Profile the measured trials of every cell: tasks (vbench's sampler of the in-flight tasks,"
                    + " virtual threads mounted or not, with their state), cpu, wall, lock, alloc (async-profiler, or"
                    + " JFR where it cannot load). Profiles go in the result, all stacks beside each -o file"
                    + " (r.json → r.profiles/), flame graphs in HTML. Off by default.")
    List<ProfileEvent> profileEvents;

    @Option(names = "--profiler", paramLabel = "auto|async|jfr", defaultValue = "auto",
            description = "Who samples cpu, wall, lock and alloc: async-profiler where its library loads (auto), or"
                    + " forced. The task sampler is vbench's own either way.")
    ProfilerChoice profiler;

    @Option(names = "--profile-interval", paramLabel = "DURATION", defaultValue = "10ms",
            converter = OptionTypes.ProfileIntervalConverter.class,
            description = "Sampling interval of tasks, cpu and wall (1ms to 1s).")
    Duration profileInterval;

    /** What --profile, --profiler and --profile-interval ask for. */
    ProfileRequest profileRequest() {
        if (profileEvents == null || profileEvents.isEmpty()) {
            return ProfileRequest.OFF;
        }
        return new ProfileRequest(profileEvents, ProfileRequest.Profiler.valueOf(profiler.name().toUpperCase(java.util.Locale.ROOT)),
                profileInterval.toNanos());
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        checkOptions();
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        // the guard from the first line of user code on: a provider's constructor may call System.exit too
        try (RunSession.InterruptGuard guard = RunSession.InterruptGuard.install();
                UserCode code = classPath.open(dataDir != null ? dataDir : DataDirs.defaultRoot(), note -> note(err, note),
                        note -> {
                            if (verbosity.verbose) {
                                note(err, note);
                            }
                        })) {
            thread.setContextClassLoader(code.loader()); // JDBC drivers, ServiceLoader.load(X) in workload code
            return run(code, guard);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private void note(PrintWriter err, String note) {
        if (!quiet) {
            err.println("vbench: " + note);
            err.flush();
        }
    }

    /** Options → request → plan (this shard's slice) → run → outputs. */
    private int run(UserCode code, RunSession.InterruptGuard guard) throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ShardOption sharded = shard == null ? null : ShardOption.resolve(shard, System.getenv());
        Plan whole = Planner.plan(request(), code);
        Plan plan = sharded == null ? whole : Shards.slice(whole, sharded.shard());
        if (dryRun) {
            PlanPrinter.print(out, whole, sharded);
            return ExitCodes.OK;
        }
        checkHeap(plan, Runtime.getRuntime().maxMemory());
        history.validate(sharded != null, System.getenv());
        RunOutputs files = RunOutputs.parse(outputs, format.format, quiet);
        ReportOptions reportOptions = reportOptions();
        Environment environment = EnvironmentProbe.capture(VersionProvider.version(),
                "vbench " + String.join(" ", spec.commandLine().getParseResult().originalArgs()));
        if (sharded != null && !quiet) {
            err.println("vbench: shard " + sharded.shard() + " from " + sharded.source() + ": " + plan.cells().size() + " of "
                    + whole.cells().size() + " cell(s) of plan " + whole.fingerprint());
        }
        header(err, plan);
        RunSession session = new RunSession(err, quiet, noProgress, pinning == Pinning.on, pinningThreshold, taskTimeout,
                profileRequest());
        RunResult result = session.run(plan, environment, files, reportOptions,
                sharded == null ? null : sharding(whole, plan, sharded, environment), guard, out);
        int exit = finish(out, err, plan.suite(), files, result, reportOptions);
        return history.storeRun(result, exit, err, quiet); // after the files: they never wait on the store
    }

    /** What a shard's result records: the whole plan's fingerprint and cells, and this shard's. */
    private static Sharding sharding(Plan whole, Plan slice, ShardOption sharded, Environment environment) {
        return new Sharding(whole.fingerprint(), sharded.shard().count(), whole.cells().stream().map(CellPlan::id).toList(),
                List.of(new Sharding.Shard(sharded.shard().index(), environment.hostName(), environment.startTime(),
                        slice.cells().stream().map(CellPlan::id).toList())));
    }

    /** The options as one typed request for the planner. */
    RunRequest request() {
        MatrixRequest matrix = new MatrixRequest(workload, Planner.sweeps(params), executors, tasks, concurrency, duration,
                rates, timeout);
        try {
            matrix = matrix.withJvms(jvms.stream().map(JvmSpec::parse).toList(),
                    jvmArgs.stream().map(JvmOptionSet::parse).toList());
        } catch (JvmException e) {
            throw new UsageException(e.getMessage(), e);
        }
        TrialOrder trialOrder = order == null ? null : TrialOrder.parse(order);
        if (order != null && trialOrder == null) {
            throw new UsageException("--order " + order + " is not an order; use interleaved, grouped or random");
        }
        return new RunRequest(suiteFile, scale, matrix, new TrialOptions(warmup, trials, forks, seed, dataDir, trialOrder,
                (int) batch));
    }

    /** What the planner does not see: the options of the outputs and of the exit code. */
    private void checkOptions() {
        if (slo != null && suiteFile != null) {
            throw new UsageException("--slo picks the best level of a --concurrency sweep in run tables, and a suite prints"
                    + " its own tables; drop --slo or run one experiment with -w/-e/-p and --concurrency");
        }
        parseSlo();
        if (slo != null && concurrency.size() < 2) {
            throw new UsageException("--slo picks the best level of a concurrency sweep; add a list such as"
                    + " --concurrency 1,4,16,64");
        }
    }

    /**
     * Refuses, before anything runs, a cell whose task slots alone are more than the max heap of the
     * JVM it runs on (this one, which forks inherit, or its {@code --jvm}/{@code --jvm-args} target):
     * it could only end in an out-of-memory error after the cells before it. Timed trials grow their
     * slots as they go; a heap that is tight rather than too small is caught when it runs out
     * ({@link Cli#onOutOfMemory}).
     *
     * @throws EnvironmentException naming the cell, the sizes and the fix
     */
    static void checkHeap(Plan plan, long maxHeapBytes) {
        for (CellPlan cell : plan.cells()) {
            long heap = cell.jvm() == null || cell.jvm().info() == null ? maxHeapBytes : cell.jvm().info().maxHeapBytes();
            long slots = cell.tasks() * TrialRunner.slotBytesPerTask();
            if (heap > 0 && slots > heap) {
                throw new EnvironmentException("cell " + cell.config().label() + " preallocates " + Cli.mebibytes(slots)
                        + " of task slots per trial, more than the " + Cli.mebibytes(heap)
                        + " max heap of " + (cell.jvm() == null ? "this JVM; give it more with VBENCH_JAVA_OPTS="
                        : "JVM " + cell.jvm().label() + "; give it more with ") + Cli.heapOption(2 * slots)
                        + (cell.jvm() == null ? "" : " in its --jvm-args") + ", or run fewer tasks and more --trials", null);
            }
        }
    }

    /**
     * Without --metric, executors are compared by makespan; a timed trial's makespan is its window,
     * so compare throughput, and an open-model trial's is its schedule, so compare (corrected) p99.
     */
    private ReportOptions reportOptions() {
        Metric byLoad = !rates.isEmpty() ? Metric.P99 : duration != null ? Metric.THROUGHPUT : Metric.MAKESPAN;
        return new ReportOptions(metric.orElse(byLoad), verbosity.verbose, metric.metric, parseSlo());
    }

    /** The one header line on stderr: what runs, how often, and how to stop it. */
    private void header(PrintWriter err, Plan plan) {
        if (quiet) {
            return;
        }
        RunPlan first = plan.first();
        err.println("vbench: " + (plan.suite() == null ? "" : "suite " + plan.suite().suite() + " ("
                + EnumNames.cliName(plan.scale()) + "): ") + plan.cells().size() + " cell(s) × ("
                + first.settings().warmupTrials() + " warmup + " + first.settings().measuredTrials() + " measured trials)"
                + (first.settings().forks() > 0 ? " in " + first.settings().forks() + " fork(s) each" : "")
                + (plan.suite() == null ? loadHeader(first) : "")
                + jvmHeader(plan)
                + (Terminals.interactive() ? "; Ctrl-C stops and keeps finished cells" : ""));
        plan.notes().forEach(note -> err.println("vbench: " + note));
        ProfileRequest profile = profileRequest();
        if (profile.on()) {
            err.println("vbench: profiling " + String.join(",", profile.events().stream().map(ProfileEvent::key).toList())
                    + " in the measured trials" + (profile.has(ProfileEvent.TASKS) ? "; tasks: vbench's task sampler" : "")
                    + (profile.jvmEvents().isEmpty() ? "" : "; " + String.join(",", profile.jvmEvents().stream()
                            .map(ProfileEvent::key).toList()) + ": " + switch (profile.profiler()) {
                                case AUTO -> "async-profiler, or JFR where it cannot load";
                                case ASYNC -> "async-profiler (--profiler async), or JFR where it cannot load";
                                case JFR -> "JFR (--profiler jfr)";
                            }));
        }
        err.flush();
    }

    /** "; JVMs j21 (21.0.8 /opt/jdk-21), j25 (…); order interleaved" for a run with JVMs as an axis, else "". */
    private static String jvmHeader(Plan plan) {
        java.util.Map<String, dev.vbench.jvm.JvmTarget> targets = new java.util.LinkedHashMap<>();
        plan.cells().stream().filter(c -> c.jvm() != null).forEach(c -> targets.putIfAbsent(c.jvm().label(), c.jvm()));
        // the order of the runs that have a JVM axis (a suite's other experiments keep the grouped default)
        String order = plan.runs().stream().filter(r -> r.cells().stream().anyMatch(c -> c.jvm() != null))
                .map(r -> r.settings().order()).filter(java.util.Objects::nonNull).findFirst()
                .orElse(plan.first().settings().order());
        if (targets.isEmpty()) {
            return order == null ? "" : "; order " + order;
        }
        List<String> parts = new ArrayList<>();
        targets.values().forEach(t -> parts.add(t.label() + " (" + t.info().version() + " " + t.info().javaHome()
                + (t.options().isEmpty() ? "" : " " + String.join(" ", t.options())) + ")"));
        return "; JVMs " + String.join(", ", parts) + "; order " + (order == null ? "grouped" : order);
    }

    /** Writes the files a last time, prints stdout and returns the exit code. */
    private int finish(PrintWriter out, PrintWriter err, SuiteSpec suite, RunOutputs files, RunResult result,
            ReportOptions reportOptions) {
        Format chosen = format.format;
        if (suite != null && (chosen == null || chosen == Format.CONSOLE || chosen == Format.MARKDOWN)) {
            files.writeFiles(result, reportOptions);
            if (!(quiet && files.anyFile())) {
                // the result carries the suite's tables (RunResult.suite), as vbench report reads them
                out.print((chosen == Format.MARKDOWN ? Format.MARKDOWN : Format.CONSOLE).exporter(reportOptions).render(result));
                out.flush();
            }
            return exitCode(err, result);
        }
        files.finish(out, result, reportOptions);
        return exitCode(err, result);
    }

    private int exitCode(PrintWriter err, RunResult result) {
        long failures = result.cells().stream().mapToLong(CellResult::failures).sum();
        boolean interrupted = result.cells().stream().anyMatch(c -> CellResult.INTERRUPTED.equals(c.status()));
        if (interrupted) {
            err.println("vbench: interrupted; finished cells were kept");
            return ExitCodes.INTERRUPTED;
        }
        List<CellResult> exited = result.cells().stream().filter(c -> CellResult.EXITED.equals(c.status())).toList();
        if (!exited.isEmpty()) {
            CellResult c = exited.get(0);
            err.println("vbench: workload " + c.config().workload() + " ended the JVM in cell " + c.id() + ": "
                    + firstNote(c).replaceFirst("^exited: ", "")
                    + (exited.size() > 1 ? " (" + exited.size() + " cells exited; see their notes)" : "")
                    + "; the other cells were kept");
            return ExitCodes.USER_EXIT;
        }
        List<CellResult> stuck = result.cells().stream().filter(c -> CellResult.STUCK.equals(c.status())).toList();
        if (!stuck.isEmpty()) {
            CellResult c = stuck.get(0);
            err.println("vbench: cell " + c.id() + " of workload " + c.config().workload() + " got stuck: "
                    + firstNote(c).replaceFirst("^stuck: ", "")
                    + (stuck.size() > 1 ? " (" + stuck.size() + " cells stuck; see their notes)" : "")
                    + "; the other cells ran");
            return ExitCodes.STUCK;
        }
        CellResult failed = result.cells().stream().filter(c -> CellResult.FAILED.equals(c.status())).findFirst().orElse(null);
        if (failed != null) {
            long count = result.cells().stream().filter(c -> CellResult.FAILED.equals(c.status())).count();
            err.println("vbench: " + (failed.notes().isEmpty() ? "cell " + failed.id() + " failed" : failed.notes().get(0))
                    + (count > 1 ? " (" + count + " cells failed; the others ran and were kept)" : ""));
            return ExitCodes.USAGE; // the code under test failed before its tasks ran: WorkloadException.codeFailed
        }
        if (failures > maxFailures) {
            err.println("vbench: " + failures + " task(s) failed (more than --max-failures " + maxFailures
                    + "); see the notes above and failureSamples in the JSON result");
            return ExitCodes.FAILED;
        }
        return ExitCodes.OK;
    }

    private static String firstNote(CellResult c) {
        return c.notes().isEmpty() ? c.status() : c.notes().get(0);
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
        if (plan.cells().isEmpty()) {
            return ""; // a shard with no cells of this part
        }
        CellPlan first = plan.cells().get(0);
        if (first.load().durationNanos() > 0 || first.load().ratePerSecond() > 0) {
            return ", " + first.config().loadText().replaceAll(" ?concurrency=\\d+", "")
                    + (plan.cells().stream().anyMatch(c -> c.load().ratePerSecond() != first.load().ratePerSecond())
                            ? " (rate swept)" : "");
        }
        return tasks.isEmpty() ? ", tasks " + first.tasks() + " (default)" : "";
    }
}
