package dev.vbench.app;

import dev.vbench.plan.Plan;
import dev.vbench.plan.Shards;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * How long a run will take, and, as it goes, how long is left. Before the run: the plan's estimate
 * ({@link Shards#cellEstimates}: a window, a rate, or the per-task time the parameters state over the tasks in
 * flight), known only when every cell has one. During the run, trial by trial in whatever order the trials run:
 * the estimate of the trials left, scaled by how the finished trials compared with theirs, and for cells without
 * an estimate (a CPU workload, your method) the wall time per trial so far. Only the progress listener calls it,
 * between trials.
 *
 * <pre>{@code
 * RunEta eta = RunEta.of(plan);
 * eta.totalNanos();                  // OptionalDouble: the estimate before anything ran
 * eta.trialFinished("c1", 0.3e9);    // after each trial (warmup included): the wall time since the one before
 * eta.remainingNanos();              // what is left of the run
 * }</pre>
 */
final class RunEta {

    /** Per cell: the estimate of one trial (NaN: unknown) and the trials left. */
    private static final class Cell {
        final double trialNanos;
        int left;

        Cell(double trialNanos, int trials) {
            this.trialNanos = trialNanos;
            this.left = trials;
        }
    }

    private final Map<String, Cell> cells = new LinkedHashMap<>();
    private double estimatedDone;
    private double actualOfEstimated;
    private double wallDone;
    private long trialsDone;

    private RunEta() {}

    /** The ETA of {@code plan}'s cells (this shard's, for a shard). */
    static RunEta of(Plan plan) {
        RunEta eta = new RunEta();
        Map<String, Double> estimates = Shards.cellEstimates(plan);
        for (Plan.Part part : plan.parts()) {
            int trials =
                    part.run().settings().warmupTrials() + part.run().settings().measuredTrials();
            part.run()
                    .cells()
                    .forEach(c -> eta.cells.put(c.id(), new Cell(estimates.get(c.id()) / Math.max(1, trials), trials)));
        }
        return eta;
    }

    /** The whole run's estimate in ns, before anything ran; empty when a cell has none. */
    OptionalDouble totalNanos() {
        double sum = 0;
        for (Cell c : cells.values()) {
            if (Double.isNaN(c.trialNanos)) {
                return OptionalDouble.empty();
            }
            sum += c.trialNanos * c.left;
        }
        return OptionalDouble.of(sum);
    }

    /** Records a finished trial (warmup or measured) of cell {@code id} and the wall time it took. */
    synchronized void trialFinished(String id, double wallNanos) {
        Cell c = cells.get(id);
        if (c == null) {
            return;
        }
        c.left = Math.max(0, c.left - 1);
        if (!Double.isNaN(c.trialNanos) && c.trialNanos > 0) {
            estimatedDone += c.trialNanos;
            actualOfEstimated += wallNanos;
        }
        wallDone += wallNanos;
        trialsDone++;
    }

    /** Records that cell {@code id} ended: it runs no more trials (finished, failed, stuck). */
    synchronized void cellFinished(String id) {
        Cell c = cells.get(id);
        if (c != null) {
            c.left = 0;
        }
    }

    /** What is left of the run, in ns; empty while a cell left has no estimate and no trial has ended. */
    synchronized OptionalDouble remainingNanos() {
        double sum = 0;
        for (Cell c : cells.values()) {
            if (c.left == 0) {
                continue;
            }
            double perTrial;
            if (!Double.isNaN(c.trialNanos)) {
                perTrial = estimatedDone > 0 ? c.trialNanos * actualOfEstimated / estimatedDone : c.trialNanos;
            } else if (trialsDone > 0) {
                perTrial = wallDone / trialsDone;
            } else {
                return OptionalDouble.empty();
            }
            sum += perTrial * c.left;
        }
        return OptionalDouble.of(sum);
    }
}
