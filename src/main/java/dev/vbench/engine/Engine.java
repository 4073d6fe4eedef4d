package dev.vbench.engine;

import dev.vbench.measure.NanoClock;
import dev.vbench.measure.TrialProbes;
import dev.vbench.profile.CellProfiler;
import dev.vbench.profile.JvmProfiler;
import dev.vbench.profile.ProfileMerge;
import dev.vbench.profile.ProfileRequest;
import dev.vbench.result.AutoTrials;
import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.Environment;
import dev.vbench.result.RunResult;
import dev.vbench.result.TableDefaults;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadException;
import dev.vbench.stats.Summaries;
import dev.vbench.result.RunSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.ExecutorService;

/**
 * Runs a {@link RunPlan}: for each cell, warmup trials (discarded) then measured trials, each on a
 * fresh executor. Consecutive cells with the same workload parameters share one prepared workload
 * instance, so inputs are generated (or verified) once. With {@code forks > 0} in the settings, each
 * cell's trials run in fresh JVMs instead ({@link ForkRunner}), which prepare the workload themselves.
 *
 * <pre>{@code
 * RunResult result = new Engine(NanoClock.SYSTEM).run(plan, environment, listener);
 * }</pre>
 */
public final class Engine {

    /** The default {@code --task-timeout}: 60 s without a task ending or being submitted. */
    public static final Duration DEFAULT_TASK_TIMEOUT = Watchdog.DEFAULT_TIMEOUT;

    private final TrialRunner trialRunner;
    private final ForkRunner forkRunner;
    private final TrialProbes probes;
    private final ProfileRequest profile;
    /** Who samples the JVM's events in this JVM, opened at the first profiled cell; null when none. */
    private JvmProfiler jvmProfiler;
    private boolean jvmProfilerOpened;
    private final Watchdog watchdog;
    /** The harness floor per executor spec and concurrency, measured once per run ({@link #harnessFloor}). */
    private final java.util.Map<String, Double> floors = new java.util.HashMap<>();

    /**
     * Tasks of one floor-measuring trial, and how many such trials at most (the fastest counts): on a fast
     * executor the first trials still run the interpreted or OSR loop, so it takes many short ones to reach the
     * JIT's code (a few long trials read twice the floor on sequential; docs/performance.md). A trial of
     * 2 × {@link TrialRunner#PILOT_TASKS} tasks or more samples its latencies as a cell's trial does, so the
     * floor carries the same clock reads; on a thread per task (120 us each) two such trials take a second.
     */
    static final int FLOOR_TASKS = 2 * TrialRunner.PILOT_TASKS;
    static final int FLOOR_TRIALS = 200;
    /** Floor trials stop once they took this long in all (after at least {@value #FLOOR_MIN_TRIALS}). */
    static final long FLOOR_BUDGET_NANOS = 100_000_000L;
    static final int FLOOR_MIN_TRIALS = 2;

    /** An engine with the default probes around every trial ({@link TrialProbes#defaults()}). */
    public Engine(NanoClock clock) {
        this(clock, TrialProbes.defaults());
    }

    /** @param probes what is recorded around every trial, outside the timed region */
    public Engine(NanoClock clock, TrialProbes probes) {
        this(clock, probes, DEFAULT_TASK_TIMEOUT);
    }

    /**
     * @param taskTimeout a trial in which no task ended and none was submitted for this long is stuck
     *     ({@link Watchdog}); zero: never
     */
    public Engine(NanoClock clock, TrialProbes probes, Duration taskTimeout) {
        this(clock, probes, taskTimeout, ProfileRequest.OFF);
    }

    /**
     * @param probes what is recorded around every trial, outside the timed region
     * @param taskTimeout a trial in which no task ended and none was submitted for this long is stuck
     *     ({@link Watchdog}); zero: never
     * @param profile what is profiled during measured trials ({@code --profile}); {@link ProfileRequest#OFF}: nothing
     */
    public Engine(NanoClock clock, TrialProbes probes, Duration taskTimeout, ProfileRequest profile) {
        this.trialRunner = new TrialRunner(clock);
        this.probes = probes;
        this.profile = profile;
        this.watchdog = new Watchdog(taskTimeout);
        // forks record, watch and profile what this JVM would
        this.forkRunner = new ForkRunner(probes.settings(), taskTimeout, profile);
    }

