package dev.vbench.cli;

import dev.vbench.app.RunRequest;
import dev.vbench.app.RunUseCase;
import dev.vbench.config.Defaults;
import dev.vbench.profile.ProfileEvent;
import dev.vbench.suite.Scale;
import java.nio.file.Path;
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
@Command(
        name = "run",
        sortOptions = false,
        showDefaultValues = true,
        description = {
            "Run a workload on one or more executors and print the results.",
            "",
            "Every combination of -p values, --tasks, --rate, --concurrency and -e executors",
            "is a cell; each cell runs --warmup trials (discarded) then --trials measured",
            "trials, each on a fresh executor.",
            "",
            "Examples:",
            "  vbench run -w io -e virtual --tasks 10000",
            "  vbench run -w io -e fixed:threads=200 -e virtual --tasks 10000 -f markdown",
            "  vbench run -w io -p duration=10ms,20ms -e virtual -o io.json",
            "  vbench run -w io -e fixed:threads=8 -e virtual --rate 1000/s --timeout 1s",
            "  vbench run -w io -p duration=5ms -e virtual --concurrency 1,4,16,64 \\",
            "      --tasks 500 --slo 'p99<20ms'",
            "  vbench run -w io -e virtual --concurrency 64 --duration 30s",
            "  vbench run -w 'java.util.UUID::randomUUID' -e virtual -e fixed:threads=2",
            "  vbench run -w examples/single-file/Fib.java -p n=20,25 -e virtual \\",
            "      -e fixed:threads=2",
            "  vbench run --classpath target/classes -w 'com.acme.Checkout::handle' \\",
            "      -e virtual"
        })
