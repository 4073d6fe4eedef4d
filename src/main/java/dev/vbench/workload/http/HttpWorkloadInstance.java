package dev.vbench.workload.http;

import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadException;
import dev.vbench.workload.pool.BoundedPool;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One prepared {@code http} workload: the loopback server and a pool of keep-alive client
 * connections to it.
 */
final class HttpWorkloadInstance implements Workload {

    /** Status 200 and Σ bytes of "hello world", as {@link KeepAliveConnection#get()} reports them. */
    static final long EXPECTED_TALLY = (200L << 32) | byteSum(HelloResponse.BODY);

    private final ServerKind kind;
    private final int serverThreads;
    private final int connections;
    private LoopbackServer server;
    private volatile BoundedPool<KeepAliveConnection> pool;

    HttpWorkloadInstance(ServerKind kind, int serverThreads, int connections) {
        this.kind = kind;
        this.serverThreads = serverThreads;
        this.connections = connections;
    }

    @Override
    public void prepare(PrepareContext context) throws IOException {
        server = LoopbackServer.start(kind, serverThreads);
        pool = openPool();
    }

    private BoundedPool<KeepAliveConnection> openPool() {
        List<KeepAliveConnection> opened = new ArrayList<>(connections);
        try {
            for (int i = 0; i < connections; i++) {
                opened.add(new KeepAliveConnection(server.address(), LoopbackServer.PATH));
            }
        } catch (IOException e) {
            opened.forEach(HttpWorkloadInstance::closeQuietly);
            throw WorkloadException.environment("cannot open connection " + (opened.size() + 1) + " of " + connections
                    + " to the loopback server at " + server.address() + ": " + e.getMessage()
                    + "; lower -p connections or raise the open-files limit (ulimit -n)", e);
        }
        return new BoundedPool<>(opened, KeepAliveConnection::close);
    }

    /** Fresh connections for every trial, so none has sat idle long enough for the server to drop it. */
    @Override
    public void beforeTrial() throws Exception {
        BoundedPool<KeepAliveConnection> old = pool;
        pool = null;
        old.close();
        pool = openPool();
    }

    @Override
    public Task task() {
        BoundedPool<KeepAliveConnection> p = pool;
        return taskIndex -> {
            KeepAliveConnection c = p.borrow();
            try {
                return c.get();
            } finally {
                p.release(c);
            }
        };
    }

    /** One GET through the pool (status, headers, body parsed) and one through java.net.http.HttpClient. */
    @Override
    public String verify() throws Exception {
        KeepAliveConnection c = pool.borrow();
        HttpMessage m;
        long tally;
        try {
            tally = c.get();
            m = HttpMessage.parse(c.lastResponse(), c.lastResponse().length);
        } finally {
            pool.release(c);
        }
        if (tally != EXPECTED_TALLY || m.status() != 200 || !m.bodyText().equals("hello world")) {
            throw new AssertionError("GET " + LoopbackServer.PATH + " answered " + m.status() + " '" + m.bodyText() + "'");
        }
        URI uri = URI.create("http://" + server.address().getHostString() + ":" + server.address().getPort()
                + LoopbackServer.PATH);
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200 || !r.body().equals("hello world")) {
                throw new AssertionError("HttpClient GET " + uri + " answered " + r.statusCode() + " '" + r.body() + "'");
            }
        }
        return "GET " + uri + " (server=" + kind.paramName() + "): 200, Content-Length " + m.header("content-length")
                + ", body 'hello world', on a kept-alive socket and with java.net.http.HttpClient";
    }

    @Override
    public void close() throws Exception {
        BoundedPool<KeepAliveConnection> p = pool;
        pool = null;
        try {
            if (p != null) {
                p.close();
            }
        } finally {
            if (server != null) {
                server.close();
                server = null;
            }
        }
    }

    private static long byteSum(byte[] bytes) {
        long sum = 0;
        for (byte b : bytes) {
            sum += b;
        }
        return sum;
    }

    private static void closeQuietly(KeepAliveConnection c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // already failing
        }
    }
}
