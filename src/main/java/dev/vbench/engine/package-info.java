/**
 * Runs the matrix the planner ({@code plan/}) made: {@link dev.vbench.engine.RunPlan} (cells × warmup × trials) →
 * {@link dev.vbench.engine.Engine} → {@link dev.vbench.result.RunResult}. The engine runs a table row at a time:
 * {@code engine.WorkloadLifecycle} prepares and closes the workload its cells share, {@code engine.RowRunner} runs the row's cells
 * (each from its {@code engine.HarnessFloor}), in this JVM or in forks ({@link dev.vbench.engine.ForkRunner}).
 * {@link dev.vbench.engine.TrialRunner}
 * runs one trial, its tasks through a {@code TaskRun}, whose {@code run} is the task boundary; with
 * {@code TaskSlots} they are the only code on the task path; {@code engine.LatencySampling} decides which tasks it times.
 */
package dev.vbench.engine;
