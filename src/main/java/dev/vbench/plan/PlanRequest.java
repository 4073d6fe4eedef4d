package dev.vbench.plan;

import dev.vbench.suite.Scale;
import java.nio.file.Path;

/**
 * Everything {@code vbench run} was asked to run, as typed values: either a suite file or a
 * {@code -w/-e/-p} matrix, and how each cell is repeated. {@link Planner#plan} validates it once
 * and returns the {@link Plan}; options a suite cannot honour are refused there, never ignored.
 *
 * @param suiteFile the suite file, or null for a {@code -w} run
 * @param scale {@code --scale}; null when not given (a suite then runs {@code full})
 * @param matrix the matrix options; for a suite run only checked to be absent
 * @param trials warmup, trials, forks, seed, data directory
 */
public record PlanRequest(Path suiteFile, Scale scale, MatrixRequest matrix, TrialOptions trials) {}
