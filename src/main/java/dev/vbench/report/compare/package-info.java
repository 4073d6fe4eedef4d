/**
 * Renders a {@link dev.vbench.compare.Comparison} as text: the three seed layouts
 * ({@link dev.vbench.compare.Layout}) as markdown or aligned console tables, plus CSV, JSON and a
 * self-contained HTML page with SVG charts.
 * Render only: every number and verdict is computed in {@code dev.vbench.compare}; nothing here
 * reads files or writes them.
 */
package dev.vbench.report.compare;
