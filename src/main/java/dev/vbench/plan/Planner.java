package dev.vbench.plan;

import dev.vbench.config.Defaults;
import dev.vbench.config.Limits;
import dev.vbench.engine.Build;
import dev.vbench.engine.CellPlan;
import dev.vbench.engine.DataDirs;
import dev.vbench.engine.LoadShape;
import dev.vbench.engine.RunPlan;
import dev.vbench.engine.TrialOrder;
import dev.vbench.executor.ConfiguredExecutor;
import dev.vbench.jvm.JdkDiscovery;
import dev.vbench.jvm.JvmException;
import dev.vbench.jvm.JvmProber;
import dev.vbench.jvm.JvmTarget;
import dev.vbench.jvm.JvmTargets;
import dev.vbench.loader.JmhWorkload;
import dev.vbench.loader.UserCode;
import dev.vbench.result.AutoTrials;
import dev.vbench.result.BuildInfo;
import dev.vbench.result.CellConfig;
import dev.vbench.result.CodeEntry;
import dev.vbench.result.RunSettings;
import dev.vbench.spi.Durations;
import dev.vbench.spi.Params;
import dev.vbench.spi.Redactor;
import dev.vbench.spi.WorkloadProvider;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The one place a run is planned and validated: a {@link PlanRequest} (a {@code -w/-e/-p} matrix or
 * a suite file, see {@link SuitePlanner}) becomes a {@link Plan} of {@link CellPlan}s. Every
 * combination of parameter values × tasks × rate × concurrency × executor is a cell, executors
 * innermost so the cells of one table row run back to back.
 *
 * <pre>{@code
 * Plan plan = Planner.plan(new PlanRequest(null, null,
 *         MatrixRequest.closed("io", Map.of("duration", List.of("1ms")), List.of("virtual"), List.of(100L), List.of()),
 *         TrialOptions.DEFAULTS), UserCode.builtIn());
 * }</pre>
 *
 * @see Plan for how later features extend a cell
 */
public final class Planner {

    private Planner() {}

    /**
     * Plans a run: a suite file through {@link SuitePlanner}, else the {@code -w} matrix.
     *
     * @throws PlanException (or {@link dev.vbench.suite.SuiteException} for a suite) naming the fix
     */
    public static Plan plan(PlanRequest request, UserCode code) {
        return plan(request, code, List.of());
    }

    /**
     * A build of the user's code as a column ({@code --build LABEL=CLASSPATH}): its label and its code,
     * opened (and closed) by the caller; its cells run in forks with that code's class path. A null code is
     * the run's own code in this JVM, without forks of its own: a side of an A/A comparison.
     */
    public record BuildCode(String label, UserCode code) {}

    /**
     * Plans a run whose columns include {@code builds} (none: {@link #plan(PlanRequest, UserCode)}): every
     * cell of the matrix once per build, planned against that build's code (so a build that lacks the
     * workload or plans other cells is refused up front), the builds innermost so that a group's builds
     * interleave.
     */
    public static Plan plan(PlanRequest request, UserCode code, List<BuildCode> builds) {
        if (!builds.isEmpty()) {
            return planBuilds(request, code, builds);
        }
        if (request.suiteFile() != null) {
            return SuitePlanner.plan(request, code);
        }
        if (request.scale() != null) {
            throw new PlanException("--scale applies to suite files only; give a suite such as"
                    + " workloads/seed-004-virtual-vs-platform.yaml");
        }
        List<CellPlan> cells = shaped(cells("", request.matrix(), Keys.OPTIONS, code), request.trials());
        RunSettings settings = ordered(
                settings(request.trials(), code),
                request.trials().order(),
                cells); // after the cells: code() lists compiled sources
        return new Plan(
                null, null, List.of(new Plan.Part("", new RunPlan(cells, settings, dataRoot(request.trials())))));
    }

