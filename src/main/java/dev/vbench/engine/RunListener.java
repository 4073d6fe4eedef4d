package dev.vbench.engine;

import dev.vbench.result.CellResult;

/**
 * Progress events of a run, delivered on the thread that runs the engine, never during a timed
 * region. The CLI uses them to draw progress and to rewrite the result files as cells finish.
 */
public interface RunListener {

    default void cellStarted(CellPlan cell, int cellIndex, int cellCount) {}

    /**
     * @param trialIndex 0-based among warmup trials when {@code warmup}, else among measured ones
     * @param makespanNanos the finished trial's makespan
     */
    default void trialFinished(CellPlan cell, boolean warmup, int trialIndex, int trialCount, long makespanNanos) {}

    default void cellFinished(CellResult result, int cellIndex, int cellCount) {}

    /**
     * Progress of a workload's (untimed) input preparation, e.g. generating photos.
     *
     * @param done units done so far; {@code done == total} ends the step
     */
    default void preparing(String workload, String step, long done, long total) {}

    /** A one-line warning for the user (goes to stderr). */
    default void warning(String message) {}

    RunListener NONE = new RunListener() {};
}
