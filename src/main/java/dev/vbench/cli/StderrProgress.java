package dev.vbench.cli;

import dev.vbench.engine.CellPlan;
import dev.vbench.engine.RunListener;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import dev.vbench.report.Numbers;
import java.io.PrintWriter;

/** One line per finished cell on stderr, only at a terminal; warnings always. */
final class StderrProgress implements RunListener {

    private final PrintWriter err;
    private final boolean showProgress;

    StderrProgress(PrintWriter err, boolean showProgress) {
        this.err = err;
        this.showProgress = showProgress;
    }

    @Override
    public void cellStarted(CellPlan cell, int cellIndex, int cellCount) {
        if (showProgress) {
            err.print("[" + (cellIndex + 1) + "/" + cellCount + "] " + cell.config().label() + " …\r");
            err.flush();
        }
    }

    @Override
    public void cellFinished(CellResult result, int cellIndex, int cellCount) {
        if (showProgress) {
            MetricSummary m = result.summary(Metric.MAKESPAN);
            err.println("[" + (cellIndex + 1) + "/" + cellCount + "] " + result.config().label() + ": "
                    + (m == null ? result.status() : "makespan " + Numbers.millis(m.median())));
            err.flush();
        }
    }

    @Override
    public void warning(String message) {
        err.println("vbench: warning: " + message);
        err.flush();
    }
}
