/**
 * Suite files: YAML documents under {@code workloads/} that describe the experiments of a source
 * report (cells, scale profiles) and the tables to print in that report's layout. {@link
 * dev.vbench.suite.SuiteLoader} reads and validates them with file:line error messages; the CLI
 * plans them ({@code dev.vbench.plan.SuitePlanner}).
 */
package dev.vbench.suite;
