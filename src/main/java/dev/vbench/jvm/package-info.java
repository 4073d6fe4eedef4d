/**
 * The JVM as an axis of a run ({@code --jvm}, {@code --jvm-args}): finding installed JDKs
 * ({@link dev.vbench.jvm.JdkDiscovery}), parsing the command-line and suite specs
 * ({@link dev.vbench.jvm.JvmSpec}, {@link dev.vbench.jvm.JvmOptionSet}), crossing them into targets
 * ({@link dev.vbench.jvm.JvmTargets}) and probing each target JVM once ({@link dev.vbench.jvm.JvmProber}),
 * which also refuses a JDK older than 21 and options the JVM rejects. Nothing here runs a trial: the
 * engine runs a target's cells in forks on its {@code java}. Child JVMs run through
 * {@link dev.vbench.jvm.JavaProcess}; no vbench JVM outlives the process it works for
 * ({@link dev.vbench.jvm.ParentWatch}), nor its temporary files the JVM ({@link dev.vbench.jvm.ScratchDir}).
 */
package dev.vbench.jvm;
