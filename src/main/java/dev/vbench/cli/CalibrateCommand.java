package dev.vbench.cli;

import dev.vbench.engine.CellPlan;
import dev.vbench.engine.DataDirs;
import dev.vbench.engine.LoadShape;
import dev.vbench.engine.TrialRunner;
import dev.vbench.executor.ConfiguredExecutor;
import dev.vbench.measure.Histograms;
import dev.vbench.measure.NanoClock;
import dev.vbench.loader.UserCode;
import dev.vbench.measure.TrialProbes;
import dev.vbench.plan.Planner;
import dev.vbench.report.ConsoleRenderer;
import dev.vbench.report.Numbers;
import dev.vbench.report.Table;
import dev.vbench.result.CellConfig;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.Params;
import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import dev.vbench.stats.Descriptive;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.time.Duration;
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

    @Option(names = "--tasks", paramLabel = "N", defaultValue = "1000000", converter = OptionTypes.CountConverter.class,
            description = "Tasks per round; accepts 300k, 1M.")
    long tasks;

    @Option(names = "--concurrency", paramLabel = "C", defaultValue = "0", converter = OptionTypes.CountConverter.class,
            description = "At most C tasks in flight, as 'vbench run --concurrency' (closed-loop clients); the bare loop"
                    + " then holds a semaphore the same way. 0: unlimited.")
    long concurrency;

    @Option(names = "--rounds", defaultValue = "7", description = "Alternating rounds per executor; the median is reported.")
    int rounds;

    @Option(names = {"-e", "--executor"}, paramLabel = "SPEC", description = "Executors to calibrate. Default: virtual and fixed.")
    List<String> executors = new ArrayList<>();

    @Option(names = "--pinning", paramLabel = "on|off", defaultValue = "on",
            description = "Include the JFR pinning probe in the vbench path, as 'vbench run' does (GC and scheduler probes always).")
    RunCommand.Pinning pinning;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        LoadShape.Closed load = Planner.closed(tasks, concurrency);
        int n = (int) load.tasks();
        if (rounds < 1) {
            throw new UsageException("--rounds " + rounds + " must be at least 1");
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
        Table.Builder table = new Table.Builder(what + " × " + n + " tasks" + inFlight + ", median of " + rounds
                + " rounds (after 1 warmup round)")
                .text("executor").number("bare loop").number("vbench").number("ratio").number("overhead/task")
                .number("service").text("latencies");
        try (Workload w = provider.create(resolved)) {
            w.prepare(new PrepareContext(DataDirs.forWorkload(DataDirs.defaultRoot(), provider.name()),
                    42, message -> spec.commandLine().getErr().println("vbench: warning: " + message), (step, done, total) -> { }));
            for (CellPlan cell : cells) {
                Figures f = measure(w, cell, n);
                table.row(List.of(cell.executor().spec(), Numbers.rate(n / (f.bareNanos / 1e9), "tasks/s"),
                        Numbers.rate(n / (f.vbenchNanos / 1e9), "tasks/s"), Numbers.fixed(f.bareNanos / f.vbenchNanos, 3),
                        Numbers.fixed((f.vbenchNanos - f.bareNanos) / n, 1) + " ns",
                        Numbers.fixed(f.serviceNanos, 0) + " ns",
                        f.sampledOneIn == 0 ? "every task" : "1 in " + f.sampledOneIn));
            }
        }
        table.footnote("both sides timed first submit -> last task end (vbench run's makespan), medians of the rounds;"
                + " bare loop: n task objects submitted in a loop, each runs the task and stores its end time in its own"
                + " slot" + (load.concurrency() > 0 ? " (a semaphore of " + load.concurrency() + " permits acquired before each"
                + " submit and released at the task's end, as vbench does)" : "") + "; vbench: the same tasks through TrialRunner inside the telemetry probes of 'vbench run'"
                + (pinning == RunCommand.Pinning.on ? " (JFR pinning on for virtual threads)" : " (--pinning off)")
                + "; overhead/task: difference of the makespans / tasks; service: vbench's mean service time per task");
        out.print(ConsoleRenderer.render(table.build()));
        out.println(EnvironmentLine.text());
        out.flush();
        return ExitCodes.OK;
    }

    /** Medians over the rounds: makespans of both sides, vbench's mean service time, its sampling rate. */
    private record Figures(double bareNanos, double vbenchNanos, double serviceNanos, int sampledOneIn) {}

    private Figures measure(Workload w, CellPlan plan, int n) throws Exception {
        ConfiguredExecutor executor = plan.executor();
        String name = plan.workload().name();
        TrialRunner runner = new TrialRunner(NanoClock.SYSTEM);
        TrialProbes probes = TrialProbes.standard(pinning == RunCommand.Pinning.on, Duration.ZERO,
                message -> spec.commandLine().getErr().println("vbench: warning: " + message));
        CellConfig cell = plan.config();
        double[] bare = new double[rounds];
        double[] full = new double[rounds];
        double[] service = new double[rounds];
        int sampled = 0;
        for (int r = -1; r < rounds; r++) {
            w.beforeTrial();
            double b = bare(w.task(), executor, n, plan.load().concurrency());
            w.beforeTrial();
            Task task = w.task();
            ExecutorService ex = executor.create();
            TrialResult t = probes.around(cell, () -> runner.run(task, ex, plan.load(), 0));
            ex.shutdownNow();
            if (t.failures() > 0 || b < 0) {
                throw new UsageException("workload '" + name + "' failed " + Math.max(t.failures(), 1)
                        + " task(s) during calibration; calibrate a workload whose tasks succeed (try 'vbench run -w " + name + "')");
            }
            if (r >= 0) {
                bare[r] = b;
                full[r] = t.makespanNanos();
                service[r] = t.latency() == null ? 0 : Histograms.decode(t.histograms().service()).getMean();
                sampled = Math.max(sampled, t.latencySampledOneIn());
            }
        }
        return new Figures(Descriptive.median(bare), Descriptive.median(full), Descriptive.median(service), sampled);
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
