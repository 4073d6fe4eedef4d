/**
 * The {@code sql} workload (seed 000, JPhotoTagger's {@code DatabaseBenchmark}): five keyword
 * operations on a 1,000-row {@code hierarchical_subjects} table, against embedded H2 by default or
 * any JDBC URL (PostgreSQL is a tested target). {@link dev.vbench.jdbc.JdbcTarget} (shared with the history store) parses a
 * URL and keeps its password out of every message.
 */
package dev.vbench.workload.sql;