    private static Plan planBuilds(PlanRequest request, UserCode code, List<BuildCode> builds) {
        if (request.suiteFile() != null) {
            throw new PlanException("--build compares builds in a -w run; run the suite once per build and compare the"
                    + " results, or give the experiment with -w/-e/-p");
        }
        if (builds.size() < 2) {
            throw new PlanException("--build " + builds.get(0).label()
                    + " is one build; give two or more to compare them" + " (or --classpath for one)");
        }
        Set<String> labels = new HashSet<>();
        for (BuildCode b : builds) {
            if (!labels.add(b.label())) {
                throw new PlanException("--build " + b.label() + " is given twice; give each build a label of its own");
            }
        }
        List<List<CellPlan>> perBuild = new ArrayList<>();
        for (BuildCode b : builds) {
            perBuild.add(cells("", request.matrix(), Keys.OPTIONS, b.code() == null ? code : b.code()));
        }
        List<CellPlan> cells = new ArrayList<>();
        List<BuildInfo> infos = new ArrayList<>();
        for (int b = 0; b < builds.size(); b++) {
            List<CellPlan> mine = perBuild.get(b);
            if (mine.size() != perBuild.get(0).size() || !sameCells(mine, perBuild.get(0))) {
                throw new PlanException("--build " + builds.get(b).label() + " plans other cells than --build "
                        + builds.get(0).label() + " (" + mine.size() + " against "
                        + perBuild.get(0).size()
                        + "); builds compare the same benchmarks: give -w a method or class both builds have");
            }
            infos.add(new BuildInfo(
                    builds.get(b).label(),
                    builds.get(b).code() == null
                            ? code.code()
                            : builds.get(b).code().code()));
        }
        for (int i = 0; i < perBuild.get(0).size(); i++) {
            for (int b = 0; b < builds.size(); b++) {
                UserCode bc = builds.get(b).code();
                List<String> classPath = bc == null
                        ? null
                        : bc.code().stream()
                                .filter(e -> !CodeEntry.SOURCE.equals(e.kind()))
                                .map(e -> Path.of(e.path()).toAbsolutePath().toString())
                                .toList();
                cells.add(perBuild.get(b)
                        .get(i)
                        .onBuild(
                                "c" + (cells.size() + 1),
                                new Build(builds.get(b).label(), classPath, bc == null ? List.of() : bc.code())));
            }
        }
        cells = batched(cells, request.trials().batch());
        RunSettings settings = ordered(
                        settings(request.trials(), code), request.trials().order(), cells)
                .withBuilds(infos);
        return new Plan(
                null, null, List.of(new Plan.Part("", new RunPlan(cells, settings, dataRoot(request.trials())))));
    }

    /** Whether two builds planned the same cells: the same configurations, in the same order. */
    private static boolean sameCells(List<CellPlan> a, List<CellPlan> b) {
        for (int i = 0; i < a.size(); i++) {
            if (!a.get(i).config().equals(b.get(i).config())) {
                return false;
            }
        }
        return true;
    }

    /** The run settings of a {@code -w} run: the options, else the defaults. */
    static RunSettings settings(TrialOptions options, UserCode code) {
        return settings(options, code, List.of(), List.of());
    }

    /**
     * The run settings; a count not given takes the first non-null of its fallbacks (a suite's
     * values, most specific first), else the default.
     */
    static RunSettings settings(
            TrialOptions options, UserCode code, List<Integer> trialsFallbacks, List<Integer> warmupFallbacks) {
        int trials = firstNonNull(options.trials(), trialsFallbacks, Defaults.TRIALS);
        int warmup = firstNonNull(options.warmup(), warmupFallbacks, Defaults.WARMUP);
        if (trials < 1) {
            throw new PlanException("--trials " + trials + " must be at least 1 (6 or more for a confidence interval)");
        }
        if (warmup < 0) {
            throw new PlanException("--warmup " + warmup + " must be 0 or more");
        }
        if (options.forks() < 0 || options.forks() > trials) {
            throw new PlanException("--forks " + options.forks() + " must be 0 (trials in this JVM) up to --trials "
                    + trials + " (each fork runs at least one trial)");
        }
        RunSettings settings = new RunSettings(warmup, trials, options.forks(), options.seed(), code.code());
        return options.auto() == null ? settings : settings.withAutoTrials(checkedAuto(options, trials));
    }

    /** {@code --trials auto} checked against the other options: rounds of one trial each, up to a ceiling above the start. */
    private static AutoTrials checkedAuto(TrialOptions options, int trials) {
        AutoTrials auto = options.auto();
        if (options.forks() > 0) {
            throw new PlanException("--trials auto adds rounds of one trial per cell; --forks " + options.forks()
                    + " splits a fixed number of trials across forks: drop one of them");
        }
        if (!(auto.precision() > 0 && auto.precision() < 1)) {
            throw new PlanException("--precision must be above 0% and below 100% (e.g. 3%)");
        }
        if (auto.maxTrials() < trials) {
            throw new PlanException("--max-trials " + auto.maxTrials() + " is below the " + trials
                    + " trials every cell runs first; give " + trials + " or more");
        }
        return auto;
    }