    /**
     * Runs every cell, a table row at a time (the cells that differ only in executor, JVM or build,
     * {@link #sameRow}), its trials in the run's {@link TrialOrder} ({@code settings.order()}). On
     * interrupt (Ctrl-C) the cells in progress are kept with the trials they finished and status
     * {@code interrupted}, and the run stops. A cell whose tasks get stuck ({@code --task-timeout}), or
     * whose fork ended without its result, ends with status {@code stuck} or {@code exited} and a note,
     * and the run goes on with the next cell.
     */
    public RunResult run(RunPlan plan, Environment environment, RunListener listener) throws Exception {
        List<CellResult> done = new ArrayList<>();
        List<CellPlan> cells = plan.cells();
        TrialOrder order = order(plan.settings());
        Random random = new Random(plan.settings().seed());
        Workload workload = null;
        CellPlan prepared = null;
        int preparedFrom = 0; // the first cell in done that ran on workload
        try {
            for (int first = 0; first < cells.size(); ) {
                int end = rowEnd(cells, first, order);
                List<CellPlan> row = cells.subList(first, end);
                boolean inProcess = row.stream().anyMatch(c -> !forked(c, plan));
                CellResult unprepared = null;
                if (inProcess && (prepared == null || !sameInputs(prepared, row.get(0)))) {
                    close(workload, listener, done, preparedFrom, cells.size());
                    workload = null;
                    prepared = null;
                    preparedFrom = done.size();
                    try {
                        workload = prepareWatched(row.get(0), plan, listener);
                        prepared = row.get(0);
                    } catch (WorkloadException e) {
                        unprepared = ended(row.get(0), CellStatus.FAILED, codeFailed(e).getMessage());
                    } catch (Watchdog.StuckException e) {
                        CellEnded stuck = CellEnded.stuck(e);
                        unprepared = ended(row.get(0), stuck.status, stuck.getMessage());
                        warnStuck(row.get(0), stuck, listener);
                    }
                }
                List<CellResult> results = unprepared != null ? endedRow(row, first, unprepared, plan, listener)
                        : runRow(row, first, workload, plan, listener, order, random);
                done.addAll(results);
                if (results.stream().anyMatch(r -> r.status() == CellStatus.INTERRUPTED)) {
                    break;
                }
                if (results.stream().anyMatch(r -> r.status() == CellStatus.FAILED || r.status() == CellStatus.STUCK)) {
                    close(workload, listener, done, preparedFrom, cells.size()); // its state after a failed or stuck setup is unknown: the next row prepares afresh
                    workload = null;
                    prepared = null;
                }
                first = end;
            }
        } finally {
            close(workload, listener, done, preparedFrom, cells.size());
            watchdog.close();
        }
        return new RunResult(RunResult.SCHEMA, environment, plan.settings(), done);
    }

    /** The order of the run's settings; grouped when none is set (results written before the order was always recorded). */
    static TrialOrder order(RunSettings settings) {
        TrialOrder order = settings.order() == null ? null : TrialOrder.parse(settings.order());
        return order == null ? TrialOrder.GROUPED : order;
    }

    /** The end (exclusive) of the row that starts at {@code first}: one cell when grouped (nothing to interleave). */
    private static int rowEnd(List<CellPlan> cells, int first, TrialOrder order) {
        int end = first + 1;
        if (order == TrialOrder.GROUPED) {
            return end;
        }
        while (end < cells.size() && sameRow(cells.get(first), cells.get(end))) {
            end++;
        }
        return end;
    }

    /**
     * One table row: the cells share their inputs and load and differ only in executor, JVM or build — the
     * columns a table compares, each verdict between two of them. The engine runs a row's trials in rounds;
     * the planner keeps a row in one shard. Cells of other inputs or load run one row after another: no
     * verdict compares them (a sweep's levels and a matrix's parameters are rows), and holding several
     * prepared workloads at once would change what each measures (memory, caches).
     */
    public static boolean sameRow(CellPlan a, CellPlan b) {
        return sameInputs(a, b) && a.load().equals(b.load());
    }

