package dev.vbench.cli;

import dev.vbench.engine.CellPlan;
import dev.vbench.engine.DataDirs;
import dev.vbench.engine.Engine;
import dev.vbench.engine.LoadShape;
import dev.vbench.engine.TrialRunner;
import dev.vbench.engine.Watchdog;
import dev.vbench.executor.ConfiguredExecutor;
import dev.vbench.jvm.JavaCommand;
import dev.vbench.jvm.JavaProcess;
import dev.vbench.loader.UserCode;
import dev.vbench.measure.Histograms;
import dev.vbench.measure.NanoClock;
import dev.vbench.measure.TrialProbes;
import dev.vbench.plan.Planner;
import dev.vbench.profile.CellProfiler;
import dev.vbench.profile.ProfileEvent;
import dev.vbench.profile.ProfileRequest;
import dev.vbench.report.ConsoleRenderer;
import dev.vbench.report.Table;
import dev.vbench.result.CellConfig;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.Params;
import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import dev.vbench.stats.Descriptive;
import dev.vbench.stats.MedianInterval;
import dev.vbench.text.Numbers;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IntSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code vbench calibrate}: the harness's own overhead. In one JVM, runs a workload's tasks (empty
 * ones by default) through vbench's full recording path and through a bare submit loop on the same
 * executor, alternating, and reports both throughputs, their ratio (goal: at least 0.90 on empty
 * tasks, 0.97 on a 1 µs task) and the time vbench adds per task.
 *
 * <p>Both sides are timed the same way, the way {@code vbench run} defines a makespan: first
 * submit → last task end. The bare loop's task therefore reads the clock once at its end and
 * stores it in its own slot of a preallocated array — the least any harness needs to know when the
 * last task ended — and does nothing else; the executor's shutdown and termination are not timed.
 */
@Command(name = "calibrate", showDefaultValues = true,
        description = {"Measure vbench's own per-task overhead: a workload's tasks (empty ones by default) through the full",
            "recording path vs a bare submit loop on the same executor, both timed first submit -> last task end.",
            "Ratio = vbench throughput / bare throughput (goal >= 0.90 on noop, >= 0.97 on a 1 us task)."})
