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
import java.net.Socket;
import java.util.Arrays;
import java.util.List;

/**
 * Seed 003 over a real network stack: one task is an HTTP/1.1 {@code GET /hello} on a kept-alive
 * loopback connection to an embedded JDK {@code HttpServer}, reading the {@code hello world}
 * answer. Real blocking socket I/O on the executor's thread, on both sides of the connection.
 *
 * <p>With {@code -p url=} the same client sends the user's request ({@code method}, {@code header},
 * {@code body}) to any HTTP/1.1 server: vbench is then a load generator whose client threads are the
 * executor under test.
 */
public final class HttpWorkload implements WorkloadProvider {

    private static final int CPUS = Runtime.getRuntime().availableProcessors();

    static final ParamSpec<String> SERVER = ParamSpec.of(
            "server",
            "the embedded server's executor: a virtual thread per request, or a fixed platform pool",
            "virtual",
            ParamType.choice(Arrays.stream(ServerKind.values())
                    .map(ServerKind::paramName)
                    .toArray(String[]::new)));
    static final ParamSpec<Integer> SERVER_THREADS = ParamSpec.of(
            "server-threads",
            "platform threads of server=fixed (ignored for server=virtual); default 2 x cores",
            String.valueOf(2 * CPUS),
            ParamType.intRange(1, 10_000));
    /** Most client connections; the server keeps this many idle ones ({@link LoopbackServer#MAX_IDLE_PROPERTY}). */
    static final int MAX_CONNECTIONS = 1_000;

    static final ParamSpec<Integer> CONNECTIONS = ParamSpec.of(
            "connections",
            "client keep-alive connections, opened before each trial; tasks beyond it wait for one",
            "100",
            ParamType.intRange(1, MAX_CONNECTIONS));

    static final ParamSpec<String> URL = ParamSpec.of(
            "url",
            "your server: an http:// or https:// URL (HTTP/1.1, keep-alive); empty: the embedded loopback server",
            "",
            HttpParamTypes.URL);
    static final ParamSpec<String> METHOD =
            ParamSpec.of("method", "request method; empty: GET", "", HttpParamTypes.METHOD);
    static final ParamSpec<List<String>> HEADER = ParamSpec.of(
            "header",
            "request headers: 'Name: value' entries separated by |, or @FILE with one per line",
            "",
            HttpParamTypes.HEADERS);
    static final ParamSpec<byte[]> BODY = ParamSpec.of(
            "body",
            "file whose bytes are the request body (sent with" + " Content-Length); empty: no body",
            "",
            HttpParamTypes.BODY);

    @Override
    public String name() {
        return "http";
    }

    @Override
    public String description() {
        return "HTTP/1.1 requests over keep-alive sockets: to an embedded JDK HttpServer over loopback (seed 003),"
                + " or to your server with -p url=";
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
                + " connection found closed anyway is reopened and the GET resent once (counted in its latency)."
                + " With -p url=http://HOST:PORT/PATH (or https://, JDK TLS with the default trust store and"
                + " host-name check) the same client talks to your server and server, server-threads are unused:"
                + " method, header ('Name: value|Name: value' or @FILE) and body (a file) shape the request, built"
                + " once. Each task is one request and its whole response (Content-Length, chunked, or until close)."
                + " A non-2xx status is a failed task with the status in its failure sample; redirects are not"
                + " followed. A server that closes the connection after a response (HTTP/1.0, Connection: close)"
                + " still works: the next request reconnects, and its latency then includes the connect (and TLS"
                + " handshake); the run says so. Closed model: --concurrency C with connections >= C; open model:"
                + " --rate R, latency from each request's intended start (tasks waiting for a free connection count).";
    }

    @Override
    public List<ParamSpec<?>> params() {
        return List.of(URL, METHOD, HEADER, BODY, SERVER, SERVER_THREADS, CONNECTIONS);
    }

    /**
     * With {@code url}: available when a TCP connection to its host and port opens within
     * {@link KeepAliveConnection#CONNECT_TIMEOUT_MILLIS}. Else when a socket can listen on the loopback address.
     */
    @Override
    public Availability availability(Params params) {
        if (!params.get(URL).isEmpty()) {
            HttpTarget target = HttpTarget.parse(params.get(URL));
            try (Socket probe = new Socket()) {
                probe.connect(
                        new InetSocketAddress(target.host(), target.port()),
                        KeepAliveConnection.CONNECT_TIMEOUT_MILLIS);
                return Availability.AVAILABLE;
            } catch (IOException e) {
                return Availability.unavailable(HttpWorkloadInstance.noAnswer(target, e));
            }
        }
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return Availability.AVAILABLE;
        } catch (IOException e) {
            return Availability.unavailable(
                    "cannot listen on " + InetAddress.getLoopbackAddress().getHostAddress() + ": " + e.getMessage());
        }
    }

    @Override
    public Workload create(Params params) {
        String url = params.get(URL);
        HttpWorkloadInstance.Request request = new HttpWorkloadInstance.Request(
                url.isEmpty() ? null : HttpTarget.parse(url), params.get(METHOD), params.get(HEADER), params.get(BODY));
        return new HttpWorkloadInstance(
                ServerKind.byParamName(params.get(SERVER)),
                params.get(SERVER_THREADS),
                params.get(CONNECTIONS),
                request);
    }
}
