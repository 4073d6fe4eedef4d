package dev.vbench.engine;

import dev.vbench.config.Defaults;
import dev.vbench.executor.ConfiguredExecutor;
import dev.vbench.measure.Histograms;
import dev.vbench.measure.NanoClock;
import dev.vbench.measure.TrialProbes;
import dev.vbench.profile.CellProfiler;
import dev.vbench.profile.ProfileRequest;
import dev.vbench.result.CellConfig;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadException;
import dev.vbench.spi.WorkloadProvider;
import dev.vbench.stats.Descriptive;
import dev.vbench.stats.MedianInterval;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * {@code vbench calibrate}'s measurement: the harness's own overhead. A workload's tasks (empty ones by
 * default) run through vbench's full recording path ({@link TrialRunner} inside the telemetry probes of
 * {@code vbench run}, profiled with {@code --profile}) and through a bare submit loop on the same executor,
 * alternating, round after round; {@link #estimate} turns the rounds into the figures calibrate prints.
 *
 * <p>Both sides are timed the way {@code vbench run} defines a makespan: first submit → last task end. The
 * bare loop's task therefore reads the clock once at its end and stores it in its own slot of a
 * preallocated array — the least any harness needs to know when the last task ended — and does nothing
 * else; the executor's shutdown and termination are not timed.
 *
 * <p>With forks, each fork is a {@code fork-cell} child like a run's ({@link ForkRunner#runCalibrationFork}):
 * its {@link ForkPlan} carries the cell and {@link ForkPlan.Rounds}, and it writes its {@link Rounds} as JSON.
 *
 * <pre>{@code
 * Calibration c = new Calibration(new Calibration.Settings(3, 7, TrialProbes.Settings.DEFAULTS, ProfileRequest.OFF), warn);
 * List<Calibration.Round> rounds = c.measure(List.of(cellPlan), DataDirs.defaultRoot()).get(0);
 * Calibration.Estimate e = Calibration.estimate(List.of(rounds), 1_000_000);
 * }</pre>
 */
public final class Calibration {

    /** Seed of the workload's generated inputs, the same in this JVM and in every fork. */
    public static final long SEED = 42;

    /**
     * How a calibration measures.
     *
     * @param warmupRounds rounds before the measured ones (in each JVM: the first rounds run code the JIT is compiling)
     * @param rounds measured rounds per executor and JVM
     * @param probes the probes of the vbench side ({@code --pinning})
     * @param profile what the vbench side profiles ({@code --profile}); off: nothing
     */
    public record Settings(int warmupRounds, int rounds, TrialProbes.Settings probes, ProfileRequest profile) {

        /** The rounds a fork runs. */
        public ForkPlan.Rounds forkRounds() {
            return new ForkPlan.Rounds(warmupRounds, rounds);
        }
    }

    /**
     * One measured round: both makespans, vbench's mean service time and its latency sampling.
     *
     * @param bareNanos makespan of the bare loop
     * @param vbenchNanos makespan of the vbench trial
     * @param serviceNanos mean service time per task of the vbench trial (0 when it recorded none)
     * @param sampledOneIn the vbench trial recorded the latency of one task in this many (0: every task)
     */
    public record Round(double bareNanos, double vbenchNanos, double serviceNanos, int sampledOneIn) {}

    /** What a calibration fork writes to its result file: its measured rounds. */
    public record Rounds(List<Round> rounds) {

        public Rounds {
            rounds = rounds == null ? List.of() : List.copyOf(rounds);
        }
    }

    private final Settings settings;
    private final Consumer<String> warn;

    /** @param warn where the workload's and the probes' warnings go */
    public Calibration(Settings settings, Consumer<String> warn) {
        this.settings = settings;
        this.warn = warn;
    }

    /**
     * Measures every cell in this JVM: one workload (the cells' workload and parameters), prepared once,
     * then each cell's rounds in turn.
     *
     * @param cells one per executor, the same workload, parameters and load
     * @param dataRoot root of the generated inputs ({@link DataDirs#defaultRoot()}; in a fork, its plan's)
     * @return per cell, its measured rounds
     */
    public List<List<Round>> measure(List<CellPlan> cells, Path dataRoot) throws Exception {
        WorkloadProvider provider = cells.get(0).workload();
        List<List<Round>> out = new ArrayList<>();
        try (Workload w = provider.create(cells.get(0).params())) {
            w.prepare(new PrepareContext(
                    DataDirs.forWorkload(dataRoot, provider.name()), SEED, warn, (step, done, total) -> {}));
            for (CellPlan cell : cells) {
                out.add(measure(w, cell));
            }
        }
        return out;
    }

    /** Runs calibration forks of {@code cell} (1 to {@code forks}), one after another, and reads each one's rounds. */
    public List<List<Round>> measureInForks(CellPlan cell, int forks, Path dataRoot) throws Exception {
        ForkRunner runner = new ForkRunner(settings.probes(), Defaults.TASK_TIMEOUT, settings.profile());
        List<List<Round>> byFork = new ArrayList<>();
        for (int f = 1; f <= forks; f++) {
            byFork.add(runner.runCalibrationFork(cell, dataRoot, f, settings.forkRounds()));
        }
        return byFork;
    }

    private List<Round> measure(Workload w, CellPlan plan) throws Exception {
        TrialRunner runner = new TrialRunner(NanoClock.SYSTEM);
        TrialProbes probes = TrialProbes.standard(
                settings.probes().pinning(), settings.probes().pinningThreshold(), warn);
        ProfileRequest profile = settings.profile();
        CellProfiler profiler =
                profile.on() ? new CellProfiler(profile, CellProfiler.openJvmProfiler(profile, warn), warn) : null;
        List<Round> measured = new ArrayList<>();
        Watchdog watchdog =
                new Watchdog(Defaults.TASK_TIMEOUT); // the trial thread and its watchdog, as in 'vbench run'
        try {
            measureRounds(w, plan, runner, probes, watchdog, profiler, measured);
        } finally {
            watchdog.close();
        }
        return measured;
    }

    /** @param profiler profiles the vbench side of each round ({@code --profile}); null: not profiled */
    private void measureRounds(
            Workload w,
            CellPlan plan,
            TrialRunner runner,
            TrialProbes probes,
            Watchdog watchdog,
            CellProfiler profiler,
            List<Round> measured)
            throws Exception {
        ConfiguredExecutor executor = plan.executor();
        CellConfig cell = plan.config();
        int n = (int) plan.load().tasks();
        String name = plan.workload().name();
        for (int r = -settings.warmupRounds(); r < settings.rounds(); r++) {
            boolean bareFirst = r < 0 || (r & 1) == 0; // ABBA: neither side always runs first (GC, drift)
            double b = bareFirst ? bare(w, executor, n, plan.load().concurrency()) : 0;
            w.beforeTrial();
            Task task = profiler == null ? w.task() : profiler.wrap(w.task());
            ExecutorService ex = executor.create();
            TrialResult t = watchdog.run(
                    () -> probes.around(
                            cell,
                            () -> profiler == null
                                    ? runner.run(task, ex, plan.load(), 0)
                                    : profiler.profile(() -> runner.run(task, ex, plan.load(), 0))),
                    ex,
                    runner);
            ex.shutdownNow();
            if (!bareFirst) {
                b = bare(w, executor, n, plan.load().concurrency());
            }
            if (t.failures() > 0 || b < 0) {
                throw WorkloadException.usage("workload '" + name + "' failed " + Math.max(t.failures(), 1)
                        + " task(s) during calibration; calibrate a workload whose tasks succeed (try 'vbench run -w "
                        + name + "')");
            }
            if (r >= 0) {
                measured.add(new Round(
                        b,
                        t.makespanNanos(),
                        t.latency() == null
                                ? 0
                                : Histograms.decode(t.histograms().service()).getMean(),
                        t.latencySampledOneIn()));
            }
        }
    }

    private static double bare(Workload w, ConfiguredExecutor executor, int n, int concurrency) throws Exception {
        w.beforeTrial();
        return bare(w.task(), executor, n, concurrency);
    }

    /** Makespan in ns of the bare loop (first submit → last task end), or -1 when a task failed. */
    private static double bare(Task task, ConfiguredExecutor executor, int n, int concurrency)
            throws InterruptedException {
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

    /**
     * An executor's figures.
     *
     * @param bareNanos median bare makespan over all rounds
     * @param vbenchNanos median vbench makespan over all rounds
     * @param ratio the ratio bare / vbench: the median over the rounds, or with two JVMs or more the median of
     *     each JVM's median round ratio (a JVM keeps its JIT decisions for life: the JVMs are the samples)
     * @param ciLow low end of the 95% CI of {@code ratio} (NaN below 6 samples)
     * @param ciHigh high end of that CI
     * @param addedNanosPerTask median over the rounds of (vbench − bare makespan) / tasks
     * @param serviceNanos median over the rounds of vbench's mean service time
     * @param sampledOneInMin fewest tasks per latency sample of any round (0: every task)
     * @param sampledOneInMax most tasks per latency sample of any round
     */
    public record Estimate(
            double bareNanos,
            double vbenchNanos,
            double ratio,
            double ciLow,
            double ciHigh,
            double addedNanosPerTask,
            double serviceNanos,
            int sampledOneInMin,
            int sampledOneInMax) {}

    /**
     * The estimator: medians of all rounds, and the ratio with its 95% CI ({@link MedianInterval}). With two
     * JVMs or more the ratio is the median of each JVM's median round ratio and the CI is over the JVMs; with
     * one, over its rounds.
     *
     * @param byJvm per JVM (this one, or each fork), its measured rounds
     * @param tasks tasks per round
     */
    public static Estimate estimate(List<List<Round>> byJvm, int tasks) {
        List<Round> rounds = byJvm.stream().flatMap(List::stream).toList();
        double[] sorted = Descriptive.sorted(
                byJvm.size() >= 2
                        ? byJvm.stream()
                                .mapToDouble(jvm -> Descriptive.median(ratios(jvm)))
                                .toArray()
                        : ratios(rounds));
        double[] ci = MedianInterval.of(sorted, 0.95);
        IntSummaryStatistics oneIn =
                rounds.stream().mapToInt(Round::sampledOneIn).summaryStatistics();
        return new Estimate(
                Descriptive.median(rounds.stream().mapToDouble(Round::bareNanos).toArray()),
                Descriptive.median(
                        rounds.stream().mapToDouble(Round::vbenchNanos).toArray()),
                Descriptive.medianOfSorted(sorted),
                ci[0],
                ci[1],
                Descriptive.median(rounds.stream()
                        .mapToDouble(r -> (r.vbenchNanos() - r.bareNanos()) / tasks)
                        .toArray()),
                Descriptive.median(
                        rounds.stream().mapToDouble(Round::serviceNanos).toArray()),
                oneIn.getMin(),
                oneIn.getMax());
    }

    private static double[] ratios(List<Round> rounds) {
        return rounds.stream().mapToDouble(r -> r.bareNanos() / r.vbenchNanos()).toArray();
    }

    /** The probes' pinning threshold calibrate uses: every pinned park counts. */
    public static TrialProbes.Settings probes(boolean pinning) {
        return new TrialProbes.Settings(pinning, Duration.ZERO);
    }
}
