/**
 * The {@code jar} workload (seed 002, kvr000's parallel-jar-benchmark): reads one entry of a
 * shared, already-open {@link java.util.jar.JarFile} to EOF, optionally fanned out to several
 * concurrent reads of the same entry. {@link dev.vbench.workload.jar.JarWorkloadProvider} is the
 * entry point; {@link dev.vbench.workload.jar.BenchJar} generates the jar.
 */
package dev.vbench.workload.jar;