    /**
     * The settings with the trial order, always recorded: {@code --order} when given, else interleaved
     * rounds (docs/statistics.md rule 12), so that drift of the machine lands on every column alike.
     */
    static RunSettings ordered(RunSettings settings, TrialOrder given, List<CellPlan> cells) {
        return settings.withOrder((given != null ? given : TrialOrder.DEFAULT).key());
    }

    private static int firstNonNull(Integer given, List<Integer> fallbacks, int otherwise) {
        if (given != null) {
            return given;
        }
        return fallbacks.stream().filter(Objects::nonNull).findFirst().orElse(otherwise);
    }

    /** {@code --data-dir} checked writable, else the default input cache. */
    static Path dataRoot(TrialOptions options) {
        if (options.dataDir() == null) {
            return DataDirs.defaultRoot();
        }
        DataDirCheck.checkWritable(options.dataDir());
        return options.dataDir();
    }

    /** How the user wrote a matrix key, for messages: {@code --tasks} on the command line, {@code tasks} in a suite. */
    enum Keys {
        OPTIONS,
        SUITE;

        String of(String key) {
            return this == OPTIONS ? "--" + key : key;
        }
    }

    /**
     * Every cell of {@code matrix}, validated, ids {@code idPrefix + "c" + n}.
     *
     * @throws PlanException naming the option and the fix
     */
    static List<CellPlan> cells(String idPrefix, MatrixRequest matrix, Keys keys, UserCode code) {
        if (matrix.workload() == null) {
            throw new PlanException("no workload given; add -w NAME (see 'vbench list' for the names)");
        }
        List<WorkloadProvider> workloads = workloads(code, matrix.workload());
        List<ConfiguredExecutor> executors =
                executors(code, matrix.executors().isEmpty() ? List.of("virtual") : matrix.executors());
        for (long tasks : matrix.tasks()) {
            checkTasks(keys.of("tasks"), tasks);
        }
        for (long c : matrix.concurrency()) {
            checkConcurrency(keys.of("concurrency"), c);
        }
        checkLoad(matrix);
        List<Long> concurrencies = matrix.concurrency().isEmpty() ? List.of(0L) : matrix.concurrency();
        List<Double> rates = matrix.rates().isEmpty() ? Collections.singletonList(null) : matrix.rates();
        List<CellPlan> cells = new ArrayList<>();
        for (WorkloadProvider workload : workloads) {
            checkClients(workload, concurrencies, keys);
            for (Params params : paramCombinations(workload, sweeps(workload, matrix.params(), workloads.size() > 1))) {
                cells.addAll(
                        cellsOf(idPrefix, cells.size(), workload, params, matrix, executors, rates, concurrencies));
            }
        }
        checkSweepNames(workloads, matrix.params());
        return matrix.jvmAxis() ? onJvms(idPrefix, cells, jvmTargets(matrix)) : cells;
    }

    /** The cells of one workload and parameter set: tasks × rate × concurrency × executor, executors innermost. */
    private static List<CellPlan> cellsOf(
            String idPrefix,
            int before,
            WorkloadProvider workload,
            Params params,
            MatrixRequest matrix,
            List<ConfiguredExecutor> executors,
            List<Double> rates,
            List<Long> concurrencies) {
        List<CellPlan> cells = new ArrayList<>();
        List<Long> taskCounts = matrix.duration() != null
                ? List.of(0L)
                : !matrix.tasks().isEmpty()
                        ? matrix.tasks()
                        : List.of(workload.defaultTasks(params).orElse(Defaults.TASKS));
        for (long tasks : taskCounts) {
            for (Double rate : rates) {
                for (long c : concurrencies) {
                    LoadShape shape = shape(matrix, tasks, (int) c, rate);
                    for (ConfiguredExecutor executor : executors) {
                        cells.add(new CellPlan(
                                idPrefix + "c" + (before + cells.size() + 1), workload, params, executor, shape));
                    }
                }
            }
        }
        return cells;
    }

