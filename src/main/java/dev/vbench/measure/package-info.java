/**
 * Recording: HdrHistogram encoding and summaries, the clock, and JVM counters sampled around a
 * trial. Nothing here runs on the task path except {@link dev.vbench.measure.NanoClock#nanoTime()}.
 */
package dev.vbench.measure;
