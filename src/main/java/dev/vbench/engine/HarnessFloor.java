package dev.vbench.engine;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;

/**
 * vbench's own cost per task on the cell's executor and concurrency, the floor under any figure per task:
 * the fastest of up to {@value #FLOOR_TRIALS} trials of {@link #FLOOR_TASKS} empty tasks (about 0.1 s in all),
 * makespan ÷ tasks, as {@code vbench calibrate} measures the noop workload; once per executor spec and concurrency in a run,
 * outside every cell's trials. 0 (not measured) for a window or a rate, a cell on a JVM target (its JVM
 * differs from this one) and the noop workload, which is the floor itself.
 *
 * <pre>{@code
 * double floor = new HarnessFloor(trialRunner).nanosPerTask(cell); // 0: not measured
 * }</pre>
 */
final class HarnessFloor {

    /**
     * Tasks of one floor-measuring trial, and how many such trials at most (the fastest counts): on a fast
     * executor the first trials still run the interpreted or OSR loop, so it takes many short ones to reach the
     * JIT's code (a few long trials read twice the floor on sequential; docs/performance.md). A trial of
     * 2 × {@link LatencySampling#PILOT_TASKS} tasks or more samples its latencies as a cell's trial does, so the
     * floor carries the same clock reads; on a thread per task (120 us each) two such trials take a second.
     */
    static final int FLOOR_TASKS = 2 * LatencySampling.PILOT_TASKS;

    static final int FLOOR_TRIALS = 200;
    /** Floor trials stop once they took this long in all (after at least {@value #FLOOR_MIN_TRIALS}). */
    static final long FLOOR_BUDGET_NANOS = 100_000_000L;

    static final int FLOOR_MIN_TRIALS = 2;

    private final TrialRunner trialRunner;
    /** The floor per executor spec and concurrency, measured once per run. */
    private final Map<String, Double> floors = new HashMap<>();

    HarnessFloor(TrialRunner trialRunner) {
        this.trialRunner = trialRunner;
    }

    /** The cell's floor in ns per task, measured at the first ask for its executor spec and concurrency; 0: not measured. */
    double nanosPerTask(CellPlan cell) throws InterruptedException {
        if (!(cell.load() instanceof LoadShape.Closed closed)
                || cell.forksAlways()
                || cell.workload().name().equals("noop")) {
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
                long makespan = trialRunner.makespan(
                        index -> index, executor, new LoadShape.Closed(FLOOR_TASKS, closed.concurrency()));
                best = Math.min(best, makespan / (double) FLOOR_TASKS);
                spent += makespan;
            } finally {
                executor.shutdownNow();
            }
        }
        floors.put(key, best);
        return best;
    }
}