    /** The workloads {@code reference} names: one, or every benchmark of a JMH class. */
    static List<WorkloadProvider> workloads(UserCode code, String reference) {
        try {
            return code.workloads(reference);
        } catch (IllegalArgumentException e) {
            throw new PlanException(e.getMessage(), e);
        }
    }

    /**
     * The sweeps of one workload: a JMH benchmark's declared {@code @Param} values, replaced by {@code -p}
     * where given; when a reference named several workloads, only the names each one has (as JMH's {@code -p}).
     */
    private static Map<String, List<String>> sweeps(
            WorkloadProvider workload, Map<String, List<String>> given, boolean several) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        if (workload instanceof JmhWorkload jmh) {
            jmh.paramValues().forEach((name, values) -> {
                if (values.isEmpty() && !given.containsKey(name)) {
                    throw new PlanException(workload.name() + ": @Param " + name
                            + " declares no values; give them with -p " + name + "=V1,V2");
                }
                out.put(name, values);
            });
        }
        Set<String> known = new HashSet<>();
        workload.params().forEach(p -> known.add(p.name()));
        given.forEach((name, values) -> {
            if (!several || known.contains(name)) {
                out.put(name, values);
            }
        });
        return out;
    }

    /** With several workloads, each {@code -p} name must belong to at least one of them. */
    private static void checkSweepNames(List<WorkloadProvider> workloads, Map<String, List<String>> given) {
        if (workloads.size() < 2) {
            return;
        }
        for (String name : given.keySet()) {
            if (workloads.stream()
                    .noneMatch(w -> w.params().stream().anyMatch(p -> p.name().equals(name)))) {
                throw new PlanException("-p " + name + ": none of "
                        + String.join(
                                ", ",
                                workloads.stream().map(WorkloadProvider::name).toList()) + " has a parameter '" + name
                        + "'");
            }
        }
    }

    /** A workload with state per client (JMH's Scope.Thread) needs a bound on the clients in every cell. */
    private static void checkClients(WorkloadProvider workload, List<Long> concurrencies, Keys keys) {
        if (workload instanceof JmhWorkload jmh && !jmh.perClientStates().isEmpty() && concurrencies.contains(0L)) {
            throw new PlanException(
                    workload.name() + " uses @State(Scope.Thread) " + String.join(", ", jmh.perClientStates())
                            + ": one instance per concurrent client, so the clients must be bounded; add "
                            + keys.of("concurrency")
                            + " N (e.g. " + keys.of("concurrency") + " 4, or 1 with -e sequential)");
        }
    }

    /** Every cell on every JVM target, the targets innermost (after the executors), ids renumbered. */
    static List<CellPlan> onJvms(String idPrefix, List<CellPlan> cells, List<JvmTarget> targets) {
        List<CellPlan> out = new ArrayList<>();
        for (CellPlan cell : cells) {
            for (JvmTarget target : targets) {
                out.add(cell.onJvm(idPrefix + "c" + (out.size() + 1), target));
            }
        }
        return out;
    }

    /**
     * The matrix's JVM targets, each probed once ({@link JvmTargets}): a missing path, something that
     * is not a JDK, a JDK older than 21, a duplicate label or options the JVM rejects end planning.
     */
    static List<JvmTarget> jvmTargets(MatrixRequest matrix) {
        try {
            return JvmTargets.prepare(
                    matrix.jvms(),
                    matrix.jvmOptions(),
                    JdkDiscovery.fromSystem(),
                    System.getenv(),
                    JvmProber.forThisJvm());
        } catch (JvmException e) {
            throw new PlanException(e.getMessage(), e);
        }
    }

    /**
     * A closed load of {@code tasks} tasks with at most {@code concurrency} in flight (0: unlimited),
     * checked as a run's {@code --tasks} and {@code --concurrency} are ({@code vbench calibrate}).
     */
    public static LoadShape.Closed closed(long tasks, long concurrency) {
        checkTasks("--tasks", tasks);
        planned(
                "--concurrency",
                String.valueOf(concurrency),
                () -> Limits.concurrencyOrUnlimited("--concurrency", concurrency));
        return new LoadShape.Closed(tasks, (int) concurrency);
    }

    private static void checkTasks(String option, long tasks) {
        planned(option, String.valueOf(tasks), () -> Limits.tasks(option, tasks));
    }

    private static void checkConcurrency(String option, long c) {
        planned(option, String.valueOf(c), () -> Limits.concurrency(option, c));
    }

    /** --duration, --rate and --timeout together, and their ranges. */
    private static void checkLoad(MatrixRequest m) {
        if (m.duration() != null) {
            planned("--duration", Durations.format(m.duration()), () -> Limits.window("--duration", m.duration()));
            if (!m.tasks().isEmpty()) {
                throw new PlanException("--duration and --tasks both set the length of a trial; give one of them"
                        + " (--duration runs for a time, --tasks runs a count)");
            }
            if (m.rates().isEmpty() && m.concurrency().isEmpty()) {
                throw new PlanException("--duration needs closed-loop clients or a rate: add --concurrency C"
                        + " (e.g. --concurrency 64) or --rate R/s (e.g. --rate 1000/s)");
            }
        }
        if (m.timeout() != null) {
            planned("--timeout", Durations.format(m.timeout()), () -> Limits.timeout("--timeout", m.timeout()));
            if (m.rates().isEmpty()) {
                throw new PlanException("--timeout counts from each task's intended start, which only --rate has;"
                        + " add --rate R/s (e.g. --rate 1000/s) or drop --timeout");
            }
        }
        for (double rate : m.rates()) {
            planned("--rate", CellConfig.formatRate(rate), () -> Limits.rate("--rate", rate));
        }
    }

    /**
     * A range check of this class as a {@link PlanException} that shows the value as parsed: the path
     * of a suite's values and of callers that hold only the value ({@code vbench calibrate}).
     */
    private static void planned(String option, String value, Runnable check) {
        try {
            check.run();
        } catch (IllegalArgumentException e) {
            throw new PlanException(option + " " + value + " " + e.getMessage(), e);
        }
    }

    /** The load shape of one point of the matrix; {@code rate} is null for the closed model. */
    private static LoadShape shape(MatrixRequest m, long tasks, int concurrency, Double rate) {
        long windowNanos = m.duration() == null ? 0 : m.duration().toNanos();
        long timeoutNanos = m.timeout() == null ? 0 : m.timeout().toNanos();
        if (rate == null) {
            return windowNanos > 0
                    ? new LoadShape.Timed(windowNanos, concurrency)
                    : new LoadShape.Closed(tasks, concurrency);
        }
        LoadShape.OpenRate open = windowNanos > 0
                ? LoadShape.OpenRate.forWindow(rate, windowNanos, concurrency, timeoutNanos)
                : LoadShape.OpenRate.forTasks(rate, tasks, concurrency, timeoutNanos);
        if (open.tasks() > Limits.MAX_TASKS) {
            throw new PlanException("--rate " + CellConfig.formatRate(rate) + " for --duration gives " + open.tasks()
                    + " tasks, more than one trial can record (" + Limits.MAX_TASKS
                    + "); use a shorter --duration or a lower --rate");
        }
        return open;
    }

    /**
     * One cell rebuilt from the facts a {@link dev.vbench.engine.ForkPlan} carries, validated the
     * same way as a planned one (a fork child runs exactly what the parent planned).
     */
    public static CellPlan cell(
            UserCode code,
            String id,
            String workloadName,
            Map<String, String> params,
            String executorSpec,
            LoadShape load) {
        return cell(code, id, workloadName, params, executorSpec, load, 1);
    }

    /** As {@link #cell(UserCode, String, String, Map, String, LoadShape)}, with {@code batch} calls per task. */
    public static CellPlan cell(
            UserCode code,
            String id,
            String workloadName,
            Map<String, String> params,
            String executorSpec,
            LoadShape load,
            int batch) {
        WorkloadProvider workload = workload(code, workloadName);
        CellPlan cell = new CellPlan(
                id,
                workload,
                resolve(workload, params),
                executors(code, List.of(executorSpec)).get(0),
                load);
        return batched(List.of(cell), batch).get(0);
    }

    /**
     * The cells with {@code --batch} calls per task and their workload's operations per call (JMH's
     * {@code @OperationsPerInvocation}).
     *
     * @throws PlanException for a batch below 1, or above 1 for a JMH benchmark with Level.Invocation fixtures
     */
    static List<CellPlan> batched(List<CellPlan> cells, int batch) {
        planned("--batch", String.valueOf(batch), () -> Limits.batch("--batch", batch));
        for (CellPlan c : cells) {
            if (batch > 1 && c.workload() instanceof JmhWorkload jmh && jmh.invocationFixtures()) {
                throw new PlanException(c.workload().name() + " has @Setup or @TearDown(Level.Invocation): they run"
                        + " around each task, untimed, and --batch " + batch + " would put them between the calls of a"
                        + " task, inside its time; run it without --batch (as JMH, one call per invocation)");
            }
        }
        return cells.stream()
                .map(c -> c.batched(batch, c.workload() instanceof JmhWorkload jmh ? jmh.operationsPerInvocation() : 1))
                .toList();
    }

    /**
     * {@code cell} on the JVM its executor needs ({@link ExecutorJvms}), probed and checked; unchanged when it
     * needs none ({@code vbench calibrate --forks}).
     *
     * @throws PlanException for what the JVM would not do as the executor asks
     */
    public static CellPlan onTheJvmItNeeds(CellPlan cell) {
        return ExecutorJvms.place(List.of(cell), JvmProber::forThisJvm).get(0);
    }

    /**
     * The cells with what {@code options} sets in every cell ({@code --batch}, {@code --fanout}), then on the
     * JVMs their executors need ({@link ExecutorJvms}): the last step of planning a matrix's cells.
     */
    static List<CellPlan> shaped(List<CellPlan> cells, TrialOptions options) {
        return ExecutorJvms.place(fannedOut(batched(cells, options.batch()), options.fanout()), JvmProber::forThisJvm);
    }

    /**
     * The cells with {@code --fanout} subtasks per task set on every executor ({@code fanout=N}); then, for
     * every cell whose executor runs the operation as subtasks (fanout, {@code structured}), the check that
     * its workload has no fixtures per invocation, which would run inside the task's time.
     *
     * @param fanout subtasks per task; 0 = not given
     * @throws PlanException for an executor without subtasks, a spec that sets another fanout, or such fixtures
     */
    static List<CellPlan> fannedOut(List<CellPlan> cells, int fanout) {
        List<CellPlan> out = new ArrayList<>();
        for (CellPlan c : cells) {
            CellPlan cell = fanout > 0 ? c.withExecutor(withFanout(c.executor(), fanout)) : c;
            if (cell.executor().subtasks() > 0
                    && cell.workload() instanceof JmhWorkload jmh
                    && jmh.invocationFixtures()) {
                throw new PlanException(cell.workload().name() + " has @Setup or @TearDown(Level.Invocation): they run"
                        + " around each task, untimed, and -e "
                        + cell.executor().spec() + " runs the task as subtasks,"
                        + " which would put them inside its time; use an executor without fanout");
            }
            out.add(cell);
        }
        return out;
    }

    private static ConfiguredExecutor withFanout(ConfiguredExecutor e, int fanout) {
        String name = e.strategy().name();
        if (e.strategy().params().stream().noneMatch(p -> p.name().equals("fanout"))) {
            throw new PlanException(
                    "--fanout " + fanout + ": executor '" + name + "' cannot fan out (its tasks would wait"
                            + " for subtasks on its own threads); use virtual, bounded-virtual or structured");
        }
        String given = e.params().asText().get("fanout");
        if (given != null && !given.equals(String.valueOf(fanout))) {
            throw new PlanException("--fanout " + fanout + " and -e " + e.spec() + " both set fanout; give it once");
        }
        Map<String, String> params = new LinkedHashMap<>();
        e.params().unredactedText().forEach((k, v) -> {
            if (!v.isEmpty()) {
                params.put(k, v);
            }
        });
        params.put("fanout", String.valueOf(fanout));
        try {
            return new ConfiguredExecutor(
                    e.strategy(),
                    Params.resolve(Params.Owner.EXECUTOR, name, e.strategy().params(), params));
        } catch (IllegalArgumentException x) {
            throw new PlanException(x.getMessage(), x);
        }
    }

    /** The workload {@code reference} names (a name, a provider class, CLASS::METHOD, FILE.java) in {@code code}. */
    public static WorkloadProvider workload(UserCode code, String reference) {
        try {
            return code.workload(reference);
        } catch (IllegalArgumentException e) {
            throw new PlanException(e.getMessage(), e);
        }
    }

    /** Each {@code NAME[:key=value,…]} spec resolved against the built-in strategies. */
    public static List<ConfiguredExecutor> executors(List<String> specs) {
        return executors(UserCode.builtIn(), specs);
    }

    /**
     * Each {@code NAME[:key=value,…]} spec resolved against the built-in strategies and those in {@code code};
     * a spec that lists several values of a parameter ({@code virtual:parallelism=1,2}) is one executor per value.
     */
    public static List<ConfiguredExecutor> executors(UserCode code, List<String> specs) {
        List<ConfiguredExecutor> out = new ArrayList<>();
        for (String spec : specs) {
            try {
                out.addAll(code.executors(spec));
            } catch (IllegalArgumentException e) {
                throw new PlanException(e.getMessage(), e);
            }
        }
        return out;
    }

    /**
     * {@code -p name=v1,v2} options → ordered map of name → values. A comma separates values; one written
     * {@code \,} is part of its value ({@code -p 'url=jdbc:postgresql://h/db?password=ab\,cd'}).
     *
     * @throws PlanException for a value without {@code =}, a name given twice, or a bare comma inside a
     *     secret (the text after it would be a value of its own, and shown: {@link #values})
     */
    public static Map<String, List<String>> sweeps(List<String> paramOptions) {
        Map<String, List<String>> sweeps = new LinkedHashMap<>();
        for (String option : paramOptions) {
            int eq = option.indexOf('=');
            if (eq <= 0) {
                throw new PlanException("-p '" + Redactor.redact(option)
                        + "' is not name=value; write e.g. -p duration=20ms" + " or -p files=10,50,100");
            }
            String name = option.substring(0, eq).trim();
            if (sweeps.containsKey(name)) {
                throw new PlanException(
                        "-p " + name + " is given twice; put all values in one list: -p " + name + "=a,b");
            }
            sweeps.put(name, values(name, option.substring(eq + 1)));
        }
        return sweeps;
    }

    /** A comma that is not written {@code \,}: it separates sweep values. */
    private static final Pattern VALUE_SEPARATOR = Pattern.compile("(?<!\\\\),");

    /**
     * The values of {@code -p name=text}: split at every comma not written {@code \,}, each trimmed, {@code \,}
     * read as a comma. A bare comma that falls inside a secret ({@code password=ab,cd}: the secret would
     * end at it, and what follows would be a value of its own, shown in tables and messages) is refused,
     * unless what follows starts a value of the same kind (a URL: {@code password=s,jdbc:h2:mem:b}).
     */
    static List<String> values(String name, String text) {
        String[] parts = VALUE_SEPARATOR.split(text, -1);
        List<String> values = new ArrayList<>(parts.length);
        for (int i = 0; i < parts.length; i++) {
            if (i > 0
                    && endsInsideSecret(parts[i - 1])
                    && !parts[i].strip().matches("(?s)[A-Za-z][A-Za-z0-9+.\\-]*:.*")) {
                throw new PlanException(
                        "-p " + name + ": a comma follows the secret in '" + Redactor.redact(parts[i - 1].strip())
                                + "'; write a comma inside a value as \\, (-p '" + name + "=…password=ab\\,cd')"
                                + (name.equals("url") ? " or give the URL in a file: -p " + name + "=@FILE" : ""));
            }
            values.add(parts[i].strip().replace("\\,", ","));
        }
        return List.copyOf(values);
    }

    /** Whether {@code part} ends with a secret's value (the comma after it would cut the secret). */
    private static boolean endsInsideSecret(String part) {
        String shown = Redactor.redact(part.strip());
        return !shown.equals(part.strip()) && shown.endsWith(Redactor.MASK);
    }

    /** Every combination of sweep values, in order, resolved against the workload's parameters. */
    private static List<Params> paramCombinations(WorkloadProvider workload, Map<String, List<String>> sweeps) {
        List<Map<String, String>> combos = List.of(Map.of());
        for (Map.Entry<String, List<String>> sweep : sweeps.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> combo : combos) {
                for (String value : sweep.getValue()) {
                    Map<String, String> c = new LinkedHashMap<>(combo);
                    c.put(sweep.getKey(), value);
                    next.add(c);
                }
            }
            combos = next;
        }
        return combos.stream().map(c -> resolve(workload, c)).toList();
    }

    private static Params resolve(WorkloadProvider workload, Map<String, String> given) {
        try {
            return Params.resolve(workload.name(), workload.params(), given);
        } catch (IllegalArgumentException e) {
            throw new PlanException(e.getMessage(), e);
        }
    }
}
