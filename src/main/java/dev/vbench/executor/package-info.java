/**
 * Executor strategies: how tasks are scheduled onto threads. Each {@link
 * dev.vbench.executor.ExecutorStrategy} creates a fresh {@link java.util.concurrent.ExecutorService}
 * per trial and describes its configuration for the result. {@link
 * dev.vbench.executor.ExecutorStrategies} lists the built-ins and parses specs such as
 * {@code fixed:threads=200} (a list of values sweeps: {@code virtual:parallelism=1,2,4}). What a
 * configuration needs of its JVM ({@link dev.vbench.executor.JvmNeeds}: the virtual-thread scheduler's
 * properties, {@link dev.vbench.executor.VirtualScheduler}; a preview API) is the planner's to provide, and
 * {@link dev.vbench.executor.ExecutorStrategy#task} may run the workload's operation as subtasks
 * ({@code fanout}, a {@code StructuredTaskScope}).
 */
package dev.vbench.executor;
