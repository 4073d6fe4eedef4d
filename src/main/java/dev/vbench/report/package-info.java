/**
 * Exporters: turn results into text. They render, never measure and never write files (the CLI's
 * {@code OutputFiles} writes, atomically). A new format is one {@link dev.vbench.report.Exporter},
 * one {@link dev.vbench.report.Format} constant and one golden test.
 */
package dev.vbench.report;
