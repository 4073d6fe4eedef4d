package dev.vbench.cli;

import dev.vbench.engine.CellPlan;
import dev.vbench.engine.RunListener;
import dev.vbench.report.ReportOptions;
import dev.vbench.result.CellResult;
import dev.vbench.result.RunResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects finished cells across the plans of a run (one plan, or one per suite experiment),
 * rewrites the -o files after each, and forwards every event to the progress display.
 */
final class CellCollector implements RunListener {

    private final RunListener progress;
    private final RunOutputs outputs;
    private final ReportOptions options;
    private final List<CellResult> finished = new ArrayList<>();
    private RunResult latest;

    CellCollector(RunResult empty, RunListener progress, RunOutputs outputs, ReportOptions options) {
        this.latest = empty;
        this.progress = progress;
        this.outputs = outputs;
        this.options = options;
    }

    /** Every cell finished so far, in run order. */
    RunResult result() {
        return latest;
    }

    @Override
    public void cellStarted(CellPlan cell, int i, int n) {
        progress.cellStarted(cell, i, n);
    }

    @Override
    public void cellFinished(CellResult cell, int i, int n) {
        CellResult result = outputs.writeProfiles(cell, progress::warning);
        finished.add(result);
        latest = latest.withCells(finished);
        outputs.writeFiles(latest, options);
        progress.cellFinished(result, i, n);
    }

    @Override
    public void trialFinished(CellPlan cell, boolean warmup, int index, int count, long makespanNanos) {
        progress.trialFinished(cell, warmup, index, count, makespanNanos);
    }

    @Override
    public void preparing(String workload, String step, long done, long total) {
        progress.preparing(workload, step, done, total);
    }

    @Override
    public void warning(String message) {
        progress.warning(message);
    }
}
