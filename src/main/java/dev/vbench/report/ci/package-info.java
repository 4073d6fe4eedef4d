/**
 * What a pull request sees of a comparison or a history check: the {@link dev.vbench.report.ci.GateReport}
 * (every tested change with its verdict and what the gate made of it, beside the table that shows them) and
 * its renderers — the GitHub job summary and pull-request comment ({@link dev.vbench.report.ci.GitHubMarkdown}),
 * the workflow commands that annotate a run ({@link dev.vbench.report.ci.WorkflowCommands}) and JUnit XML
 * ({@link dev.vbench.report.ci.JUnitXml}). Render only: verdicts come from {@code compare} and {@code history},
 * which gate applies from {@link dev.vbench.compare.Gates}, tables from {@link dev.vbench.report.ComparisonTables};
 * nothing here writes a file or calls a service.
 */
package dev.vbench.report.ci;
