package dev.vbench.engine;

import dev.vbench.config.Defaults;
import dev.vbench.measure.NanoClock;
import dev.vbench.measure.TrialProbes;
import dev.vbench.profile.ProfileRequest;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.Environment;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadException;
import dev.vbench.stats.Summaries;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Runs a {@link RunPlan}: for each cell, warmup trials (discarded) then measured trials, each on a
 * fresh executor. Consecutive cells with the same workload parameters share one prepared workload
 * instance, so inputs are generated (or verified) once. With {@code forks > 0} in the settings, each
 * cell's trials run in fresh JVMs instead ({@link ForkRunner}), which prepare the workload themselves.
 * Here: the run, a table row at a time; a workload's prepare and close are {@link WorkloadLifecycle}'s, the
 * cells of a row {@link RowRunner}'s (with vbench's own cost per task, {@link HarnessFloor}).
 *
 * <pre>{@code
 * RunResult result = new Engine(NanoClock.SYSTEM).run(plan, environment, listener);
 * }</pre>
 */
public final class Engine {

    /**
     * The start of the note a cell gets when its workload's {@code close}, after the cell's trials, failed:
     * the trials stand, the run's exit code says the code under test failed.
     */
    public static final String CLOSE_FAILED = "after its trials: ";

    private final Watchdog watchdog;
    private final WorkloadLifecycle workloads;
    private final RowRunner rows;

    /** An engine with the default probes around every trial ({@link TrialProbes#defaults()}). */
    public Engine(NanoClock clock) {
        this(clock, TrialProbes.defaults());
    }

    /** @param probes what is recorded around every trial, outside the timed region */
    public Engine(NanoClock clock, TrialProbes probes) {
        this(clock, probes, Defaults.TASK_TIMEOUT);
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
        this.watchdog = new Watchdog(taskTimeout);
        this.workloads = new WorkloadLifecycle(watchdog);
        // forks record, watch and profile what this JVM would
        this.rows = new RowRunner(
                new TrialRunner(clock),
                new ForkRunner(probes.settings(), taskTimeout, profile),
                probes,
                profile,
                watchdog);
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
                boolean inProcess = row.stream().anyMatch(c -> !RowRunner.forked(c, plan));
                CellResult unprepared = null;
                if (inProcess && (prepared == null || !sameInputs(prepared, row.get(0)))) {
                    workloads.close(workload, listener, done, preparedFrom, cells.size());
                    workload = null;
                    prepared = null;
                    preparedFrom = done.size();
                    try {
                        workload = workloads.prepare(row.get(0), plan, listener);
                        prepared = row.get(0);
                    } catch (WorkloadException e) {
                        unprepared = ended(
                                row.get(0),
                                CellStatus.FAILED,
                                RowRunner.codeFailed(e).getMessage());
                    } catch (Watchdog.StuckException e) {
                        RowRunner.CellEnded stuck = RowRunner.CellEnded.stuck(e);
                        unprepared = ended(row.get(0), stuck.status, stuck.getMessage());
                        RowRunner.warnStuck(row.get(0), stuck, listener);
                    }
                }
                List<CellResult> results = unprepared != null
                        ? endedRow(row, first, unprepared, plan, listener)
                        : rows.runRow(row, first, workload, plan, listener, order, random);
                done.addAll(results);
                if (results.stream().anyMatch(r -> r.status() == CellStatus.INTERRUPTED)) {
                    break;
                }
                if (results.stream().anyMatch(r -> r.status() == CellStatus.FAILED || r.status() == CellStatus.STUCK)) {
                    workloads.close(
                            workload,
                            listener,
                            done,
                            preparedFrom,
                            cells.size()); // its state after a failed or stuck setup is unknown: the next row
                    // prepares afresh
                    workload = null;
                    prepared = null;
                }
                first = end;
            }
        } finally {
            workloads.close(workload, listener, done, preparedFrom, cells.size());
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

    private static boolean sameInputs(CellPlan a, CellPlan b) {
        return a.workload().name().equals(b.workload().name())
                && a.params().unredactedText().equals(b.params().unredactedText());
    }

    /** A cell that ended before its first trial: {@code status} and {@code note}, no trials. */
    private static CellResult ended(CellPlan cell, CellStatus status, String note) {
        CellResult r = new CellResult(
                cell.id(), cell.config(), status, List.of(), Summaries.summarize(List.of()), List.of(note));
        return cell.jvm() == null ? r : r.withJvm(cell.jvm().info());
    }

    /**
     * The cells of a row whose workload failed to prepare ({@link CellResult#FAILED}, the first note the
     * one-line failure naming the user's method) or got stuck preparing ({@link CellResult#STUCK}, where):
     * each as {@code first} says, so the run goes on with the next row and keeps them.
     */
    private static List<CellResult> endedRow(
            List<CellPlan> row, int firstIndex, CellResult first, RunPlan plan, RunListener listener) {
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
}
