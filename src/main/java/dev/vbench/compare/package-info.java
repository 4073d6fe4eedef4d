/**
 * {@code vbench compare}: reads result files (vbench results of every schema version, JMH JSON),
 * matches their rows by configuration, and computes the comparison model — per-file medians with
 * confidence intervals, Mann-Whitney p-values with Holm correction, verdicts, the geomean row and
 * footnotes. Pure apart from reading the input files; {@code report.compare} renders the model and
 * {@code cli.CompareCommand} wires options, output and exit codes.
 *
 * <pre>{@code
 * List<Dataset> inputs = List.of(Inputs.load(Path.of("a.json"), "a", null), Inputs.load(Path.of("b.json"), "b", null));
 * Comparison c = Comparisons.compute(inputs, CompareOptions.defaults(Layout.CHANGE));
 * }</pre>
 */
package dev.vbench.compare;
