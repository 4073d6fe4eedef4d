package dev.vbench.workload.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vbench.result.ResultCodec;
import dev.vbench.testing.CliRun;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Servers that close the connection after every response: the client reconnects, every request
 * succeeds, and the result's notes say that latency includes the connect.
 */
class ConnectionCloseServerTest {

    @TempDir
    Path tmp;

    /** Python 3's http.server: HTTP/1.0, one response per connection (skipped where python3 is missing). */
    @Test
    void pythonHttpServerWorksAndTheResultSaysLatencyIncludesTheConnect() throws Exception {
        Assumptions.assumeTrue(python3Exists(), "python3 is not on the PATH: Python's http.server cannot be started");
        Files.writeString(tmp.resolve("index.html"), "hello from python\n");
        Process python = new ProcessBuilder(
                        "python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", tmp.toString())
                .redirectErrorStream(true)
                .start();
        try {
            int port = announcedPort(python);
            Path out = tmp.resolve("r.json");
            CliRun r = CliRun.of(
                    "run",
                    "-w",
                    "http",
                    "-p",
                    "url=http://127.0.0.1:" + port + "/index.html",
                    "-p",
                    "connections=2",
                    "-e",
                    "virtual",
                    "--concurrency",
                    "2",
                    "--tasks",
                    "60",
                    "--trials",
                    "2",
                    "--warmup",
                    "1",
                    "-o",
                    out.toString());
            assertEquals(0, r.code(), r::toString);
            assertTrue(
                    r.err()
                            .contains("closed the connection after a response (HTTP/1.0 or Connection: close), so"
                                    + " requests reconnected: their latency includes the TCP connect"),
                    r::toString);
            JsonNode cell = ResultCodec.mapper().readTree(out.toFile()).at("/cells/0");
            assertEquals(0, cell.at("/trials/0/failures").asLong(), cell::toString);
            assertTrue(cell.at("/notes").toString().contains("their latency includes the TCP connect"), cell::toString);
        } finally {
            python.destroy();
            python.waitFor(5, TimeUnit.SECONDS);
        }
    }

    /** An HTTP/1.0 server without Content-Length: the body ends at close, and the next request reconnects. */
    @Test
    void closeDelimitedHttp10ResponsesAreReadToTheEnd() throws Exception {
        AtomicInteger accepted = new AtomicInteger();
        byte[] body = "close-delimited body".getBytes(StandardCharsets.US_ASCII);
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> {
                while (!listener.isClosed()) {
                    try (Socket s = listener.accept()) {
                        accepted.incrementAndGet();
                        readRequest(s.getInputStream());
                        OutputStream out = s.getOutputStream();
                        out.write("HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\n"
                                .getBytes(StandardCharsets.US_ASCII));
                        out.write(body);
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            try (HttpWorkloadInstance w = ExternalServerTest.instance(
                    Map.of("url", "http://127.0.0.1:" + listener.getLocalPort() + "/", "connections", "1"))) {
                w.prepare(ExternalServerTest.CONTEXT);
                for (int i = 0; i < 4; i++) {
                    assertEquals(ExternalServerTest.tally(body, 200), w.task().run(i));
                }
                assertTrue(w.notes().get(0).contains("latency includes the TCP connect"), w.notes()::toString);
            }
        }
        assertEquals(4, accepted.get(), "one connection per request");
    }

    private static void readRequest(InputStream in) throws IOException {
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                return;
            }
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
    }

    static boolean python3Exists() {
        try {
            Process p = new ProcessBuilder("python3", "--version")
                    .redirectErrorStream(true)
                    .start();
            p.getInputStream().readAllBytes();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** Reads "Serving HTTP on 127.0.0.1 port N" from the server's output. */
    private static int announcedPort(Process python) throws IOException {
        BufferedReader lines =
                new BufferedReader(new InputStreamReader(python.getInputStream(), StandardCharsets.UTF_8));
        Pattern port = Pattern.compile("port (\\d+)");
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            Matcher m = port.matcher(line);
            if (m.find()) {
                Thread.ofVirtual().start(() -> drain(lines));
                return Integer.parseInt(m.group(1));
            }
        }
        throw new IOException("python3 -m http.server exited without announcing its port");
    }

    private static void drain(BufferedReader lines) {
        try {
            while (lines.readLine() != null) {
                // the access log; read so the server never blocks on a full pipe
            }
        } catch (IOException ignored) {
            // the server stopped
        }
    }
}