    /**
     * A cell's notes: its trials' summary notes, then what its workload said (in this JVM, or in any of
     * its forks: a fork's own summary notes are left out, they are recomputed over every fork's trials),
     * each once.
     */
    static List<String> cellNotes(CellConfig config, List<TrialResult> trials, java.util.Collection<String> workloadNotes) {
        List<String> notes = new ArrayList<>(Summaries.notes(trials, TableDefaults.metric(config)));
        workloadNotes.stream().filter(n -> !notes.contains(n)).forEach(notes::add);
        return notes;
    }

    /**
     * vbench's own cost per task on the cell's executor and concurrency, the floor under any figure per task:
     * the fastest of up to {@value #FLOOR_TRIALS} trials of {@link #FLOOR_TASKS} empty tasks (about 0.1 s in all),
     * makespan ÷ tasks, as
     * {@code vbench calibrate} measures the noop workload; once per executor spec and concurrency in a run,
     * outside every cell's trials. 0 (not measured) for a window or a rate, a cell on a JVM target (its JVM
     * differs from this one) and the noop workload, which is the floor itself.
     */
    private double harnessFloor(CellPlan cell) throws InterruptedException {
        if (!(cell.load() instanceof LoadShape.Closed closed) || cell.forksAlways() || cell.workload().name().equals("noop")) {
            return 0;
        }
        String key = cell.executor().spec() + " concurrency=" + closed.concurrency();
        Double known = floors.get(key);
        if (known != null) {
            return known;
        }
        double best = Double.MAX_VALUE;
        long spent = 0;
        for (int t = 0; t < FLOOR_TRIALS && (t < FLOOR_MIN_TRIALS || spent < FLOOR_BUDGET_NANOS); t++) {
            ExecutorService executor = cell.executor().create();
            try {
                TrialResult r = trialRunner.run(index -> index, executor, new LoadShape.Closed(FLOOR_TASKS, closed.concurrency()), t);
                best = Math.min(best, r.makespanNanos() / (double) FLOOR_TASKS);
                spent += r.makespanNanos();
            } finally {
                executor.shutdownNow();
            }
        }
        floors.put(key, best);
        return best;
    }

    /**
     * {@code e} when the workload's own code failed ({@link WorkloadException#codeFailed}): that fails the cell
     * and the run goes on; any other (bad input, the environment) is rethrown and ends the run as before.
     */
    private static WorkloadException codeFailed(WorkloadException e) {
        if (!e.codeFailure()) {
            throw e;
        }
        return e;
    }

    /** A cell that ended before its first trial: {@code status} and {@code note}, no trials. */
    private static CellResult ended(CellPlan cell, CellStatus status, String note) {
        CellResult r = new CellResult(cell.id(), cell.config(), status, List.of(), Summaries.summarize(List.of()), List.of(note));
        return cell.jvm() == null ? r : r.withJvm(cell.jvm().info());
    }

    /**
     * The cells of a row whose workload failed to prepare ({@link CellResult#FAILED}, the first note the
     * one-line failure naming the user's method) or got stuck preparing ({@link CellResult#STUCK}, where):
     * each as {@code first} says, so the run goes on with the next row and keeps them.
     */
    private static List<CellResult> endedRow(List<CellPlan> row, int firstIndex, CellResult first, RunPlan plan,
            RunListener listener) {
        List<CellResult> out = new ArrayList<>();
        for (int i = 0; i < row.size(); i++) {
            CellPlan cell = row.get(i);
            listener.cellStarted(cell, firstIndex + i, plan.cells().size());
            CellResult r = ended(cell, first.status(), first.notes().get(0));
            listener.cellFinished(r, firstIndex + i, plan.cells().size());
            out.add(r);
        }
        return out;
    }

    /** Whether the cell's trials run in forks rather than in this JVM: {@code --forks}, a JVM target, or a build. */
    private static boolean forked(CellPlan cell, RunPlan plan) {
        return plan.settings().forks() > 0 || cell.forksAlways();
    }

