package dev.vbench.workload.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.spi.Params;
import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HttpWorkloadTest {

    static HttpWorkloadInstance instance(String server, int connections) {
        HttpWorkload provider = new HttpWorkload();
        Params p = Params.resolve(
                "http",
                provider.params(),
                Map.of("server", server, "connections", String.valueOf(connections), "server-threads", "2"));
        return (HttpWorkloadInstance) provider.create(p);
    }

    static final PrepareContext CONTEXT =
            new PrepareContext(Path.of("unused"), 42, m -> {}, PrepareContext.Progress.NONE);

    @ParameterizedTest(name = "server={0}")
    @ValueSource(strings = {"virtual", "fixed"})
    void concurrentGetsAllAnswerHelloWorld(String server) throws Exception {
        InetSocketAddress address;
        try (HttpWorkloadInstance w = instance(server, 8);
                ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            w.prepare(CONTEXT);
            assertTrue(w.verify().contains("200, Content-Length 11, body 'hello world'"));
            w.beforeTrial();
            Task task = w.task();
            List<Future<Long>> results = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                long index = i;
                results.add(clients.submit(() -> task.run(index)));
            }
            for (Future<Long> f : results) {
                assertEquals(HttpWorkloadInstance.EXPECTED_TALLY, f.get());
            }
            address = serverAddress(w);
        }
        // close() stopped the server: nothing listens on its port any more
        assertThrows(ConnectException.class, () -> new Socket(address.getAddress(), address.getPort()).close());
    }

    private static InetSocketAddress serverAddress(HttpWorkloadInstance w) throws Exception {
        // the verify text names the URI; parse host and port from it
        String text = w.verify();
        String hostPort = text.substring(text.indexOf("http://") + 7, text.indexOf(LoopbackServer.PATH));
        assertTrue(hostPort.startsWith("127.0.0.1:"), hostPort);
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(hostPort.substring(10)));
    }

    /** A server that answers one request per connection and then closes it: the client reconnects once. */
    @Test
    void reusedConnectionClosedByTheServerIsReopenedAndTheGetResent() throws Exception {
        AtomicInteger accepted = new AtomicInteger();
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> serveOnePerConnection(listener, accepted));
            InetSocketAddress address =
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), listener.getLocalPort());
            try (KeepAliveConnection c = new KeepAliveConnection(address, "/hello")) {
                assertEquals(HttpWorkloadInstance.EXPECTED_TALLY, c.get());
                Thread.sleep(50); // let the server's close arrive
                assertEquals(HttpWorkloadInstance.EXPECTED_TALLY, c.get());
                assertEquals(HttpWorkloadInstance.EXPECTED_TALLY, c.get());
            }
        }
        assertEquals(3, accepted.get());
    }

    private static void serveOnePerConnection(ServerSocket listener, AtomicInteger accepted) {
        byte[] response =
                ("HTTP/1.1 200 OK\r\ncontent-LENGTH: 11\r\n\r\nhello world").getBytes(StandardCharsets.US_ASCII);
        while (!listener.isClosed()) {
            try (Socket s = listener.accept()) {
                accepted.incrementAndGet();
                InputStream in = s.getInputStream();
                StringBuilder request = new StringBuilder();
                while (!request.toString().endsWith("\r\n\r\n")) {
                    int b = in.read();
                    if (b < 0) {
                        break;
                    }
                    request.append((char) b);
                }
                OutputStream out = s.getOutputStream();
                out.write(response);
                out.flush();
            } catch (IOException e) {
                return;
            }
        }
    }

    @Test
    void parsesTheStatusLine() throws Exception {
        byte[] r =
                "HTTP/1.1 404 Not Found\r\nX-A: 1\r\nContent-Length:  42\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        assertEquals(r.length - 4, HttpResponseParser.indexOfBlankLine(r, 0, r.length));
        assertEquals(404, HttpResponseParser.status(r, 0));
        byte[] bad = "SSH-2.0-OpenSSH_9.2p1 Debian\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        assertThrows(IOException.class, () -> HttpResponseParser.status(bad, 0));
    }
}
