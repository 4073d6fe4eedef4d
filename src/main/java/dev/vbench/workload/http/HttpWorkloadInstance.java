package dev.vbench.workload.http;

import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadException;
import dev.vbench.workload.pool.BoundedPool;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocketFactory;

/**
 * One prepared {@code http} workload: the loopback server (unless {@code url} names the user's),
 * and a pool of keep-alive client connections to the server.
 */
final class HttpWorkloadInstance implements Workload {

    /** Status 200 and Σ bytes of "hello world", as {@link KeepAliveConnection#get()} reports them. */
    static final long EXPECTED_TALLY = (200L << 32) | byteSum(HelloResponse.BODY);

    /**
     * What to send.
     *
     * @param target the user's server, or null for the embedded one
     * @param method the request method
     * @param headers {@code Name: value} entries
     * @param body the request body (empty: none)
     */
    record Request(HttpTarget target, String method, List<String> headers, byte[] body) {

        /** {@code GET} to the embedded server. */
        static Request embedded() {
            return new Request(null, "GET", List.of(), new byte[0]);
        }
    }

    private final ServerKind kind;
    private final int serverThreads;
    private final int connections;
    private final Request request;
    private SSLSocketFactory tls;
    private LoopbackServer server;
    private HttpTarget target;
    private InetSocketAddress address;
    private byte[] requestBytes;
    private volatile BoundedPool<KeepAliveConnection> pool;
    private Consumer<String> warn = message -> {};
    private boolean closesReported;

    HttpWorkloadInstance(ServerKind kind, int serverThreads, int connections, Request request) {
        this.kind = kind;
        this.serverThreads = serverThreads;
        this.connections = connections;
        this.request = request;
    }

    /** The JDK's default TLS context (default trust store, host-name check) unless a test set another. */
    void useTls(SSLSocketFactory factory) {
        this.tls = factory;
    }

    @Override
    public void prepare(PrepareContext context) throws IOException {
        warn = context.warn();
        if (request.target() == null) {
            server = LoopbackServer.start(kind, serverThreads);
            target = HttpTarget.loopback(server.address(), LoopbackServer.PATH);
            address = server.address();
        } else {
            target = request.target();
            address = new InetSocketAddress(target.host(), target.port());
            if (address.isUnresolved()) {
                throw WorkloadException.environment(
                        "cannot resolve the host '" + target.host() + "' of -p url=" + target.url()
                                + "; check the name or use an IP address",
                        null);
            }
            if (target.tls() && tls == null) {
                try {
                    tls = SSLContext.getDefault().getSocketFactory();
                } catch (NoSuchAlgorithmException e) {
                    throw WorkloadException.environment(
                            "this JDK has no default TLS context (" + e.getMessage() + "); use an http:// URL", null);
                }
            }
        }
        requestBytes = HttpRequests.build(request.method(), target, request.headers(), request.body());
        pool = openPool();
    }

    /** The one-line reason when nothing answers at the target's host and port (exit 3). */
    static String noAnswer(HttpTarget target, IOException e) {
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return "no HTTP server answers at " + target.hostPort() + " (" + why + "); start the server or fix -p url="
                + target.url();
    }

    private BoundedPool<KeepAliveConnection> openPool() {
        List<KeepAliveConnection> opened = new ArrayList<>(connections);
        try {
            for (int i = 0; i < connections; i++) {
                opened.add(new KeepAliveConnection(
                        target, address, requestBytes, request.method().equals("HEAD"), tls));
            }
        } catch (SSLException e) {
            opened.forEach(HttpWorkloadInstance::closeQuietly);
            throw WorkloadException.environment(
                    "TLS handshake with " + target.hostPort() + " failed: " + e.getMessage()
                            + "; vbench uses the JDK's default trust store (add the server's CA with -Djavax.net.ssl.trustStore"
                            + " in VBENCH_JAVA_OPTS) or use an http:// URL",
                    null);
        } catch (IOException e) {
            opened.forEach(HttpWorkloadInstance::closeQuietly);
            if (opened.isEmpty() || e instanceof UnknownHostException) {
                throw WorkloadException.environment(noAnswer(target, e), null);
            }
            throw WorkloadException.environment(
                    "cannot open connection " + (opened.size() + 1) + " of " + connections
                            + " to " + target.hostPort() + ": " + e.getMessage()
                            + "; lower -p connections or raise the open-files limit (ulimit -n)",
                    e);
        }
        return new BoundedPool<>(opened, KeepAliveConnection::close);
    }

    /** Fresh connections for every trial, so none has sat idle long enough for the server to drop it. */
    @Override
    public void beforeTrial() throws Exception {
        BoundedPool<KeepAliveConnection> old = pool;
        pool = null;
        reportCloses(old);
        old.close();
        pool = openPool();
    }

    /** Says once per run that the server closes connections, so latency includes connecting. */
    private void reportCloses(BoundedPool<KeepAliveConnection> p) {
        if (p == null || closesReported) {
            return;
        }
        for (KeepAliveConnection c : p.resources()) {
            if (c.serverCloses()) {
                closesReported = true;
                warn.accept(closesNote());
                return;
            }
        }
    }

    private String closesNote() {
        return "http: the server at " + target.hostPort() + " closed the connection after a response (HTTP/1.0 or"
                + " Connection: close), so requests reconnected: their latency includes the TCP connect"
                + (target.tls() ? " and TLS handshake" : "") + ", not only the request";
    }

    /** What the run should record about this workload: whether requests had to reconnect. */
    @Override
    public List<String> notes() {
        reportCloses(pool);
        return closesReported ? List.of(closesNote()) : List.of();
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

    /**
     * Embedded server: one GET through the pool (status, headers, body parsed) and one through
     * java.net.http.HttpClient. The user's server: one request through the pool, answered 2xx.
     */
    @Override
    public String verify() throws Exception {
        KeepAliveConnection c = pool.borrow();
        byte[] response;
        long tally = 0;
        try {
            response = c.getCapturing();
            if (request.target() == null) {
                tally = c.get();
            }
        } finally {
            pool.release(c);
        }
        if (request.target() != null) {
            int status = HttpResponseParser.status(response, 0);
            if (status < 200 || status > 299) {
                throw new AssertionError(request.method() + " " + target.url() + " answered " + status);
            }
            return request.method() + " " + target.url() + ": " + status + ", " + response.length + " response bytes";
        }
        HttpMessage m = HttpMessage.parse(response, response.length);
        if (tally != EXPECTED_TALLY || m.status() != 200 || !m.bodyText().equals("hello world")) {
            throw new AssertionError(
                    "GET " + LoopbackServer.PATH + " answered " + m.status() + " '" + m.bodyText() + "'");
        }
        URI uri = URI.create(target.url());
        try (HttpClient client =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            HttpResponse<String> r = client.send(
                    HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200 || !r.body().equals("hello world")) {
                throw new AssertionError(
                        "HttpClient GET " + uri + " answered " + r.statusCode() + " '" + r.body() + "'");
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
                reportCloses(p);
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