    /** What is known of one cell of the row while its units run. */
    private final class CellRun {
        final CellPlan cell;
        final int index;
        final List<TrialResult> trials = new ArrayList<>();
        /** What the cell's workload said in its forks (forked cells only). */
        final java.util.Set<String> forkNotes = new java.util.LinkedHashSet<>();
        /** How the cell's workload said it ran in its forks ({@link Workload#attributes()}; forked cells only). */
        final java.util.Map<String, String> forkAttributes = new java.util.LinkedHashMap<>();
        final boolean forked;
        /** Units the row planned for the cell: trials in this JVM (warmup included) or forks. */
        final int plannedUnits;
        /** Units the cell runs: the planned ones, then one more per round {@code --trials auto} adds. */
        int units;
        /** Profiles the cell's measured trials in this JVM; null when not profiled or forked. */
        final CellProfiler profiler;
        /** The profiles each fork returned (forked cells only). */
        final List<List<dev.vbench.result.Profile>> forkProfiles = new ArrayList<>();
        int next;
        boolean started;
        CellStatus status = CellStatus.OK;
        /** Why the cell ended early (stuck, its fork exited), when it did. */
        final List<String> endNotes = new ArrayList<>();
        /** What the workload's code threw before one of its trials (its setup): the cell ends failed. */
        WorkloadException failure;
        /** The harness floor of the cell's executor and concurrency; 0 when not measured. */
        double floorNanos;
        /** What each fork's command starts with: {@code taskset -c CPUS} in a {@link Duet}, else nothing. */
        List<String> pin = List.of();

        CellRun(CellPlan cell, int index, RunPlan plan, RunListener listener) {
            this.cell = cell;
            this.index = index;
            this.forked = forked(cell, plan);
            this.plannedUnits = forked ? forkCount(cell, plan) : plan.settings().warmupTrials() + plan.settings().measuredTrials();
            this.units = plannedUnits;
            this.profiler = forked || !profile.on() ? null : new CellProfiler(profile, jvmProfiler(listener), listener::warning);
        }

        /** @param workload the prepared workload of an in-process cell (its notes join the cell's); null when forked */
        CellResult result(Workload workload) {
            List<String> notes = new ArrayList<>(endNotes);
            if (failure != null) {
                notes.add(failure.getMessage());
            }
            notes.addAll(cellNotes(cell.config(), trials, forked ? forkNotes : workload == null || failure != null ? List.of()
                    : workload.notes()));
            CellResult result = new CellResult(cell.id(), cell.config(), status, trials, Summaries.summarize(trials), notes)
                    .withHarnessFloor(floorNanos).withAttributes(forked ? forkAttributes
                            : workload == null || failure != null ? java.util.Map.of() : workload.attributes());
            if (profiler != null) {
                result = result.withProfiles(profiler.profiles());
            } else if (!forkProfiles.isEmpty()) {
                result = result.withProfiles(ProfileMerge.merge(forkProfiles));
            }
            return cell.jvm() == null ? result : result.withJvm(cell.jvm().info());
        }
    }

    /**
     * Forks of a forked cell: {@code --forks}; a cell on a JVM target or of a build without {@code --forks}
     * runs each measured trial in a fork of its own (with its own warmup), so the trials of a group's JVMs
     * or builds interleave trial by trial and every trial samples the JVM-to-JVM variation (JIT decisions,
     * heap layout) that tells two JVMs or builds apart.
     */
    private static int forkCount(CellPlan cell, RunPlan plan) {
        int measured = Math.max(1, plan.settings().measuredTrials());
        int forks = plan.settings().forks() > 0 ? plan.settings().forks() : measured;
        return Math.min(forks, measured);
    }

