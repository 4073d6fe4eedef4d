/**
 * Plans and runs the matrix: {@link dev.vbench.engine.RunPlan} (cells × warmup × trials) →
 * {@link dev.vbench.engine.Engine} → {@link dev.vbench.result.RunResult}. {@link
 * dev.vbench.engine.TrialRunner} runs one trial; it is the only code on the task path.
 */
package dev.vbench.engine;
