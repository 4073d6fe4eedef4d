/**
 * The request workloads of seed 003 (Lucee on Loom, "hello world" at 10–10,000 concurrent
 * requests): {@link dev.vbench.workload.http.HelloWorkload} builds a hello-world HTTP/1.1 response
 * in memory (the executor's per-request cost), {@link dev.vbench.workload.http.HttpWorkload} sends
 * a real HTTP/1.1 GET over loopback to an embedded JDK {@code HttpServer} (blocking network I/O) or to a
 * server of the user's, over a {@link dev.vbench.workload.http.KeepAliveConnection} that reads each response with
 * an {@link dev.vbench.workload.http.HttpResponseParser}.
 */
package dev.vbench.workload.http;