    private List<CellResult> runRow(List<CellPlan> row, int firstIndex, Workload workload, RunPlan plan,
            RunListener listener, TrialOrder order, Random random) throws Exception {
        int total = plan.cells().size();
        List<CellRun> runs = new ArrayList<>();
        for (int i = 0; i < row.size(); i++) {
            runs.add(new CellRun(row.get(i), firstIndex + i, plan, listener));
        }
        AutoTrials auto = plan.settings().autoTrials();
        try {
            if (order == TrialOrder.DUET) {
                duet(runs, workload, plan, listener, total, auto == null, random);
            } else {
                for (int c : order.schedule(runs.stream().mapToInt(r -> r.units).toArray(), random)) {
                    step(runs.get(c), workload, plan, listener, total, auto == null);
                }
            }
            if (auto != null) {
                moreRounds(runs, auto, workload, plan, listener, total, order, random);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            List<CellResult> kept = new ArrayList<>();
            for (CellRun run : runs) {
                if (run.started) {
                    if (run.next < run.units || auto != null) {
                        run.status = CellStatus.INTERRUPTED;
                        listener.cellFinished(run.result(workload), run.index, total);
                    }
                    kept.add(run.result(workload));
                }
            }
            return kept;
        }
        return runs.stream().map(r -> r.result(workload)).toList();
    }

    /**
     * Runs the cell's next unit, unless it ended early (stuck, or its workload's code failed); reports the cell
     * finished after its last unit when {@code finishes}, and whenever it ends early.
     */
    private void step(CellRun run, Workload workload, RunPlan plan, RunListener listener, int total, boolean finishes)
            throws Exception {
        if (run.next >= run.units || run.failure != null) {
            return;
        }
        if (!run.started) {
            run.started = true;
            run.floorNanos = harnessFloor(run.cell);
            listener.cellStarted(run.cell, run.index, total);
        }
        try {
            runUnit(run, workload, plan, listener);
        } catch (CellEnded e) {
            endEarly(run, e, listener);
            listener.cellFinished(run.result(workload), run.index, total);
            return;
        } catch (WorkloadException e) {
            // the workload's own code threw before a trial (a JMH @Setup, say): this cell fails, the others run
            run.failure = codeFailed(e);
            run.status = CellStatus.FAILED;
            run.trials.clear();
            listener.cellFinished(run.result(workload), run.index, total);
            return;
        }
        run.next++;
        if (finishes && run.next == run.units) {
            listener.cellFinished(run.result(workload), run.index, total);
        }
    }

    /**
     * {@code --duet}: the row's two cells (the planner let only such rows through) start on this thread, then run
     * their units round by round, the two units of a round at the same time, each fork pinned to its half of the
     * CPUs; the listener hears both threads one at a time.
     */
    private void duet(List<CellRun> runs, Workload workload, RunPlan plan, RunListener listener, int total, boolean finishes,
            Random random) throws Exception {
        Duet duet;
        try {
            duet = Duet.of(runs.stream().map(r -> r.cell).toList(), plan.settings().forks(), Duet.allowedCpus(), Duet::onPath);
        } catch (Duet.Refused e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        RunListener one = new OneAtATime(listener);
        for (int i = 0; i < runs.size(); i++) {
            CellRun run = runs.get(i);
            run.pin = duet.prefix(i);
            run.started = true;
            run.floorNanos = harnessFloor(run.cell);
            listener.cellStarted(run.cell, run.index, total);
        }
        int rounds = Math.max(runs.get(0).units, runs.get(1).units);
        for (int r = 0; r < rounds; r++) {
            // which column's fork starts first alternates at random, as interleaved rounds shuffle
            boolean swap = random.nextBoolean();
            duetRound(runs.get(swap ? 1 : 0), runs.get(swap ? 0 : 1), workload, plan, one, total, finishes);
        }
    }

    /** One unit of each of two cells at the same time: {@code b}'s on a thread of its own, {@code a}'s on this one. */
    private void duetRound(CellRun a, CellRun b, Workload workload, RunPlan plan, RunListener listener, int total,
            boolean finishes) throws Exception {
        RunListener one = listener instanceof OneAtATime ? listener : new OneAtATime(listener);
        java.util.concurrent.FutureTask<Void> other = new java.util.concurrent.FutureTask<>(() -> {
            step(b, workload, plan, one, total, finishes);
            return null;
        });
        Thread thread = Thread.ofPlatform().name("vbench-duet").daemon().start(other);
        boolean done = false;
        try {
            step(a, workload, plan, one, total, finishes);
            done = true;
        } finally {
            if (!done) {
                thread.interrupt();
            }
            thread.join();
        }
        try {
            other.get();
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw (Error) e.getCause();
        }
    }

    /** A listener that hears one call at a time, for the two threads of a {@link Duet}. */
    private static final class OneAtATime implements RunListener {
        private final RunListener listener;

        OneAtATime(RunListener listener) {
            this.listener = listener;
        }

        @Override
        public synchronized void cellStarted(CellPlan cell, int cellIndex, int cellCount) {
            listener.cellStarted(cell, cellIndex, cellCount);
        }

        @Override
        public synchronized void trialFinished(CellPlan cell, boolean warmup, int trialIndex, int trialCount,
                long makespanNanos) {
            listener.trialFinished(cell, warmup, trialIndex, trialCount, makespanNanos);
        }

        @Override
        public synchronized void cellFinished(CellResult result, int cellIndex, int cellCount) {
            listener.cellFinished(result, cellIndex, cellCount);
        }

        @Override
        public synchronized void preparing(String workload, String step, long done, long total) {
            listener.preparing(workload, step, done, total);
        }

        @Override
        public synchronized void warning(String message) {
            listener.warning(message);
        }
    }

    /**
     * {@code --trials auto}: while a cell of the row still runs and the 95% interval of its median (of the
     * table's metric) is wider than the target, one more round — one more trial of every running cell, in the
     * row's order — up to the ceiling; then every cell is finished, with a note on each that did not get
     * there. Rounds stay whole so that the cells keep equal trial counts and the drift lands on each alike.
     */
    private void moreRounds(List<CellRun> runs, AutoTrials auto, Workload workload, RunPlan plan, RunListener listener,
            int total, TrialOrder order, Random random) throws Exception {
        int measured = plan.settings().measuredTrials();
        for (int round = measured; round < auto.maxTrials() && runs.stream().anyMatch(r -> wide(r, auto)); round++) {
            List<CellRun> running = runs.stream().filter(r -> r.next == r.units && r.failure == null
                    && r.status == CellStatus.OK).toList();
            if (running.isEmpty()) {
                break;
            }
            running.forEach(r -> r.units++);
            if (order == TrialOrder.DUET && running.size() == 2) {
                duetRound(running.get(0), running.get(1), workload, plan, listener, total, false);
                continue;
            }
            int[] ones = new int[running.size()];
            java.util.Arrays.fill(ones, 1);
            for (int c : TrialOrder.round(ones, 0, order == TrialOrder.GROUPED ? null : random)) {
                step(running.get(c), workload, plan, listener, total, false);
            }
        }
        for (CellRun run : runs) {
            if (run.failure == null && run.status == CellStatus.OK) {
                if (wide(run, auto)) {
                    run.endNotes.add("--trials auto: the 95% CI of the median is " + percent(ciOf(run))
                            + " after " + run.trials.size() + " trials (--max-trials " + auto.maxTrials() + "), above the ±"
                            + percentOf(auto.precision()) + " target (--precision)");
                }
                listener.cellFinished(run.result(workload), run.index, total);
            }
        }
    }

    /** Whether the cell's median of its table's metric is less precise than the target (a cell that ended early is not). */
    private static boolean wide(CellRun run, AutoTrials auto) {
        if (run.failure != null || run.status != CellStatus.OK || run.next < run.units) {
            return false;
        }
        double ci = ciOf(run);
        return Double.isNaN(ci) || ci > auto.precision();
    }

    /** The relative half-width of the 95% interval of the cell's median, of its table's metric; NaN when not finite. */
    private static double ciOf(CellRun run) {
        dev.vbench.result.MetricSummary s = Summaries.summarize(run.trials).get(TableDefaults.metric(run.cell.config()).key());
        return s == null || Double.isInfinite(s.ciRelative()) ? Double.NaN : s.ciRelative();
    }

    private static String percent(double relative) {
        return Double.isNaN(relative) ? "±∞" : "±" + percentOf(relative);
    }

    private static String percentOf(double relative) {
        return String.format(java.util.Locale.ROOT, "%.1f%%", relative * 100);
    }

    /**
     * Ends a cell before its last unit: the status, and the reason as its first note. A stuck cell is also
     * a warning as it happens (the run goes on, maybe for long), and one more when its tasks still run here.
     */
    private static void endEarly(CellRun run, CellEnded e, RunListener listener) {
        run.status = e.status;
        run.endNotes.add(e.getMessage());
        run.next = run.units;
        warnStuck(run.cell, e, listener);
    }

    /** A stuck cell is a warning as it happens (the run goes on, maybe for long), and one more when its code still runs here. */
    private static void warnStuck(CellPlan cell, CellEnded e, RunListener listener) {
        if (e.status == CellStatus.STUCK) {
            listener.warning("cell " + cell.config().label() + " " + e.getMessage());
        }
        if (e.abandoned) {
            listener.warning("cell " + cell.config().label() + ": stuck code ignored the interrupt and still runs"
                    + " in this JVM; later cells may be disturbed (--forks 1 runs each cell in a fresh JVM, where a"
                    + " stuck fork is ended)");
        }
    }

    /** A cell that ended before its last unit: stuck here or in its fork, or its fork's JVM ended in user code. */
    static final class CellEnded extends Exception {
        private static final long serialVersionUID = 1L;
        final CellStatus status;
        /** Whether tasks that ignored the interrupt still run in this JVM. */
        final boolean abandoned;

        CellEnded(CellStatus status, String note, boolean abandoned) {
            super(note, null, false, false);
            this.status = status;
            this.abandoned = abandoned;
        }

        static CellEnded stuck(Watchdog.StuckException e) {
            return new CellEnded(CellStatus.STUCK, "stuck: " + e.getMessage(), e.abandoned);
        }
    }

    /** One unit: the cell's next trial in this JVM, or its next fork. */
    private void runUnit(CellRun run, Workload workload, RunPlan plan, RunListener listener) throws Exception {
        int warmup = plan.settings().warmupTrials();
        int measured = plan.settings().measuredTrials();
        if (run.forked) {
            int forks = run.plannedUnits;
            int f = run.next + 1;
            int share = f > forks ? 1 : ForkRunner.share(measured, forks, f); // a round --trials auto added: one trial
            if (share == 0) {
                return;
            }
            ForkRunner.Fork fork = forkRunner.runFork(run.cell, plan.settings(), plan.dataRoot(), f, share, run.pin);
            run.forkNotes.addAll(fork.notes());
            fork.attributes().forEach(run.forkAttributes::putIfAbsent);
            if (!fork.profiles().isEmpty()) {
                run.forkProfiles.add(fork.profiles());
            }
            for (TrialResult t : fork.trials()) {
                TrialResult numbered = t.withIndex(run.trials.size(), f);
                run.trials.add(numbered);
                listener.trialFinished(run.cell, false, numbered.index(), measured, numbered.makespanNanos());
            }
            if (fork.ended() != null) {
                throw new CellEnded(fork.status(), fork.ended(), false);
            }
        } else if (run.next < warmup) {
            TrialResult t = runTrial(run.cell, workload, run.next, null);
            listener.trialFinished(run.cell, true, run.next, warmup, t.makespanNanos());
        } else {
            int m = run.next - warmup;
            TrialResult t = counted(runTrial(run.cell, workload, m, run.profiler), workload);
            run.trials.add(t);
            listener.trialFinished(run.cell, false, m, measured, t.makespanNanos());
        }
    }

    private static boolean sameInputs(CellPlan a, CellPlan b) {
        return a.workload().name().equals(b.workload().name()) && a.params().unredactedText().equals(b.params().unredactedText());
    }

    /**
     * Makes and prepares the cell's workload on the trial thread, under the task timeout ({@link Watchdog#step}):
     * every progress report of its prepare counts as progress.
     */
    private Workload prepareWatched(CellPlan cell, RunPlan plan, RunListener listener) throws Exception {
        java.util.concurrent.atomic.AtomicLong reports = new java.util.concurrent.atomic.AtomicLong();
        return watchdog.step("prepare", () -> prepare(cell, plan, listener, reports), reports::get);
    }

    private static Workload prepare(CellPlan cell, RunPlan plan, RunListener listener,
            java.util.concurrent.atomic.AtomicLong reports) throws Exception {
        Workload workload = cell.workload().create(cell.params());
        PrepareContext context = new PrepareContext(
                DataDirs.forWorkload(plan.dataRoot(), cell.workload().name()),
                plan.settings().seed(), listener::warning,
                (step, done, total) -> {
                    reports.incrementAndGet();
                    listener.preparing(cell.workload().name(), step, done, total);
                });
        try {
            workload.prepare(context);
        } catch (Exception | Error e) {
            closeQuietly(workload);
            throw e;
        }
        return workload;
    }

    /** @param profiler profiles this trial (a measured one of a profiled cell); null: not profiled */
    private TrialResult runTrial(CellPlan cell, Workload workload, int index, CellProfiler profiler) throws Exception {
        try {
            return runWatched(cell, workload, index, profiler);
        } catch (Watchdog.StuckException e) {
            throw CellEnded.stuck(e);
        }
    }

    private TrialResult runWatched(CellPlan cell, Workload workload, int index, CellProfiler profiler) throws Exception {
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedException();
        }
        Task task = watchdog.step("setup before a trial", () -> {
            workload.beforeTrial(cell.load().concurrency());
            Task operation = Objects.requireNonNull(workload.task(), "workload returned no task");
            // the executor may run it as subtasks (fanout, a structured scope)
            return cell.executor().task(cell.batch() > 1 ? batched(workload, operation, cell.batch()) : operation);
        }, null);
        ExecutorService executor = cell.executor().create();
        try {
            Instant start = Instant.now(); // outside the timed region: shows the order of interleaved trials
            TrialProbes.Trial trial = profiler == null ? () -> trialRunner.run(task, executor, cell.load(), index)
                    : () -> profiler.profile(() -> trialRunner.run(profiler.wrap(task), executor, cell.load(), index));
            return watchdog.run(() -> probes.around(cell.config(), trial), executor, trialRunner::current)
                    .withStartTime(start);
        } finally {
            executor.shutdownNow();
        }
    }

    /** The trial with what the workload counted beside its operation during it ({@link Workload#counters()}). */
    private static TrialResult counted(TrialResult trial, Workload workload) {
        List<dev.vbench.spi.Counter> counters = workload.counters();
        if (counters.isEmpty()) {
            return trial;
        }
        return trial.withCounters(counters.stream().map(c -> new dev.vbench.result.TrialCounter(c.name(),
                c.kind() == dev.vbench.spi.Counter.Kind.OPERATIONS ? dev.vbench.result.TrialCounter.OPERATIONS
                        : dev.vbench.result.TrialCounter.EVENTS, c.value())).toList());
    }

    /** {@code calls} calls of the operation per task: the workload's own loop, else {@link BatchedTask}'s. */
    private static Task batched(Workload workload, Task operation, int calls) {
        Task own = workload.batchedTask(calls);
        return own != null ? own : new BatchedTask(operation, calls);
    }

    /** The profiler of the JVM's events in this JVM, opened once (saying which one runs, and why). */
    private JvmProfiler jvmProfiler(RunListener listener) {
        if (!jvmProfilerOpened) {
            jvmProfilerOpened = true;
            jvmProfiler = CellProfiler.openJvmProfiler(profile, listener::warning);
        }
        return jvmProfiler;
    }

    private static void closeQuietly(Workload workload) {
        if (workload == null) {
            return;
        }
        try {
            workload.close();
        } catch (Exception ignored) {
            // closing after a failure must not hide the failure
        }
    }

    /**
     * The start of the note a cell gets when its workload's {@code close}, after the cell's trials, failed:
     * the trials stand, the run's exit code says the code under test failed.
     */
    public static final String CLOSE_FAILED = "after its trials: ";

    /**
     * Closes the workload under the task timeout ({@link Watchdog#step}): a close that hangs is a warning, never
     * the run's end; one that throws adds its one line ({@link #CLOSE_FAILED}) to the notes of the cells that
     * ran on it ({@code done} from {@code from}), which the listener is told again (the run's last line says it).
     */
    private void close(Workload workload, RunListener listener, List<CellResult> done, int from, int cellCount) {
        String failed = close(workload, listener);
        if (failed == null) {
            return;
        }
        for (int i = from; i < done.size(); i++) {
            CellResult c = done.get(i);
            List<String> notes = new ArrayList<>(c.notes());
            notes.add(CLOSE_FAILED + failed);
            CellResult amended = new CellResult(c.id(), c.config(), c.status(), c.trials(), c.summary(), notes, c.jvm(),
                    c.profiles(), c.harnessFloorNanos());
            done.set(i, amended);
            listener.cellFinished(amended, i, cellCount);
        }
    }

    /** Closes the workload under the task timeout; returns the one line of a close that threw, else null. */
    private String close(Workload workload, RunListener listener) {
        if (workload == null) {
            return null;
        }
        if (Thread.currentThread().isInterrupted()) {
            closeQuietly(workload); // Ctrl-C: on this thread, as the run stops
            return null;
        }
        try {
            return watchdog.step("close", () -> {
                try {
                    workload.close();
                    return null;
                } catch (WorkloadException e) {
                    return e.getMessage(); // the user's close: one line naming it and the error (loader's guard)
                } catch (Exception e) {
                    return "the workload's close failed: " + e; // vbench's own workloads
                }
            }, null);
        } catch (Watchdog.StuckException e) {
            listener.warning(e.getMessage() + (e.abandoned ? "; it still runs in this JVM" : ""));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception ignored) {
            // the step returns what close threw
        }
        return null;
    }
}
