/**
 * Executor strategies: how tasks are scheduled onto threads. Each {@link
 * dev.vbench.executor.ExecutorStrategy} creates a fresh {@link java.util.concurrent.ExecutorService}
 * per trial and describes its configuration for the result. {@link
 * dev.vbench.executor.ExecutorStrategies} lists the built-ins and parses specs such as
 * {@code fixed:threads=200}.
 */
package dev.vbench.executor;
