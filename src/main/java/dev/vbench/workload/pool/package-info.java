/**
 * A small bounded pool of already-open resources (JDBC connections, keep-alive sockets) shared by
 * the concurrent tasks of a workload: {@link dev.vbench.workload.pool.BoundedPool}.
 */
package dev.vbench.workload.pool;
