package dev.vbench.workload.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The JDK's built-in HTTP/1.1 server ({@code com.sun.net.httpserver.HttpServer}) on 127.0.0.1 and
 * an ephemeral port, answering {@code GET /hello} with {@code 200 hello world} and keeping
 * connections alive. Its single dispatcher thread accepts connections and reads readiness; each
 * request's exchange (reading the request, running the handler, writing the response) runs on the
 * given {@link ServerKind}'s executor.
 *
 * <pre>{@code
 * try (LoopbackServer server = LoopbackServer.start(ServerKind.VIRTUAL, 4)) {
 *     InetSocketAddress address = server.address(); // 127.0.0.1:ephemeral
 * }
 * }</pre>
 */
final class LoopbackServer implements AutoCloseable {

    static final String PATH = "/hello";
    /** Pending connections the listen socket queues; the kernel caps it at net.core.somaxconn. */
    static final int BACKLOG = 1024;

    /**
     * The JDK server closes a finished connection instead of keeping it when this many are already
     * idle (default 200, read once when its ServerConfig class initialises). Raised to the most
     * client connections the workload opens, unless the user set it, so that no kept-alive
     * connection is dropped between requests.
     */
    static final String MAX_IDLE_PROPERTY = "sun.net.httpserver.maxIdleConnections";

    static {
        if (System.getProperty(MAX_IDLE_PROPERTY) == null) {
            System.setProperty(MAX_IDLE_PROPERTY, String.valueOf(HttpWorkload.MAX_CONNECTIONS));
        }
    }

    private final HttpServer server;
    private final ExecutorService executor;

    private LoopbackServer(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    static LoopbackServer start(ServerKind kind, int threads) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), BACKLOG);
        ExecutorService executor = kind.executor(threads);
        server.createContext(PATH, LoopbackServer::hello);
        server.setExecutor(executor);
        server.start();
        return new LoopbackServer(server, executor);
    }

    private static void hello(HttpExchange exchange) throws IOException {
        try (exchange;
                InputStream request = exchange.getRequestBody()) {
            request.transferTo(OutputStream.nullOutputStream());
            exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
            exchange.sendResponseHeaders(200, HelloResponse.BODY.length);
            exchange.getResponseBody().write(HelloResponse.BODY);
        }
    }

    InetSocketAddress address() {
        return server.getAddress();
    }

    /** Stops accepting, closes every connection and stops the executor's threads. */
    @Override
    public void close() throws InterruptedException {
        server.stop(0);
        executor.shutdownNow();
        executor.awaitTermination(5, TimeUnit.SECONDS);
    }
}
