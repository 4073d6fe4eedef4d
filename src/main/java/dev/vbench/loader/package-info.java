/**
 * The user's code: {@code --classpath} entries and the one class loader over them
 * ({@link dev.vbench.loader.UserCode}), the workload and executor lookups through it ({@code loader.WorkloadLookup},
 * {@code loader.ExecutorLookup}; names found with
 * {@link java.util.ServiceLoader}, provider classes, {@code Class::method} references, JMH benchmark
 * classes read through the class path's own jmh-core ({@link dev.vbench.loader.JmhWorkload}), single source
 * files compiled in memory and cached), and the fingerprints that tell a result which code it measured.
 */
package dev.vbench.loader;
