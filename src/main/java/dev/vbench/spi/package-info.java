/**
 * What a workload author sees: {@link dev.vbench.spi.WorkloadProvider} (found with
 * {@link java.util.ServiceLoader}), {@link dev.vbench.spi.Workload}, {@link dev.vbench.spi.Task},
 * typed parameters ({@link dev.vbench.spi.ParamSpec}, {@link dev.vbench.spi.ParamType},
 * {@link dev.vbench.spi.Params}) and the {@link dev.vbench.spi.PrepareContext} handed to
 * {@code prepare}. Nothing in this package measures anything.
 */
package dev.vbench.spi;
