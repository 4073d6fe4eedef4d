/**
 * Profiles of measured trials ({@code vbench run --profile}): the events a user can ask for
 * ({@link dev.vbench.profile.ProfileEvent}), the task sampler that sees where every executor's tasks run and
 * wait, virtual threads mounted or not ({@link dev.vbench.profile.TaskSampler}), async-profiler and JFR
 * for the JVM's own events, and the one way every stack becomes a collapsed stack cut at the task
 * boundary ({@link dev.vbench.profile.StackFrames}). A {@link dev.vbench.profile.CellProfiler} profiles one
 * cell's measured trials and sums them into {@link dev.vbench.result.Profile}s. Nothing here is on the task
 * path unless the run asks for the {@code tasks} event, whose cost {@code vbench calibrate --profile tasks}
 * measures.
 */
package dev.vbench.profile;
