package dev.vbench.measure;

import dev.vbench.result.CellConfig;
import dev.vbench.result.TrialResult;

/**
 * Records something around one trial, outside the timed region: started just before the trial's
 * tasks are submitted, finished right after the executor has terminated. A probe never touches
 * the task path; what it costs (its own threads, the JVM features it turns on) is measured by
 * {@code vbench calibrate}.
 *
 * <pre>{@code
 * TrialProbe probe = cell -> {
 *     long before = System.nanoTime();
 *     return trial -> trial; // add what was recorded: trial.withTelemetry(...)
 * };
 * }</pre>
 */
@FunctionalInterface
public interface TrialProbe {

    /**
     * Starts recording for one trial of {@code cell} (warmup or measured).
     *
     * @return what to call when the trial is over, or null when this probe has nothing to record for the cell
     */
    Running start(CellConfig cell);

    /** A probe recording one trial. */
    @FunctionalInterface
    interface Running {

        /** Stops recording and returns {@code trial} with what was recorded added. */
        TrialResult finish(TrialResult trial);

        /** Stops recording without a result (the trial failed or was interrupted). */
        default void abort() {}
    }
}
