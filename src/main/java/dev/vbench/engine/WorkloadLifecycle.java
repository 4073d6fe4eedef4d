package dev.vbench.engine;

import dev.vbench.result.CellResult;
import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A workload's life around the cells that share it: made and prepared on the trial thread before the first,
 * closed after the last, each step under the task timeout ({@link Watchdog#step}), so a prepare or close that
 * hangs ends its cells (or is a warning) instead of the run. What a failed close says joins the notes of the
 * cells that ran on the workload ({@link Engine#CLOSE_FAILED}).
 *
 * <pre>{@code
 * Workload w = lifecycle.prepare(cell, plan, listener);
 * ... // the cells of its rows
 * lifecycle.close(w, listener, done, firstCellOnIt, cellCount);
 * }</pre>
 */
final class WorkloadLifecycle {

    private final Watchdog watchdog;

    WorkloadLifecycle(Watchdog watchdog) {
        this.watchdog = watchdog;
    }

    /**
     * Makes and prepares the cell's workload on the trial thread, under the task timeout ({@link Watchdog#step}):
     * every progress report of its prepare counts as progress.
     */
    Workload prepare(CellPlan cell, RunPlan plan, RunListener listener) throws Exception {
        AtomicLong reports = new AtomicLong();
        return watchdog.step("prepare", () -> createAndPrepare(cell, plan, listener, reports), reports::get);
    }

    private static Workload createAndPrepare(CellPlan cell, RunPlan plan, RunListener listener, AtomicLong reports)
            throws Exception {
        Workload workload = cell.workload().create(cell.params());
        PrepareContext context = new PrepareContext(
                DataDirs.forWorkload(plan.dataRoot(), cell.workload().name()),
                plan.settings().seed(),
                listener::warning,
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

    /**
     * Closes the workload under the task timeout ({@link Watchdog#step}): a close that hangs is a warning, never
     * the run's end; one that throws adds its one line ({@link Engine#CLOSE_FAILED}) to the notes of the cells that
     * ran on it ({@code done} from {@code from}), which the listener is told again (the run's last line says it).
     */
    void close(Workload workload, RunListener listener, List<CellResult> done, int from, int cellCount) {
        String failed = close(workload, listener);
        if (failed == null) {
            return;
        }
        for (int i = from; i < done.size(); i++) {
            CellResult c = done.get(i);
            List<String> notes = new ArrayList<>(c.notes());
            notes.add(Engine.CLOSE_FAILED + failed);
            CellResult amended = new CellResult(
                    c.id(),
                    c.config(),
                    c.status(),
                    c.trials(),
                    c.summary(),
                    notes,
                    c.jvm(),
                    c.profiles(),
                    c.harnessFloorNanos());
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
            return watchdog.step(
                    "close",
                    () -> {
                        try {
                            workload.close();
                            return null;
                        } catch (WorkloadException e) {
                            return e.getMessage(); // the user's close: one line naming it and the error (loader's
                            // guard)
                        } catch (Exception e) {
                            return "the workload's close failed: " + e; // vbench's own workloads
                        }
                    },
                    null);
        } catch (Watchdog.StuckException e) {
            listener.warning(e.getMessage() + (e.abandoned ? "; it still runs in this JVM" : ""));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception ignored) {
            // the step returns what close threw
        }
        return null;
    }

    static void closeQuietly(Workload workload) {
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
