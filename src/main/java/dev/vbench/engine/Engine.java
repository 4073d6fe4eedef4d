package dev.vbench.engine;

import dev.vbench.measure.NanoClock;
import dev.vbench.measure.TrialProbes;
import dev.vbench.result.CellResult;
import dev.vbench.result.Environment;
import dev.vbench.result.RunResult;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.stats.Summaries;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
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

    private final TrialRunner trialRunner;
    private final ForkRunner forkRunner;
    private final TrialProbes probes;

    /** An engine with the default probes around every trial ({@link TrialProbes#defaults()}). */
    public Engine(NanoClock clock) {
        this(clock, TrialProbes.defaults());
    }

    /** @param probes what is recorded around every trial, outside the timed region */
    public Engine(NanoClock clock, TrialProbes probes) {
        this.trialRunner = new TrialRunner(clock);
        this.probes = probes;
        this.forkRunner = new ForkRunner(probes.settings()); // forks record what this JVM would
    }

    /**
     * Runs every cell. On interrupt (Ctrl-C) the cell in progress is kept with the trials it
     * finished and status {@code interrupted}, and the run stops.
     */
    public RunResult run(RunPlan plan, Environment environment, RunListener listener) throws Exception {
        List<CellResult> done = new ArrayList<>();
        List<CellPlan> cells = plan.cells();
        Workload workload = null;
        CellPlan prepared = null;
        try {
            for (int i = 0; i < cells.size(); i++) {
                CellPlan cell = cells.get(i);
                boolean forked = plan.settings().forks() > 0; // forks prepare their own workload
                if (!forked && (prepared == null || !sameInputs(prepared, cell))) {
                    closeQuietly(workload);
                    workload = null;
                    workload = prepare(cell, plan, listener);
                    prepared = cell;
                }
                listener.cellStarted(cell, i, cells.size());
                CellResult result = runCell(cell, workload, plan, listener);
                done.add(result);
                listener.cellFinished(result, i, cells.size());
                if (!CellResult.OK.equals(result.status())) {
                    break;
                }
            }
        } finally {
            closeQuietly(workload);
        }
        return new RunResult(RunResult.SCHEMA, environment, plan.settings(), done);
    }

    private static boolean sameInputs(CellPlan a, CellPlan b) {
        return a.workload().name().equals(b.workload().name()) && a.params().unredactedText().equals(b.params().unredactedText());
    }

    private static Workload prepare(CellPlan cell, RunPlan plan, RunListener listener) throws Exception {
        Workload workload = cell.workload().create(cell.params());
        PrepareContext context = new PrepareContext(
                DataDirs.forWorkload(plan.dataRoot(), cell.workload().name()),
                plan.settings().seed(), listener::warning,
                (step, done, total) -> listener.preparing(cell.workload().name(), step, done, total));
        try {
            workload.prepare(context);
        } catch (Exception | Error e) {
            closeQuietly(workload);
            throw e;
        }
        return workload;
    }

    private CellResult runCell(CellPlan cell, Workload workload, RunPlan plan, RunListener listener) throws Exception {
        if (plan.settings().forks() > 0) {
            return forkRunner.runCell(cell, plan, listener);
        }
        int warmup = plan.settings().warmupTrials();
        int measured = plan.settings().measuredTrials();
        List<TrialResult> trials = new ArrayList<>();
        String status = CellResult.OK;
        try {
            for (int w = 0; w < warmup; w++) {
                TrialResult t = runTrial(cell, workload, w);
                listener.trialFinished(cell, true, w, warmup, t.makespanNanos());
            }
            for (int m = 0; m < measured; m++) {
                TrialResult t = runTrial(cell, workload, m);
                trials.add(t);
                listener.trialFinished(cell, false, m, measured, t.makespanNanos());
            }
        } catch (InterruptedException e) {
            status = CellResult.INTERRUPTED;
            Thread.currentThread().interrupt();
        }
        List<String> notes = new ArrayList<>(Summaries.notes(trials));
        notes.addAll(workload.notes());
        return new CellResult(cell.id(), cell.config(), status, trials, Summaries.summarize(trials), notes);
    }

    private TrialResult runTrial(CellPlan cell, Workload workload, int index) throws Exception {
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedException();
        }
        workload.beforeTrial();
        Task task = Objects.requireNonNull(workload.task(), "workload returned no task");
        ExecutorService executor = cell.executor().create();
        try {
            return probes.around(cell.config(), () -> trialRunner.run(task, executor, cell.load(), index));
        } finally {
            executor.shutdownNow();
        }
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
}
