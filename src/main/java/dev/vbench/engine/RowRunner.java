package dev.vbench.engine;

import dev.vbench.measure.TrialProbes;
import dev.vbench.profile.CellProfiler;
import dev.vbench.profile.JvmProfiler;
import dev.vbench.profile.ProfileMerge;
import dev.vbench.profile.ProfileRequest;
import dev.vbench.result.AutoTrials;
import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.MetricSummary;
import dev.vbench.result.Profile;
import dev.vbench.result.TableDefaults;
import dev.vbench.result.TrialCounter;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.Counter;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadException;
import dev.vbench.stats.Summaries;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.FutureTask;

/**
 * Runs the cells of one table row ({@link Engine#sameRow}) on their prepared workload: each cell's units —
 * trials in this JVM (through the {@link TrialRunner}, under the {@link Watchdog}, with the {@link TrialProbes}
 * and, when profiled, a {@link CellProfiler}) or forks ({@link ForkRunner}) — in the row's {@link TrialOrder}, a
 * {@link Duet}'s two at a time, then the rounds {@code --trials auto} adds; a cell stuck, failed in its setup or
 * whose fork ended early ends alone and the row goes on. Each cell starts with its {@link HarnessFloor}.
 *
 * <pre>{@code
 * List<CellResult> results = rows.runRow(row, firstIndex, workload, plan, listener, order, random);
 * }</pre>
 */
final class RowRunner {

    private final TrialRunner trialRunner;
    private final ForkRunner forkRunner;
    private final TrialProbes probes;
    private final ProfileRequest profile;
    private final Watchdog watchdog;
    private final HarnessFloor floor;
    /** Who samples the JVM's events in this JVM, opened at the first profiled cell; null when none. */
    private JvmProfiler jvmProfiler;

    private boolean jvmProfilerOpened;

    RowRunner(
            TrialRunner trialRunner,
            ForkRunner forkRunner,
            TrialProbes probes,
            ProfileRequest profile,
            Watchdog watchdog) {
        this.trialRunner = trialRunner;
        this.forkRunner = forkRunner;
        this.probes = probes;
        this.profile = profile;
        this.watchdog = watchdog;
        this.floor = new HarnessFloor(trialRunner);
    }

    /**
     * A cell's notes: its trials' summary notes, then what its workload said (in this JVM, or in any of
     * its forks: a fork's own summary notes are left out, they are recomputed over every fork's trials),
     * each once.
     */
    static List<String> cellNotes(CellConfig config, List<TrialResult> trials, Collection<String> workloadNotes) {
        List<String> notes = new ArrayList<>(Summaries.notes(trials, TableDefaults.metric(config)));
        workloadNotes.stream().filter(n -> !notes.contains(n)).forEach(notes::add);
        return notes;
    }

    /**
     * {@code e} when the workload's own code failed ({@link WorkloadException#codeFailed}): that fails the cell
     * and the run goes on; any other (bad input, the environment) is rethrown and ends the run as before.
     */
    static WorkloadException codeFailed(WorkloadException e) {
        if (!e.codeFailure()) {
            throw e;
        }
        return e;
    }

    /** Whether the cell's trials run in forks rather than in this JVM: {@code --forks}, a JVM target, or a build. */
    static boolean forked(CellPlan cell, RunPlan plan) {
        return plan.settings().forks() > 0 || cell.forksAlways();
    }

    /** What is known of one cell of the row while its units run. */
    private final class CellRun {
        final CellPlan cell;
        final int index;
        final List<TrialResult> trials = new ArrayList<>();
        /** What the cell's workload said in its forks (forked cells only). */
        final Set<String> forkNotes = new LinkedHashSet<>();
        /** How the cell's workload said it ran in its forks ({@link Workload#attributes()}; forked cells only). */
        final Map<String, String> forkAttributes = new LinkedHashMap<>();

        final boolean forked;
        /** Units the row planned for the cell: trials in this JVM (warmup included) or forks. */
        final int plannedUnits;
        /** Units the cell runs: the planned ones, then one more per round {@code --trials auto} adds. */
        int units;
        /** Profiles the cell's measured trials in this JVM; null when not profiled or forked. */
        final CellProfiler profiler;
        /** The profiles each fork returned (forked cells only). */
        final List<List<Profile>> forkProfiles = new ArrayList<>();

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
            this.plannedUnits = forked
                    ? forkCount(cell, plan)
                    : plan.settings().warmupTrials() + plan.settings().measuredTrials();
            this.units = plannedUnits;
            this.profiler = forked || !profile.on()
                    ? null
                    : new CellProfiler(profile, jvmProfiler(listener), listener::warning);
        }

