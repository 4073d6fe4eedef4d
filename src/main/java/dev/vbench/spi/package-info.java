/**
 * What a workload author sees: {@link dev.vbench.spi.WorkloadProvider} (found with
 * {@link java.util.ServiceLoader}), {@link dev.vbench.spi.Workload}, {@link dev.vbench.spi.Task},
 * typed parameters ({@link dev.vbench.spi.ParamSpec}, {@link dev.vbench.spi.ParamType},
 * {@link dev.vbench.spi.Params}) and the {@link dev.vbench.spi.PrepareContext} handed to
 * {@code prepare}; and the one policy of what is a secret, {@link dev.vbench.spi.Redactor}, for every text
 * vbench shows or stores (a workload that builds messages from its parameters uses it too). Nothing in this
 * package measures anything.
 */
package dev.vbench.spi;
