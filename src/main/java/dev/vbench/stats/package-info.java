/**
 * Pure statistics over per-trial scalars (docs/statistics.md rule 1: a trial is a sample). No clocks, no
 * threads, no I/O. Every formula cites its source.
 */
package dev.vbench.stats;