public class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Mixin
    ClassPathOption classPath;

    @Mixin
    HistoryOptions history;

    @Parameters(
            arity = "0..1",
            paramLabel = "SUITE",
            description = "A suite file (workloads/*.yaml) to run instead of -w/-e/-p: its experiments and tables.")
    Path suiteFile;

    @Option(
            names = "--scale",
            paramLabel = "SCALE",
            completionCandidates = EnumNames.Scales.class,
            description = "With a suite: ${COMPLETION-CANDIDATES} (quick: under 2 minutes on 2 cores; full, the"
                    + " default: the source report's size).")
    Scale scale;

    @Option(
            names = {"-w", "--workload"},
            paramLabel = "WORKLOAD",
            completionCandidates = BuiltInNames.Workloads.class,
            description = "Workload to run: a NAME (see 'vbench list'; providers on --classpath too), a provider CLASS,"
                    + " 'CLASS::METHOD' (a public method taking () or (long index); -p sets its public fields and"
                    + " setters), or FILE.java (compiled in memory and cached; its provider or public run method).")
    String workload;

    @Option(
            names = {"-e", "--executor"},
            paramLabel = "SPEC",
            completionCandidates = BuiltInNames.Executors.class,
            description = "Executor strategy, NAME[:key=value,…], repeatable (e.g. fixed:threads=200, virtual,"
                    + " bounded-virtual:permits=1000). Default: virtual.")
    List<String> executors = new ArrayList<>();

    @Option(
            names = {"-p", "--param"},
            paramLabel = "NAME=V1[,V2…]",
            description = "Workload parameter; a comma list sweeps it (one cell per value). Repeatable.")
    List<String> params = new ArrayList<>();

    @Option(
            names = "--tasks",
            paramLabel = "N[,N…]",
            split = ",",
            hideParamSyntax = true,
            converter = OptionTypes.TasksConverter.class,
            description = "Tasks per trial; a list sweeps. Accepts 10k, 1M. Default: the workload's, else "
                    + Defaults.TASKS + ".")
    List<Long> tasks = new ArrayList<>();

    @Option(
            names = "--concurrency",
            paramLabel = "C[,C…]",
            split = ",",
            hideParamSyntax = true,
            converter = OptionTypes.ConcurrencyConverter.class,
            description = "Maximum tasks in flight (closed-loop clients); a list sweeps. Default: unlimited.")
    List<Long> concurrency = new ArrayList<>();

    @Option(
            names = "--batch",
            paramLabel = "N",
            defaultValue = "" + Defaults.BATCH,
            converter = OptionTypes.BatchConverter.class,
            description = "Calls of the operation per task (default " + Defaults.BATCH + "), "
                    + "as JMH's measurement loop amortizes its own cost:"
                    + " for operations of a few ns to a µs, where vbench's per-task cost would be most of the figure."
                    + " Throughput and per-operation times are per call; latency percentiles are per batch.")
    long batch = 1;

    @Option(
            names = "--fanout",
            paramLabel = "N",
            converter = OptionTypes.FanoutConverter.class,
            description = "Each task runs the operation N times at once as subtasks, each on a new virtual thread,"
                    + " joined before the task ends: sets fanout=N on every executor (virtual, bounded-virtual,"
                    + " structured). Latency and throughput stay per task.")
    Long fanout;

    @Option(
            names = "--duration",
            paramLabel = "TIME",
            converter = OptionTypes.WindowConverter.class,
            description = "Run each trial for a time instead of a task count (e.g. 30s, 500ms, 2min), with"
                    + " --concurrency C closed-loop clients or at --rate. Not together with --tasks.")
    Duration duration;

    @Option(
            names = "--rate",
            paramLabel = "R[,R…]",
            split = ",",
            hideParamSyntax = true,
            converter = OptionTypes.RateConverter.class,
            description = "Open model: start task i at t0 + i/rate whether or not earlier tasks finished (e.g. 5000/s,"
                    + " 5k/s, 300/min); latency counts from that intended start (coordinated-omission corrected),"
                    + " the uncorrected figure is printed too. A list sweeps.")
    List<Double> rates = new ArrayList<>();

    @Option(
            names = "--timeout",
            paramLabel = "TIME",
            converter = OptionTypes.TimeoutConverter.class,
            description = "With --rate: a task not started within TIME of its intended start is dropped (never run),"
                    + " one that ends later is counted as timed out; both are reported, never hidden.")
    Duration timeout;

    @Option(
            names = "--task-timeout",
            paramLabel = "TIME|off",
            defaultValue = Defaults.TASK_TIMEOUT_SECONDS + "s",
            converter = OptionTypes.TaskTimeoutConverter.class,
            description =
                    "End a trial in which no task ended (and none could start) for TIME: its cell is marked stuck,"
                            + " with how many tasks and where they were, they are interrupted and the run goes on (exit code 5)."
                            + " Default: ${DEFAULT-VALUE}; 'off' never ends one.")
    Duration taskTimeout;

    @Mixin
    SloOption slo;

    @Option(
            names = "--warmup",
            paramLabel = "W",
            description = "Warmup trials per cell, discarded. Default: " + Defaults.WARMUP + " (a suite's own).")
    Integer warmup;

    @Option(
            names = "--trials",
            paramLabel = "T|auto",
            description = "Measured trials per cell: the statistical samples. Default: " + Defaults.TRIALS
                    + " (a suite's own), the fewest with a finite 95%% CI of the median. auto: "
                    + Defaults.TRIALS + " first, then rounds of one more trial per cell until every compared"
                    + " median's 95%% CI is within --precision, or --max-trials.")
    String trials;

    @Option(
            names = "--precision",
            paramLabel = "PERCENT",
            description = "With --trials auto: the target half-width of each median's 95%% CI. Default: "
                    + Defaults.AUTO_PRECISION_PERCENT + "%%.")
    String precision;

    @Option(
            names = "--max-trials",
            paramLabel = "N",
            description =
                    "With --trials auto: the most measured trials per cell. Default: " + Defaults.AUTO_MAX_TRIALS + ".")
    Integer maxTrials;

    @Option(
            names = "--forks",
            paramLabel = "N",
            defaultValue = "0",
            description =
                    "Run each cell's trials in N fresh JVMs (same java, JVM options and class path; --trials split"
                            + " across them, --warmup in each) so one cell's JIT state cannot leak into the next. 0 runs every"
                            + " trial in this JVM: no JVM start-up per cell, and the executors of a row share one warm JVM.")
    int forks;

    @Option(
            names = "--jvm",
            paramLabel = "LABEL=PATH",
            description = "Run every cell on this JVM too, as a column (repeatable): a JDK home or its bin/java,"
                    + " LABEL=21 or 21 for the newest JDK 21 found ('vbench list --jvms'). Its cells run in forks"
                    + " on that java, one measured trial per fork unless --forks is given.")
    List<String> jvms = new ArrayList<>();

    @Option(
            names = "--jvm-args",
            paramLabel = "LABEL='OPTIONS'",
            description = "A JVM option set as a column (repeatable; crossed with --jvm, else on this JVM), e.g."
                    + " --jvm-args zgc='-XX:+UseZGC -Xmx2g'; options come after the launcher's.")
    List<String> jvmArgs = new ArrayList<>();

    @Option(
            names = "--noise-band",
            paramLabel = "PERCENT|auto",
            description = "Noise band of the tables: significant changes smaller than this read ~. Default: "
                    + Defaults.NOISE_PERCENT + "%%. auto:"
                    + " the floor 'vbench noise --history' measured on this testbed (with --history, --testbed).")
    String noiseBand;

    @Option(
            names = "--build",
            paramLabel = "LABEL=CLASSPATH",
            description =
                    "A build of your code as a column (repeatable, two or more): each build's cells run in forks"
                            + " with its class path (then --classpath's), their trials interleaved round by round, so every row"
                            + " gets one verdict old vs new from one run, e.g. --build old=v1/classes --build new=target/classes.")
    List<String> builds = new ArrayList<>();

    @Option(
            names = "--order",
            paramLabel = "ORDER",
            description = "Order of the trials of the cells that share their inputs (the executors, JVMs, builds and"
                    + " concurrency levels a table compares): interleaved (default: rounds of one trial per cell, each"
                    + " round shuffled from --seed, so drift of the machine lands on every column alike), grouped"
                    + " (A A A B B B …: drift can reach the verdict) or random (one shuffle from --seed).")
    String order;

    @Option(
            names = "--duet",
            description = "Run the two columns of each row at the same time, each fork pinned to one half of the CPUs"
                    + " (taskset), so that other load hits both alike: for two builds, two JVMs or two executors with"
                    + " --forks; needs an even number of CPUs. Rounds as interleaved.")
    boolean duet;

    @Option(
            names = "--shard",
            paramLabel = "K/N|auto",
            description =
                    "Run only the K-th of N slices of the plan (1 ≤ K ≤ N), the same on every machine; a table row's"
                            + " cells stay in one slice. auto: K and N from a Slurm job array (SLURM_ARRAY_TASK_ID,"
                            + " SLURM_ARRAY_TASK_COUNT) or a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, VBENCH_SHARDS)."
                            + " Put the shards' JSON results together with 'vbench merge'.")
    String shard;

    @Option(
            names = "--dry-run",
            description =
                    "Print the cells the run (with --shard: this shard) would run, and the plan's fingerprint; run nothing.")
    boolean dryRun;

    @Option(names = "--seed", defaultValue = "" + Defaults.SEED, description = "Seed for generated inputs.")
    long seed;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description =
                    "Write results to FILE (repeatable), rewritten as cells finish. Format by extension:"
                            + " .json, .md, .csv, .txt, .html, .hgrm; otherwise --format, else JSON. '-' writes --format to stdout.")
    List<String> outputs = new ArrayList<>();

    @Mixin
    FormatOption format;

    @Mixin
    MetricOption metric;

    @Mixin
    CiOptions ci;

    @Option(
            names = "--data-dir",
            paramLabel = "DIR",
            description =
                    "Where generated inputs are cached. Default: $VBENCH_DATA_DIR, $XDG_CACHE_HOME/vbench or ~/.cache/vbench.")
    Path dataDir;

    @Option(
            names = "--max-failures",
            paramLabel = "N",
            defaultValue = "0",
            converter = OptionTypes.CountConverter.class,
            description = "Failed tasks tolerated before the exit code is 1.")
    long maxFailures;

    @Option(
            names = {"-q", "--quiet"},
            description = "Print nothing on stdout when writing -o files; no progress.")
    boolean quiet;

    @Mixin
    VerboseOption verbosity;

    @Option(
            names = "--no-progress",
            description = "No progress bar (it is drawn only when stderr is a terminal anyway).")
    boolean noProgress;

    /** Whether JFR pinning events are recorded. */
    enum Pinning {
        on,
        off
    }

    @Option(
            names = "--pinning",
            paramLabel = "on|off",
            defaultValue = "on",
            description = "Count JFR jdk.VirtualThreadPinned events (with stacks) in cells on virtual threads."
                    + " Costs ~10 ms per trial outside the timed region and ~200 ms once per JVM.")
    Pinning pinning;

    @Option(
            names = "--pinning-threshold",
            paramLabel = "DURATION",
            defaultValue = "0ms",
            converter = OptionTypes.PinningThresholdConverter.class,
            description = "Shortest pinned park that is counted (JFR's own default is 20ms).")
    Duration pinningThreshold;

    /** Who samples the JVM's events under --profile. */
    enum ProfilerChoice {
        auto,
        async,
        jfr
    }

    @Option(
            names = "--profile",
            paramLabel = "EVENT[,EVENT…]",
            converter = OptionTypes.ProfileEventsConverter.class,
            description = "Profile the measured trials of every cell: tasks (vbench's sampler of the in-flight tasks,"
                    + " virtual threads mounted or not, with their state), cpu, wall, lock, alloc (async-profiler, or"
                    + " JFR where it cannot load). Profiles go in the result, all stacks beside each -o file"
                    + " (r.json → r.profiles/), flame graphs in HTML. Off by default.")
    List<ProfileEvent> profileEvents;

    @Option(
            names = "--profiler",
            paramLabel = "auto|async|jfr",
            defaultValue = "auto",
            description = "Who samples cpu, wall, lock and alloc: async-profiler where its library loads (auto), or"
                    + " forced. The task sampler is vbench's own either way.")
    ProfilerChoice profiler;

    @Option(
            names = "--profile-interval",
            paramLabel = "DURATION",
            defaultValue = Defaults.PROFILE_INTERVAL_MILLIS + "ms",
            converter = OptionTypes.ProfileIntervalConverter.class,
            description = "Sampling interval of tasks, cpu and wall (1ms to 1s).")
    Duration profileInterval;

    @Override
    public Integer call() throws Exception {
        return RunUseCase.run(
                        request(),
                        spec.commandLine().getOut(),
                        spec.commandLine().getErr())
                .exitCode();
    }

    /** {@code --trials}: a count, or null for the default and for {@code auto} (which starts from the default). */
    private Integer trialCount() {
        if (trials == null || trials.strip().equalsIgnoreCase("auto")) {
            return null;
        }
        try {
            return Integer.parseInt(trials.strip());
        } catch (NumberFormatException e) {
            throw new picocli.CommandLine.ParameterException(
                    spec.commandLine(),
                    "--trials " + trials
                            + " is not a number of trials; give a count (6 or more for a confidence interval) or auto");
        }
    }

    /** The options as one typed request. */
    RunRequest request() {
        RunRequest.Matrix matrix = new RunRequest.Matrix(
                workload, executors, params, tasks, concurrency, duration, rates, timeout, jvms, jvmArgs, builds);
        RunRequest.Trials trialOptions = new RunRequest.Trials(
                warmup,
                trialCount(),
                forks,
                seed,
                dataDir,
                RunRequest.Trials.order(order, duet),
                batch,
                maxFailures,
                RunRequest.Trials.auto(trials, precision, maxTrials),
                fanout == null ? 0 : fanout.intValue());
        RunRequest.Probes probes = new RunRequest.Probes(
                pinning == Pinning.on, pinningThreshold, taskTimeout, profileEvents, profiler.name(), profileInterval);
        RunRequest.Outputs out = new RunRequest.Outputs(
                outputs,
                format.format,
                metric.metric,
                slo.slo,
                quiet,
                verbosity.verbose,
                noProgress,
                ci.ci(),
                noiseBand);
        return new RunRequest(
                suiteFile,
                scale,
                matrix,
                trialOptions,
                probes,
                out,
                classPath.value(),
                history.target(),
                shard,
                dryRun,
                VersionProvider.version(),
                RunRequest.commandLine(spec.commandLine().getParseResult().originalArgs()));
    }
}
