/**
 * Runs the matrix the planner ({@code plan/}) made: {@link dev.vbench.engine.RunPlan} (cells × warmup × trials) →
 * {@link dev.vbench.engine.Engine} → {@link dev.vbench.result.RunResult}. {@link dev.vbench.engine.TrialRunner}
 * runs one trial, its tasks through a {@code TaskRun}, whose {@code run} is the task boundary; with
 * {@code TaskSlots} they are the only code on the task path.
 */
package dev.vbench.engine;
