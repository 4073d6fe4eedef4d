/**
 * Recording: HdrHistogram encoding and summaries, the clock, JVM counters sampled around a trial,
 * and the {@link dev.vbench.measure.TrialProbe}s the engine runs around every trial (collector
 * pauses and scheduler settings in {@link dev.vbench.measure.JvmProbe}, JFR
 * {@code jdk.VirtualThreadPinned} events in {@link dev.vbench.measure.PinningProbe}). Nothing here
 * runs on the task path except {@link dev.vbench.measure.NanoClock#nanoTime()}; probes start
 * before a trial's first submit and finish after its executor has terminated.
 */
package dev.vbench.measure;
