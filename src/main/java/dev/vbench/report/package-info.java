/**
 * Turns results into text. {@link dev.vbench.report.ReportDocument} says what a result says (tables,
 * verdicts, charts, stacks), built once; {@link dev.vbench.report.ComparisonTables} is the one place a
 * comparison ({@link dev.vbench.compare.Comparison}) becomes a table; the exporters only render. They never
 * measure and never write files (the application layer's {@code app.OutputFiles} writes, atomically). A new
 * format is one {@link dev.vbench.report.Exporter}, one {@link dev.vbench.report.Format} constant and one golden test.
 */
package dev.vbench.report;
