/**
 * Why one cell differs from another: profiles as frame trees (one profile, or two as a differential),
 * the pairs of cells that a comparison table compares ({@link dev.vbench.diagnose.ComparedPairs}),
 * the folding of executor and vbench internals ({@link dev.vbench.diagnose.Frames}), and the plain-words
 * Why lines of each significant difference ({@link dev.vbench.diagnose.WhyLines}): the frames whose share
 * of samples changed most, and diagnosis lines from the telemetry, each with its figure. Pure functions
 * of result records; {@code report} renders them.
 */
package dev.vbench.diagnose;
