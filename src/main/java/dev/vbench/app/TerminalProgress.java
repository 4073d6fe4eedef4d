package dev.vbench.app;

import dev.vbench.engine.CellPlan;
import dev.vbench.engine.RunListener;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import dev.vbench.result.TableDefaults;
import dev.vbench.text.Numbers;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalDouble;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar per cell on a terminal (me.tongfei:progressbar over JLine): the cell's label on one
 * line, then a bar counting its warmup and measured trials with the elapsed time and the whole run's ETA
 * ({@link RunEta}: the plan's estimate, corrected by the trials so far), left on screen with the cell's median makespan when the cell ends. Drawn only when stderr is a terminal ({@link Terminals#stderrIsTerminal()});
 * never in pipes, files, cron, {@code --quiet} or {@code --no-progress}. {@code NO_COLOR} gives a
 * bar without colours, {@code TERM=dumb} an ASCII one.
 *
 * <p>The bar is redrawn once a second by progressbar's own daemon thread and after every trial;
 * nothing runs on the task path.
 */
final class TerminalProgress implements RunListener {

    /** Erase from the cursor to the end of the line (ECMA-48 EL), so a shorter redraw leaves no debris. */
    private static final String ERASE_TO_END = "\u001b[K";

    private final PrintWriter err;
    private final int trialsPerCell;
    private final ProgressBarStyle style;
    private final int width;
    private final RunEta eta;
    private ProgressBar bar;
    /** When the last trial ended (or the first cell started): a trial's wall time, for the ETA. */
    private long lastEventNanos = System.nanoTime();

    TerminalProgress(PrintWriter err, int trialsPerCell, RunEta eta) {
        this.err = err;
        this.trialsPerCell = trialsPerCell;
        this.eta = eta;
        this.style = Terminals.dumb()
                ? ProgressBarStyle.ASCII
                : Terminals.noColor() ? ProgressBarStyle.UNICODE_BLOCK : ProgressBarStyle.COLORFUL_UNICODE_BLOCK;
        this.width = Math.min(Terminals.stderrWidth(), 160);
    }

    /** The progress listener for a run: a bar at a terminal, else nothing but warnings. */
    static RunListener create(PrintWriter err, boolean quiet, boolean noProgress, int trialsPerCell, RunEta eta) {
        if (!quiet && !noProgress && Terminals.stderrIsTerminal()) {
            return new TerminalProgress(err, trialsPerCell, eta);
        }
        return new StderrWarnings(err);
    }

    @Override
    public void cellStarted(CellPlan cell, int cellIndex, int cellCount) {
        closeBar();
        String counter = "[" + (cellIndex + 1) + "/" + cellCount + "]";
        synchronized (err) {
            err.println(counter + " " + cell.config().label());
            err.flush();
        }
        bar = new ProgressBarBuilder()
                .setTaskName(" ".repeat(counter.length()))
                .setInitialMax(trialsPerCell)
                .setStyle(style)
                .setUpdateIntervalMillis(1000)
                .continuousUpdate()
                .setEtaFunction(state -> {
                    OptionalDouble left = eta.remainingNanos();
                    return left.isEmpty() ? Optional.empty() : Optional.of(Duration.ofNanos((long) left.getAsDouble()));
                })
                .setConsumer(new Consumer(err, width, !Terminals.dumb()))
                .build();
    }

    @Override
    public void trialFinished(CellPlan cell, boolean warmup, int trialIndex, int trialCount, long makespanNanos) {
        long now = System.nanoTime();
        eta.trialFinished(cell.id(), now - lastEventNanos);
        lastEventNanos = now;
        if (bar != null) {
            bar.setExtraMessage(warmup ? "warmup" : Numbers.millis(makespanNanos / 1e6));
            bar.step();
        }
    }

    @Override
    public void cellFinished(CellResult result, int cellIndex, int cellCount) {
        eta.cellFinished(result.id());
        if (bar != null) {
            Metric shown = TableDefaults.metric(result.config()); // what the tables will compare
            MetricSummary m = result.summary(shown);
            bar.setExtraMessage(
                    m == null ? result.status().key() : "median " + Numbers.metric(m.median(), shown.unit()));
            bar.stepTo(bar.getMax());
            closeBar();
        }
    }

    /** One self-overwriting line while a workload generates its inputs (only at a terminal). */
    @Override
    public void preparing(String workload, String step, long done, long total) {
        synchronized (err) {
            String line = "preparing " + workload + ": " + step + " " + done + "/" + total;
            err.print("\r" + (line.length() < width ? line : line.substring(0, width - 1))
                    + (Terminals.dumb() ? "" : ERASE_TO_END));
            if (done >= total) {
                err.println();
            }
            err.flush();
        }
    }

    @Override
    public void warning(String message) {
        synchronized (err) {
            if (bar != null) {
                err.print("\r" + " ".repeat(width - 1) + "\r");
            }
            err.println("vbench: warning: " + message);
            err.flush();
        }
    }

    /** Ends a bar left open by a failed run, so the error starts on its own line. */
    void close() {
        closeBar();
    }

    private void closeBar() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }

    /** Draws the bar on one line of stderr with carriage returns. */
    private static final class Consumer implements ProgressBarConsumer {
        private final PrintWriter err;
        private final int width;
        private final boolean ansi;
        private int lastLength;

        Consumer(PrintWriter err, int width, boolean ansi) {
            this.err = err;
            this.width = width;
            this.ansi = ansi;
        }

        @Override
        public int getMaxRenderedLength() {
            return width - 1;
        }

        @Override
        public void accept(String rendered) {
            synchronized (err) {
                err.print('\r');
                err.print(rendered);
                if (ansi) {
                    err.print(ERASE_TO_END);
                } else if (rendered.length() < lastLength) {
                    err.print(" ".repeat(lastLength - rendered.length()));
                }
                lastLength = rendered.length();
                err.flush();
            }
        }

        @Override
        public void close() {
            synchronized (err) {
                err.println();
                err.flush();
            }
        }
    }
}
