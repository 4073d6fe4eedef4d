/**
 * {@code vbench compare}: reads result files (vbench results of every schema version, JMH JSON),
 * matches their rows by configuration, and computes the comparison model — per-file medians with
 * confidence intervals, Mann-Whitney p-values with Holm correction, verdicts, the geomean row and
 * footnotes. The same model serves the tables of a run: {@link dev.vbench.compare.CellComparison} builds it
 * from one run's cells with a {@link dev.vbench.compare.CellDimension} (the executor) as the columns, and
 * {@link dev.vbench.compare.Slo} decides a sweep's best concurrency. Pure apart from reading the input
 * files; {@code report.ComparisonTables} lays the model out, {@code report.compare} renders a comparison of
 * files, {@code app.CompareUseCase} decides the exit code (a regression past the gate) and {@code cli.CompareCommand}
 * is the picocli adapter.
 *
 * <pre>{@code
 * List<Dataset> inputs = List.of(Inputs.load(Path.of("a.json"), "a", null), Inputs.load(Path.of("b.json"), "b", null));
 * Comparison c = Comparisons.compute(inputs, CompareOptions.defaults(Layout.CHANGE));
 * }</pre>
 */
package dev.vbench.compare;
