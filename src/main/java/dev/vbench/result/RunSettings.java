package dev.vbench.result;

/**
 * Settings that apply to every cell of a run.
 *
 * @param warmupTrials trials run and discarded before measuring, per cell
 * @param measuredTrials trials measured per cell (the statistical samples)
 * @param forks JVM forks per cell (0 = trials run in the vbench JVM itself)
 * @param seed seed for generated inputs
 */
public record RunSettings(int warmupTrials, int measuredTrials, int forks, long seed) {}