public final class CalibrateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Option(names = {"-w", "--workload"}, paramLabel = "NAME", defaultValue = "noop",
            description = "Workload whose task is run (see 'vbench list'), e.g. noop, hello, cpu.")
    String workload;

    @Option(names = {"-p", "--param"}, paramLabel = "NAME=VALUE", description = "Workload parameter (one value each), e.g. -p iterations=500.")
    List<String> params = new ArrayList<>();

    @Option(names = "--tasks", paramLabel = "N", defaultValue = "1000000", converter = OptionTypes.TasksConverter.class,
            description = "Tasks per round; accepts 300k, 1M.")
    long tasks;

    @Option(names = "--concurrency", paramLabel = "C", defaultValue = "0", converter = OptionTypes.ConcurrencyOrUnlimitedConverter.class,
            description = "At most C tasks in flight, as 'vbench run --concurrency' (closed-loop clients); the bare loop"
                    + " then holds a semaphore the same way. 0: unlimited.")
    long concurrency;

    @Option(names = "--rounds", defaultValue = "7", description = "Rounds per executor (per fork with --forks), each a bare"
            + " loop and a vbench trial in alternating order (ABBA); the median round is reported.")
    int rounds;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "3",
            description = "Warmup rounds before the measured ones (in each fork with --forks), each a bare loop and a"
                    + " vbench trial. The first rounds of a JVM still run code the JIT is compiling: on 'sequential'"
                    + " a ratio climbs from ~0.85 to its level over the first four rounds.")
    int warmup;

    @Option(names = "--forks", paramLabel = "N", defaultValue = "0",
            description = "Run each executor's rounds in N fresh JVMs (same java, JVM options and class path; --warmup"
                    + " rounds in each), as 'vbench run --forks' does. A JVM keeps its JIT decisions for life, so from 2"
                    + " forks on the forks are the samples: the ratio is the median of each fork's median round, its CI"
                    + " over the forks (6 or more). 0: every round in this JVM.")
    int forks;

    /** In a fork: print each measured round as a line for the parent instead of the table. */
    @Option(names = "--emit-rounds", hidden = true)
    boolean emitRounds;

    @Option(names = {"-e", "--executor"}, paramLabel = "SPEC", description = "Executors to calibrate. Default: virtual and fixed.")
    List<String> executors = new ArrayList<>();

    @Option(names = "--pinning", paramLabel = "on|off", defaultValue = "on",
            description = "Include the JFR pinning probe in the vbench path, as 'vbench run' does (GC and scheduler probes always).")
    RunCommand.Pinning pinning;

    @Option(names = "--profile", paramLabel = "EVENT[,EVENT…]", converter = OptionTypes.ProfileEventsConverter.class,
            description = "Profile the vbench side as 'vbench run --profile' does (tasks, cpu, wall, lock, alloc):"
                    + " the ratio is then vbench with profiling vs the bare loop, what profiling costs.")
    List<ProfileEvent> profileEvents = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        LoadShape.Closed load = Planner.closed(tasks, concurrency);
        int n = (int) load.tasks();
        if (rounds < 1) {
            throw new UsageException("--rounds " + rounds + " must be at least 1");
        }
        if (warmup < 0 || warmup > MAX_WARMUP) {
            throw new UsageException("--warmup " + warmup + " is out of range; use 0 to " + MAX_WARMUP);
        }
        if (forks < 0 || forks > MAX_FORKS) {
            throw new UsageException("--forks " + forks + " is out of range; use 0 (this JVM) to " + MAX_FORKS);
        }
        Map<String, String> given = new LinkedHashMap<>();
        Planner.sweeps(params).forEach((name, values) -> {
            if (values.size() != 1) {
                throw new UsageException("calibrate runs one parameter set; give one value per -p (e.g. -p iterations=500)");
            }
            given.put(name, values.get(0));
        });
        List<CellPlan> cells = new ArrayList<>();
        for (String e : executors.isEmpty()
                ? List.of("virtual", "fixed:threads=" + Runtime.getRuntime().availableProcessors()) : executors) {
            cells.add(Planner.cell(UserCode.builtIn(), "calibrate", workload, given, e, load));
        }
        WorkloadProvider provider = cells.get(0).workload();
        Params resolved = cells.get(0).params();
        StringBuilder what = new StringBuilder(provider.name());
        given.keySet().forEach(k -> what.append(' ').append(k).append('=').append(resolved.asText().get(k)));
        String inFlight = load.concurrency() > 0 ? ", at most " + load.concurrency() + " in flight" : "";
        boolean byFork = forks >= 2;
        String warming = warmup + (warmup == 1 ? " warmup round" : " warmup rounds");
        String rounding = byFork ? forks + " forks (each the median of " + rounds + " rounds after " + warming + ")"
                : rounds + " rounds " + (forks == 1 ? "in 1 fork " : "") + "(after " + warming + ")";
        Table.Builder table = new Table.Builder(what + " × " + n + " tasks" + inFlight + ", median of " + rounding)
                .text("executor").number("bare loop").number("vbench").number("ratio").number("95% CI")
                .number("overhead/task").number("service").text("latencies");
        if (emitRounds || forks == 0) {
            try (Workload w = provider.create(resolved)) {
                w.prepare(new PrepareContext(DataDirs.forWorkload(DataDirs.defaultRoot(), provider.name()),
                        42, message -> spec.commandLine().getErr().println("vbench: warning: " + message), (step, done, total) -> { }));
                for (CellPlan cell : cells) {
                    List<Round> measured = measure(w, cell, n);
                    if (emitRounds) {
                        measured.forEach(r -> out.println(r.line()));
                    } else {
                        addRow(table, cell.executor().spec(), List.of(measured), n);
                    }
                }
            }
            if (emitRounds) {
                out.flush();
                return ExitCodes.OK;
            }
        } else {
            for (CellPlan cell : cells) {
                List<List<Round>> byJvm = new ArrayList<>();
                for (int f = 0; f < forks; f++) {
                    byJvm.add(fork(cell.executor().spec()));
                }
                addRow(table, cell.executor().spec(), byJvm, n);
            }
        }
        table.footnote("both sides timed first submit -> last task end (vbench run's makespan); ratio: "
                + (byFork ? "median over the forks of each fork's median over its rounds of bare makespan / vbench makespan"
                        + " (a JVM keeps its JIT decisions for life: the forks, not the rounds, are the independent"
                        + " samples), with the 95% CI of that median (— below 6 forks)"
                        : "median over the rounds of bare makespan / vbench makespan, with the 95% CI of that median"
                        + " (— below 6 rounds; one JVM: --forks 6 or more samples JIT decisions too)")
                + "; each round runs the two back to back, in alternating order; bare loop, vbench, overhead/task, service:"
                + " medians of all rounds;"
                + " bare loop: n task objects submitted in a loop, each runs the task and stores its end time in its own"
                + " slot" + (load.concurrency() > 0 ? " (a semaphore of " + load.concurrency() + " permits acquired before each"
                + " submit and released at the task's end, as vbench does)" : "") + "; vbench: the same tasks through TrialRunner inside the telemetry probes of 'vbench run'"
                + (profileEvents.isEmpty() ? "" : ", profiled (--profile " + String.join(",", profileEvents.stream().map(ProfileEvent::key).toList()) + ")")
                + (pinning == RunCommand.Pinning.on ? " (JFR pinning on for virtual threads)" : " (--pinning off)")
                + "; overhead/task: difference of the makespans / tasks; service: vbench's mean service time per task");
        out.print(ConsoleRenderer.render(table.build()));
        out.println(EnvironmentLine.text());
        out.flush();
        return ExitCodes.OK;
    }

    static final int MAX_FORKS = 100;
    static final int MAX_WARMUP = 1000;
    private static final String ROUND = "calibrate-round";

    /** One measured round: both makespans, vbench's mean service time and its sampling rate. */
    record Round(double bareNanos, double vbenchNanos, double serviceNanos, int sampledOneIn) {

        String line() {
            return ROUND + " " + (long) bareNanos + " " + (long) vbenchNanos + " " + serviceNanos + " " + sampledOneIn;
        }

        static Round parse(String line) {
            String[] f = line.split(" ");
            return new Round(Double.parseDouble(f[1]), Double.parseDouble(f[2]), Double.parseDouble(f[3]),
                    Integer.parseInt(f[4]));
        }
    }

    /**
     * The executor's row: medians of all rounds, and the ratio with its 95% CI. With two JVMs or more, the
     * ratio is the median of each JVM's median round ratio and the CI is over the JVMs; with one, over its rounds.
     */
    private static void addRow(Table.Builder table, String executor, List<List<Round>> byJvm, int n) {
        List<Round> rounds = byJvm.stream().flatMap(List::stream).toList();
        double[] sorted = Descriptive.sorted(byJvm.size() >= 2
                ? byJvm.stream().mapToDouble(jvm -> Descriptive.median(ratios(jvm))).toArray()
                : ratios(rounds));
        double[] ci = MedianInterval.of(sorted, 0.95);
        double bare = Descriptive.median(rounds.stream().mapToDouble(Round::bareNanos).toArray());
        double full = Descriptive.median(rounds.stream().mapToDouble(Round::vbenchNanos).toArray());
        double added = Descriptive.median(rounds.stream().mapToDouble(r -> (r.vbenchNanos() - r.bareNanos()) / n).toArray());
        IntSummaryStatistics oneIn = rounds.stream().mapToInt(Round::sampledOneIn).summaryStatistics();
        table.row(List.of(executor, Numbers.rate(n / (bare / 1e9), "tasks/s"), Numbers.rate(n / (full / 1e9), "tasks/s"),
                Numbers.fixed(Descriptive.medianOfSorted(sorted), 3),
                Double.isNaN(ci[0]) ? "—" : Numbers.fixed(ci[0], 3) + "–" + Numbers.fixed(ci[1], 3),
                Numbers.fixed(added, 1) + " ns",
                Numbers.fixed(Descriptive.median(rounds.stream().mapToDouble(Round::serviceNanos).toArray()), 0) + " ns",
                oneIn.getMin() == 0 ? (oneIn.getMax() == 0 ? "every task" : "some: 1 in " + oneIn.getMax())
                        : "1 in " + oneIn.getMin() + (oneIn.getMax() > oneIn.getMin() ? "–" + oneIn.getMax() : "")));
    }

    private static double[] ratios(List<Round> rounds) {
        return rounds.stream().mapToDouble(r -> r.bareNanos() / r.vbenchNanos()).toArray();
    }

    /** Runs this calibration for one executor in a fresh JVM and reads its rounds. */
    private List<Round> fork(String executor) throws Exception {
        List<String> command = new ArrayList<>(JavaCommand.of(JavaCommand.thisJava(), List.of(), "dev.vbench.Main"));
        command.addAll(List.of("calibrate", "--emit-rounds", "-w", workload, "--tasks", String.valueOf(tasks),
                "--concurrency", String.valueOf(concurrency), "--rounds", String.valueOf(rounds),
                "--warmup", String.valueOf(warmup), "-e", executor,
                "--pinning", pinning.name()));
        params.forEach(p -> command.addAll(List.of("-p", p)));
        if (!profileEvents.isEmpty()) {
            command.addAll(List.of("--profile", String.join(",", profileEvents.stream().map(ProfileEvent::key).toList())));
        }
        Path log = Files.createTempFile("vbench-calibrate-", ".log");
        try {
            JavaProcess.Ended ended = JavaProcess.run(command, log);
            List<String> lines = ended.lines();
            List<Round> out = lines.stream().filter(l -> l.startsWith(ROUND + " ")).map(Round::parse).toList();
            String last = JavaProcess.lastReason(lines.stream().filter(l -> !l.startsWith(ROUND + " ")).toList())
                    .replaceFirst("^vbench: ", "");
            if (ended.exitCode() == ExitCodes.USAGE) {
                throw new UsageException(last); // the fork's own one line (e.g. the workload's tasks fail)
            }
            if (ended.exitCode() != 0 || out.size() != rounds) {
                throw new EnvironmentException("a calibrate fork for " + executor + " exited " + ended.exitCode() + ": " + last, null);
            }
            return out;
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private List<Round> measure(Workload w, CellPlan plan, int n) throws Exception {
        TrialRunner runner = new TrialRunner(NanoClock.SYSTEM);
        TrialProbes probes = TrialProbes.standard(pinning == RunCommand.Pinning.on, Duration.ZERO,
                message -> spec.commandLine().getErr().println("vbench: warning: " + message));
        CellConfig cell = plan.config();
        ProfileRequest profile = new ProfileRequest(profileEvents, ProfileRequest.Profiler.AUTO, ProfileRequest.DEFAULT_INTERVAL_NANOS);
        java.util.function.Consumer<String> warn = message -> spec.commandLine().getErr().println("vbench: warning: " + message);
        CellProfiler profiler = profile.on() ? new CellProfiler(profile, CellProfiler.openJvmProfiler(profile, warn), warn) : null;
        List<Round> measured = new ArrayList<>();
        Watchdog watchdog = new Watchdog(Engine.DEFAULT_TASK_TIMEOUT); // the trial thread and its watchdog, as in 'vbench run'
        try {
            measureRounds(w, plan, n, runner, probes, cell, watchdog, profiler, measured);
        } finally {
            watchdog.close();
        }
        return measured;
    }

    /** @param profiler profiles the vbench side of each round ({@code --profile}); null: not profiled */
    private void measureRounds(Workload w, CellPlan plan, int n, TrialRunner runner, TrialProbes probes, CellConfig cell,
            Watchdog watchdog, CellProfiler profiler, List<Round> measured) throws Exception {
        ConfiguredExecutor executor = plan.executor();
        String name = plan.workload().name();
        for (int r = -warmup; r < rounds; r++) {
            boolean bareFirst = r < 0 || (r & 1) == 0; // ABBA: neither side always runs first (GC, drift)
            double b = bareFirst ? bare(w, executor, n, plan.load().concurrency()) : 0;
            w.beforeTrial();
            Task task = profiler == null ? w.task() : profiler.wrap(w.task());
            ExecutorService ex = executor.create();
            TrialResult t = watchdog.run(() -> probes.around(cell, () -> profiler == null ? runner.run(task, ex, plan.load(), 0)
                    : profiler.profile(() -> runner.run(task, ex, plan.load(), 0))), ex, runner);
            ex.shutdownNow();
            if (!bareFirst) {
                b = bare(w, executor, n, plan.load().concurrency());
            }
            if (t.failures() > 0 || b < 0) {
                throw new UsageException("workload '" + name + "' failed " + Math.max(t.failures(), 1)
                        + " task(s) during calibration; calibrate a workload whose tasks succeed (try 'vbench run -w " + name + "')");
            }
            if (r >= 0) {
                measured.add(new Round(b, t.makespanNanos(),
                        t.latency() == null ? 0 : Histograms.decode(t.histograms().service()).getMean(), t.latencySampledOneIn()));
            }
        }
    }

    private static double bare(Workload w, ConfiguredExecutor executor, int n, int concurrency) throws Exception {
        w.beforeTrial();
        return bare(w.task(), executor, n, concurrency);
    }

    /** Makespan in ns of the bare loop (first submit → last task end), or -1 when a task failed. */
    private static double bare(Task task, ConfiguredExecutor executor, int n, int concurrency) throws InterruptedException {
        long[] ends = new long[n];
        BareTask.failed = false;
        Semaphore inFlight = concurrency > 0 ? new Semaphore(concurrency) : null;
        ExecutorService ex = executor.create();
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            if (inFlight != null) {
                inFlight.acquire();
            }
            ex.execute(new BareTask(task, i, ends, inFlight));
        }
        ex.shutdown();
        ex.awaitTermination(1, TimeUnit.HOURS);
        if (BareTask.failed) {
            return -1;
        }
        long last = start;
        for (long e : ends) {
            last = Math.max(last, e);
        }
        return last - start;
    }

    /** Runs the task, keeps its value in its own field, stores its end time in its own slot, frees its permit. */
    private static final class BareTask implements Runnable {
        static volatile boolean failed;
        private final Task task;
        private final int index;
        private final long[] ends;
        private final Semaphore inFlight;
        @SuppressWarnings("unused")
        private long sink;

        BareTask(Task task, int index, long[] ends, Semaphore inFlight) {
            this.task = task;
            this.index = index;
            this.ends = ends;
            this.inFlight = inFlight;
        }

        @Override
        public void run() {
            try {
                sink = task.run(index);
            } catch (Exception e) {
                failed = true;
            }
            ends[index] = System.nanoTime();
            if (inFlight != null) {
                inFlight.release();
            }
        }
    }

    /** One line naming the machine, for the README. */
    static final class EnvironmentLine {
        static String text() {
            return "JVM " + Runtime.version() + " (" + System.getProperty("java.vendor") + "), "
                    + Runtime.getRuntime().availableProcessors() + " CPUs, " + System.getProperty("os.name") + " "
                    + System.getProperty("os.arch");
        }
    }
}
