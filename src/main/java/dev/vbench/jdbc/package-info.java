/**
 * A JDBC target, shared by the {@code sql} workload and the history store:
 * {@link dev.vbench.jdbc.JdbcTarget} parses a URL, finds its driver (also on the user's class path), connects
 * with short timeouts and keeps every password out of what it shows and of every message. It depends only on
 * {@code spi}.
 */
package dev.vbench.jdbc;