        /** @param workload the prepared workload of an in-process cell (its notes join the cell's); null when forked */
        CellResult result(Workload workload) {
            List<String> notes = new ArrayList<>(endNotes);
            if (failure != null) {
                notes.add(failure.getMessage());
            }
            notes.addAll(cellNotes(
                    cell.config(),
                    trials,
                    forked ? forkNotes : workload == null || failure != null ? List.of() : workload.notes()));
            CellResult result = new CellResult(
                            cell.id(), cell.config(), status, trials, Summaries.summarize(trials), notes)
                    .withHarnessFloor(floorNanos)
                    .withAttributes(
                            forked
                                    ? forkAttributes
                                    : workload == null || failure != null ? Map.of() : workload.attributes());
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

    List<CellResult> runRow(
            List<CellPlan> row,
            int firstIndex,
            Workload workload,
            RunPlan plan,
            RunListener listener,
            TrialOrder order,
            Random random)
            throws Exception {
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
            run.floorNanos = floor.nanosPerTask(run.cell);
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
    private void duet(
            List<CellRun> runs,
            Workload workload,
            RunPlan plan,
            RunListener listener,
            int total,
            boolean finishes,
            Random random)
            throws Exception {
        Duet duet;
        try {
            duet = Duet.of(
                    runs.stream().map(r -> r.cell).toList(), plan.settings().forks(), Duet.allowedCpus(), Duet::onPath);
        } catch (Duet.Refused e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        RunListener one = new OneAtATime(listener);
        for (int i = 0; i < runs.size(); i++) {
            CellRun run = runs.get(i);
            run.pin = duet.prefix(i);
            run.started = true;
            run.floorNanos = floor.nanosPerTask(run.cell);
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
    private void duetRound(
            CellRun a, CellRun b, Workload workload, RunPlan plan, RunListener listener, int total, boolean finishes)
            throws Exception {
        RunListener one = listener instanceof OneAtATime ? listener : new OneAtATime(listener);
        FutureTask<Void> other = new FutureTask<>(() -> {
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
        } catch (ExecutionException e) {
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
        public synchronized void trialFinished(
                CellPlan cell, boolean warmup, int trialIndex, int trialCount, long makespanNanos) {
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
    private void moreRounds(
            List<CellRun> runs,
            AutoTrials auto,
            Workload workload,
            RunPlan plan,
            RunListener listener,
            int total,
            TrialOrder order,
            Random random)
            throws Exception {
        int measured = plan.settings().measuredTrials();
        for (int round = measured; round < auto.maxTrials() && runs.stream().anyMatch(r -> wide(r, auto)); round++) {
            List<CellRun> running = runs.stream()
                    .filter(r -> r.next == r.units && r.failure == null && r.status == CellStatus.OK)
                    .toList();
            if (running.isEmpty()) {
                break;
            }
            running.forEach(r -> r.units++);
            if (order == TrialOrder.DUET && running.size() == 2) {
                duetRound(running.get(0), running.get(1), workload, plan, listener, total, false);
                continue;
            }
            int[] ones = new int[running.size()];
            Arrays.fill(ones, 1);
            for (int c : TrialOrder.round(ones, 0, order == TrialOrder.GROUPED ? null : random)) {
                step(running.get(c), workload, plan, listener, total, false);
            }
        }
        for (CellRun run : runs) {
            if (run.failure == null && run.status == CellStatus.OK) {
                if (wide(run, auto)) {
                    run.endNotes.add("--trials auto: the 95% CI of the median is " + percent(ciOf(run))
                            + " after " + run.trials.size() + " trials (--max-trials " + auto.maxTrials()
                            + "), above the ±"
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
        MetricSummary s = Summaries.summarize(run.trials)
                .get(TableDefaults.metric(run.cell.config()).key());
        return s == null || Double.isInfinite(s.ciRelative()) ? Double.NaN : s.ciRelative();
    }

    private static String percent(double relative) {
        return Double.isNaN(relative) ? "±∞" : "±" + percentOf(relative);
    }

    private static String percentOf(double relative) {
        return String.format(Locale.ROOT, "%.1f%%", relative * 100);
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
    static void warnStuck(CellPlan cell, CellEnded e, RunListener listener) {
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

    /** @param profiler profiles this trial (a measured one of a profiled cell); null: not profiled */
    private TrialResult runTrial(CellPlan cell, Workload workload, int index, CellProfiler profiler) throws Exception {
        try {
            return runWatched(cell, workload, index, profiler);
        } catch (Watchdog.StuckException e) {
            throw CellEnded.stuck(e);
        }
    }

    private TrialResult runWatched(CellPlan cell, Workload workload, int index, CellProfiler profiler)
            throws Exception {
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedException();
        }
        Task task = watchdog.step(
                "setup before a trial",
                () -> {
                    workload.beforeTrial(cell.load().concurrency());
                    Task operation = Objects.requireNonNull(workload.task(), "workload returned no task");
                    // the executor may run it as subtasks (fanout, a structured scope)
                    return cell.executor()
                            .task(cell.batch() > 1 ? batched(workload, operation, cell.batch()) : operation);
                },
                null);
        ExecutorService executor = cell.executor().create();
        try {
            Instant start = Instant.now(); // outside the timed region: shows the order of interleaved trials
            TrialProbes.Trial trial = profiler == null
                    ? () -> trialRunner.run(task, executor, cell.load(), index)
                    : () -> profiler.profile(() -> trialRunner.run(profiler.wrap(task), executor, cell.load(), index));
            return watchdog.run(() -> probes.around(cell.config(), trial), executor, trialRunner::current)
                    .withStartTime(start);
        } finally {
            executor.shutdownNow();
        }
    }

    /** The trial with what the workload counted beside its operation during it ({@link Workload#counters()}). */
    private static TrialResult counted(TrialResult trial, Workload workload) {
        List<Counter> counters = workload.counters();
        if (counters.isEmpty()) {
            return trial;
        }
        return trial.withCounters(counters.stream()
                .map(c -> new TrialCounter(
                        c.name(),
                        c.kind() == Counter.Kind.OPERATIONS ? TrialCounter.OPERATIONS : TrialCounter.EVENTS,
                        c.value()))
                .toList());
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
}
