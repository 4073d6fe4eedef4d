package dev.vbench.workload.http;

import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.ParamType;
import dev.vbench.spi.Params;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Arrays;
import java.util.List;

/**
 * Seed 003 over a real network stack: one task is an HTTP/1.1 {@code GET /hello} on a kept-alive
 * loopback connection to an embedded JDK {@code HttpServer}, reading the {@code hello world}
 * answer. Real blocking socket I/O on the executor's thread, on both sides of the connection.
 */
public final class HttpWorkload implements WorkloadProvider {

    private static final int CPUS = Runtime.getRuntime().availableProcessors();

    static final ParamSpec<String> SERVER = ParamSpec.of("server",
            "the embedded server's executor: a virtual thread per request, or a fixed platform pool", "virtual",
            ParamType.choice(Arrays.stream(ServerKind.values()).map(ServerKind::paramName).toArray(String[]::new)));
    static final ParamSpec<Integer> SERVER_THREADS = ParamSpec.of("server-threads",
            "platform threads of server=fixed (ignored for server=virtual); default 2 x cores",
            String.valueOf(2 * CPUS), ParamType.intRange(1, 10_000));
    /** Most client connections; the server keeps this many idle ones ({@link LoopbackServer#MAX_IDLE_PROPERTY}). */
    static final int MAX_CONNECTIONS = 1_000;
    static final ParamSpec<Integer> CONNECTIONS = ParamSpec.of("connections",
            "client keep-alive connections, opened before each trial; tasks beyond it wait for one", "100",
            ParamType.intRange(1, MAX_CONNECTIONS));

    @Override
    public String name() {
        return "http";
    }

    @Override
    public String description() {
        return "HTTP/1.1 GET over loopback to an embedded JDK HttpServer: blocking network I/O (seed 003)";
    }

    @Override
    public String notes() {
        return "Server: com.sun.net.httpserver.HttpServer on 127.0.0.1 and an ephemeral port, started in prepare and"
                + " stopped at the end; GET /hello answers 200 'hello world' (Content-Length 11, keep-alive). Its one"
                + " dispatcher thread hands every request to the executor chosen by 'server'. Client: plain blocking"
                + " java.net.Socket connections with keep-alive (TCP_NODELAY), 'connections' of them, reopened"
                + " before every trial outside the measurement. Each task borrows one, writes the request and reads"
                + " the response on the executor's own thread, so the executor under test really blocks in socket"
                + " reads (a virtual thread parks and frees its carrier). java.net.http.HttpClient was not used on"
                + " the hot path: it does its I/O on its own selector thread and hands results back through futures,"
                + " which would measure its internal thread handoffs instead of the executor (it is used once in"
                + " verify to cross-check the answer). Client and server share this machine's cores. Run with"
                + " --concurrency C (in-flight requests; keep it <= connections) and --metric throughput for req/s."
                + " The JDK server would close idle connections beyond 200; vbench raises"
                + " sun.net.httpserver.maxIdleConnections to " + MAX_CONNECTIONS + " unless set with -D. A"
                + " connection found closed anyway is reopened and the GET resent once (counted in its latency).";
    }

    @Override
    public List<ParamSpec<?>> params() {
        return List.of(SERVER, SERVER_THREADS, CONNECTIONS);
    }

    /** Available when a socket can listen on the loopback address. */
    @Override
    public Availability availability(Params params) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return Availability.AVAILABLE;
        } catch (IOException e) {
            return Availability.unavailable("cannot listen on " + InetAddress.getLoopbackAddress().getHostAddress()
                    + ": " + e.getMessage());
        }
    }

    @Override
    public Workload create(Params params) {
        return new HttpWorkloadInstance(ServerKind.byParamName(params.get(SERVER)), params.get(SERVER_THREADS),
                params.get(CONNECTIONS));
    }
}
