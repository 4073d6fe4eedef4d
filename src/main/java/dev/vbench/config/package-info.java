/**
 * One home for vbench's defaults ({@link dev.vbench.config.Defaults}) and the ranges of its options
 * ({@link dev.vbench.config.Limits}), read by the planner, the use cases, the statistics, the options'
 * {@code defaultValue}s and help text, and through them the man pages. It depends on nothing else of vbench,
 * so every package may read it.
 */
package dev.vbench.config;
