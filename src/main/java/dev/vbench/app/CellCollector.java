package dev.vbench.app;

import dev.vbench.engine.CellPlan;
import dev.vbench.engine.RunListener;
import dev.vbench.report.ReportOptions;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Collects finished cells across the plans of a run (one plan, or one per suite experiment),
 * rewrites the -o files after each, and forwards every event to the progress display. It also knows
 * which cells are in progress, so that when user code ends the JVM ({@link #sealExited}) the files
 * say which cell it was. Its state is guarded by the collector itself: the shutdown hook that seals it
 * runs on a thread of its own.
 *
 * <p>Each rewrite renders every finished cell again, so over a run of many cells the rewrites would grow with
 * the square of the cells (half the CPU of a 200-cell run). A rewrite that took longer than
 * {@link #CHEAP_WRITE_NANOS} is therefore followed by the next only once {@link #WRITE_SHARE} times its
 * duration has passed since it began: the files then take at most 1/{@value #WRITE_SHARE} of the run's time,
 * and the cells that end meanwhile are written with the next one, or by {@link #flush} at the end.
 */
final class CellCollector implements RunListener {

    /** A rewrite this quick is always done at once: the files keep every finished cell. */
    static final long CHEAP_WRITE_NANOS = 20_000_000L;
    /** A slower rewrite is repeated at most once per this many times its own duration. */
    static final int WRITE_SHARE = 20;

    private final RunListener progress;
    private final RunOutputs outputs;
    private final ReportOptions options;
    private final List<CellPlan> planned;
    private final LongSupplier clock;
    private final List<CellResult> finished = new ArrayList<>();
    private final List<CellPlan> started = new ArrayList<>();
    private RunResult latest;
    private boolean sealed;
    /** When the last rewrite began, on {@link #clock}. */
    private long lastWriteStart;
    /** How long the last rewrite took, in ns. */
    private long lastWriteNanos;
    /** Whether finished cells wait for the next rewrite. */
    private boolean unwritten;

    /** @param planned every cell of the run in order: the next one is in progress when none was started yet */
    CellCollector(
            RunResult empty, RunListener progress, RunOutputs outputs, ReportOptions options, List<CellPlan> planned) {
        this(empty, progress, outputs, options, planned, System::nanoTime);
    }

    /** @param clock what times the rewrites ({@link System#nanoTime}; a test's own) */
    CellCollector(
            RunResult empty,
            RunListener progress,
            RunOutputs outputs,
            ReportOptions options,
            List<CellPlan> planned,
            LongSupplier clock) {
        this.clock = clock;
        this.latest = empty;
        this.progress = progress;
        this.outputs = outputs;
        this.options = options;
        this.planned = List.copyOf(planned);
        tellLauncher();
    }

    /** Every cell finished so far, in plan order (interleaved cells finish in the order of their last trials). */
    synchronized RunResult result() {
        return latest;
    }

    @Override
    public void cellStarted(CellPlan cell, int i, int n) {
        synchronized (this) {
            started.add(cell);
        }
        tellLauncher();
        progress.cellStarted(cell, i, n);
    }

    @Override
    public void cellFinished(CellResult cell, int i, int n) {
        CellResult result = outputs.writeProfiles(cell, progress::warning);
        synchronized (this) {
            if (sealed) {
                return;
            }
            started.removeIf(c -> c.id().equals(result.id()) && c.config().equals(result.config()));
            int known = indexOf(result);
            if (known >= 0) { // told again, with a note added after it finished (its workload's close failed)
                finished.set(known, result);
                latest = latest.withCells(finished);
                write(false);
                return;
            }
            int at = finished.size();
            while (at > 0 && plannedIndex(finished.get(at - 1)) > plannedIndex(result)) {
                at--;
            }
            finished.add(at, result);
            latest = latest.withCells(finished);
            write(false);
        }
        tellLauncher();
        progress.cellFinished(result, i, n);
    }

    /** Rewrites the files now when {@code now} or when the last rewrite was cheap or long enough ago; else later. */
    private void write(boolean now) {
        long start = clock.getAsLong();
        if (!now && lastWriteNanos > CHEAP_WRITE_NANOS && start - lastWriteStart < WRITE_SHARE * lastWriteNanos) {
            unwritten = true;
            return;
        }
        outputs.writeFiles(latest, options);
        lastWriteStart = start;
        lastWriteNanos = clock.getAsLong() - start;
        unwritten = false;
    }

    /** Writes the cells that waited for a rewrite ({@link #WRITE_SHARE}), if any: at the end of a run, or as it fails. */
    synchronized void flush() {
        if (unwritten && !sealed) {
            write(true);
        }
    }

    /** Where {@code cell} (the same id and configuration) is among the finished cells; -1 when it is not. */
    private int indexOf(CellResult cell) {
        for (int i = 0; i < finished.size(); i++) {
            if (finished.get(i).id().equals(cell.id())
                    && finished.get(i).config().equals(cell.config())) {
                return i;
            }
        }
        return -1;
    }

    /** The position of {@code cell} in the plan; past the end for a cell the plan does not name. */
    private int plannedIndex(CellResult cell) {
        for (int i = 0; i < planned.size(); i++) {
            if (planned.get(i).id().equals(cell.id()) && planned.get(i).config().equals(cell.config())) {
                return i;
            }
        }
        return planned.size();
    }

    /**
     * User code ended the JVM: the finished cells, then each cell in progress (or, before any started, the
     * next one planned: its workload was being prepared) with status {@code exited} and {@code how} as its
     * note, written to the files. Nothing is collected after this.
     *
     * @return the result written, and the cell that was running (null when every planned cell had finished)
     */
    synchronized Sealed sealExited(String how) {
        sealed = true;
        List<CellPlan> running = running();
        List<CellResult> cells = new ArrayList<>(finished);
        for (CellPlan c : running) {
            cells.add(new CellResult(
                    c.id(),
                    c.config(),
                    CellStatus.EXITED,
                    List.of(),
                    Map.of(),
                    List.of("exited: user code called " + how)));
        }
        latest = latest.withCells(cells);
        write(true);
        return new Sealed(latest, running.isEmpty() ? null : running.get(0));
    }

    /** What {@link #sealExited} wrote, and the cell in progress. */
    record Sealed(RunResult result, CellPlan running) {

        /** "workload W ended the JVM in cell c2 (label)", or "workload code ended the JVM after the last cell". */
        String ended() {
            return CellCollector.ended(running);
        }
    }

    /** The cells in progress; before any started, the next one planned (its workload is being prepared). */
    private List<CellPlan> running() {
        List<CellPlan> running = new ArrayList<>(started);
        if (running.isEmpty() && finished.size() < planned.size()) {
            running.add(planned.get(finished.size()));
        }
        return running;
    }

    private static String ended(CellPlan running) {
        return "workload " + (running == null ? "code" : running.workload().name()) + " ended the JVM "
                + (running == null
                        ? "after the last cell"
                        : "in cell " + running.id() + " (" + running.config().label() + ")");
    }

    /**
     * What the launcher says if the JVM ends now without vbench's exit ({@code Runtime.halt} in user code):
     * the cell in progress and the files that hold the finished cells ({@code -o -} is written at the end only).
     */
    private synchronized void tellLauncher() {
        if (sealed) {
            return; // user code called System.exit: the hook says so, and then tells the launcher it is done
        }
        List<CellPlan> running = running();
        String files = outputs.fileNames();
        LauncherState.running(
                ended(running.isEmpty() ? null : running.get(0)),
                finished.isEmpty()
                        ? "no cell had finished"
                        : files.isEmpty()
                                ? "the finished cells are lost (-o - is written at the end; -o FILE keeps them)"
                                : "finished cells were kept in " + files);
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
