/**
 * Built-in workloads, each a {@link dev.vbench.spi.WorkloadProvider} registered in
 * {@code META-INF/services/dev.vbench.spi.WorkloadProvider}. A workload that needs more than one
 * class gets its own sub-package.
 */
package dev.vbench.workload;
