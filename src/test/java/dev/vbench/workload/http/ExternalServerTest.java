package dev.vbench.workload.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.vbench.result.ResultCodec;
import dev.vbench.spi.Params;
import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import dev.vbench.testing.CliRun;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -p url=}: the http workload against servers vbench did not start — the JDK's
 * {@code com.sun.net.httpserver} started here (keep-alive, chunked, non-2xx, redirects) — and every
 * bad input. Python's {@code http.server} (closes each connection) is in {@link ConnectionCloseServerTest}.
 */
class ExternalServerTest {

    static HttpServer server;
    static String base;
    static final List<String> seen = new CopyOnWriteArrayList<>();
    static final AtomicInteger okHits = new AtomicInteger();
    /** The chunked answer: 100,000 bytes written in uneven pieces. */
    static final byte[] CHUNKED_BODY = new byte[100_000];

    @TempDir
    Path tmp;

    @BeforeAll
    static void start() throws IOException {
        for (int i = 0; i < CHUNKED_BODY.length; i++) {
            CHUNKED_BODY[i] = (byte) ('a' + i % 26);
        }
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
        server.createContext("/ok", ex -> {
            byte[] body = ex.getRequestBody().readAllBytes();
            okHits.incrementAndGet();
            seen.add(ex.getRequestMethod() + " " + ex.getRequestURI() + " x-test="
                    + ex.getRequestHeaders().getFirst("X-Test") + " type="
                    + ex.getRequestHeaders().getFirst("Content-Type") + " body="
                    + new String(body, StandardCharsets.UTF_8));
            respond(ex, 200, "ok".getBytes(StandardCharsets.US_ASCII));
        });
        server.createContext("/chunked", ex -> {
            ex.getRequestBody().readAllBytes();
            ex.sendResponseHeaders(200, 0); // length 0: the JDK server sends Transfer-Encoding: chunked
            try (OutputStream out = ex.getResponseBody()) {
                for (int at = 0, piece = 1; at < CHUNKED_BODY.length; at += piece, piece = piece * 3 + 7) {
                    out.write(CHUNKED_BODY, at, Math.min(piece, CHUNKED_BODY.length - at));
                    out.flush();
                }
            }
        });
        server.createContext("/missing", ex -> respond(ex, 404, "no such thing".getBytes(StandardCharsets.US_ASCII)));
        server.createContext("/moved", ex -> {
            ex.getResponseHeaders().set("Location", "/ok");
            respond(ex, 302, new byte[0]);
        });
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private static void respond(HttpExchange ex, int status, byte[] body) throws IOException {
        try (ex) {
            ex.getRequestBody().readAllBytes();
            ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
            if (body.length > 0) {
                ex.getResponseBody().write(body);
            }
        }
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    static HttpWorkloadInstance instance(Map<String, String> params) {
        HttpWorkload provider = new HttpWorkload();
        return (HttpWorkloadInstance) provider.create(Params.resolve("http", provider.params(), params));
    }

    static final List<String> warnings = new CopyOnWriteArrayList<>();
    static final PrepareContext CONTEXT =
            new PrepareContext(Path.of("unused"), 42, warnings::add, PrepareContext.Progress.NONE);

    static long tally(byte[] body, int status) {
        long sum = 0;
        for (byte b : body) {
            sum += b;
        }
        return ((long) status << 32) | (sum & 0xFFFF_FFFFL);
    }

    @Test
    void methodHeadersAndBodyReachTheServerOnKeptAliveConnections() throws Exception {
        Path body = Files.writeString(tmp.resolve("order.json"), "{\"id\":7}");
        seen.clear();
        try (HttpWorkloadInstance w = instance(Map.of(
                "url",
                base + "/ok?q=1",
                "method",
                "POST",
                "connections",
                "2",
                "header",
                "X-Test: a b|Content-Type: application/json",
                "body",
                body.toString()))) {
            w.prepare(CONTEXT);
            Task task = w.task();
            for (int i = 0; i < 20; i++) {
                assertEquals(tally("ok".getBytes(StandardCharsets.US_ASCII), 200), task.run(i));
            }
            assertTrue(w.notes().isEmpty(), "a keep-alive server needs no note: " + w.notes());
        }
        assertEquals(20, seen.size());
        assertEquals("POST /ok?q=1 x-test=a b type=application/json body={\"id\":7}", seen.get(0));
    }

    @Test
    void chunkedResponsesAreReadWholeAndTheConnectionKept() throws Exception {
        try (HttpWorkloadInstance w = instance(Map.of("url", base + "/chunked", "connections", "1"))) {
            w.prepare(CONTEXT);
            Task task = w.task();
            for (int i = 0; i < 5; i++) {
                assertEquals(tally(CHUNKED_BODY, 200), task.run(i), "the whole de-chunked body, request " + i);
            }
            assertTrue(w.notes().isEmpty(), w.notes()::toString);
        }
    }

    @Test
    void non2xxIsAFailureNamingTheStatusAndTheConnectionStaysUsable() throws Exception {
        try (HttpWorkloadInstance w = instance(Map.of("url", base + "/missing", "connections", "1"))) {
            w.prepare(CONTEXT);
            HttpStatusException e =
                    assertThrows(HttpStatusException.class, () -> w.task().run(0));
            assertEquals("HTTP 404 Not Found at " + base + "/missing", e.getMessage());
            assertEquals(
                    404,
                    assertThrows(HttpStatusException.class, () -> w.task().run(1))
                            .status());
            assertThrows(AssertionError.class, w::verify);
        }
    }

    @Test
    void redirectsAreNotFollowed() throws Exception {
        int before = okHits.get();
        try (HttpWorkloadInstance w = instance(Map.of("url", base + "/moved", "connections", "1"))) {
            w.prepare(CONTEXT);
            HttpStatusException e =
                    assertThrows(HttpStatusException.class, () -> w.task().run(0));
            assertEquals(
                    "HTTP 302 Temporary Redirect at " + base + "/moved, Location: /ok (redirects are not followed)",
                    e.getMessage());
        }
        assertEquals(before, okHits.get(), "the Location was not requested");
    }

    @Test
    void aRunAgainstTheServerRecordsStatusesInTheFailureSamples() throws Exception {
        Path out = tmp.resolve("r.json");
        CliRun ok = CliRun.of(
                "run",
                "-w",
                "http",
                "-p",
                "url=" + base + "/ok",
                "-p",
                "connections=4",
                "-e",
                "virtual",
                "-e",
                "fixed:threads=4",
                "--concurrency",
                "4",
                "--tasks",
                "200",
                "--trials",
                "2",
                "--warmup",
                "0",
                "-o",
                out.toString());
        assertEquals(0, ok.code(), ok::toString);
        assertTrue(ok.out().contains("url=" + base + "/ok"), ok::toString);
        CliRun open = CliRun.of(
                "run",
                "-w",
                "http",
                "-p",
                "url=" + base + "/ok",
                "-e",
                "virtual",
                "--rate",
                "400/s",
                "--tasks",
                "100",
                "--trials",
                "1",
                "--warmup",
                "0");
        assertEquals(0, open.code(), open::toString);
        CliRun missing = CliRun.of(
                "run",
                "-w",
                "http",
                "-p",
                "url=" + base + "/missing",
                "-p",
                "connections=2",
                "-e",
                "virtual",
                "--tasks",
                "10",
                "--trials",
                "1",
                "--warmup",
                "0",
                "-o",
                out.toString());
        assertEquals(1, missing.code(), missing::toString);
        JsonNode trial = ResultCodec.mapper().readTree(out.toFile()).at("/cells/0/trials/0");
        String cause = "dev.vbench.workload.http.HttpStatusException: HTTP 404 Not Found at " + base + "/missing";
        assertEquals(cause, trial.at("/failureSamples/0").asText());
        assertEquals(1, trial.at("/failureSamples").size(), "one distinct cause");
        assertEquals(10, trial.at("/failureCounts/0").asLong());
        // the cause, counted, on stderr: with no -o at all, and the URL's secrets redacted
        CliRun bare = CliRun.of(
                "run",
                "-w",
                "http",
                "-p",
                "url=" + base + "/missing?token=s3cret",
                "-p",
                "connections=2",
                "-e",
                "virtual",
                "--tasks",
                "10",
                "--trials",
                "2",
                "--warmup",
                "0");
        assertEquals(1, bare.code(), bare::toString);
        assertTrue(
                bare.err()
                        .contains("vbench: 20 task(s) failed (more than --max-failures 0):\n"
                                + "vbench:   20× dev.vbench.workload.http.HttpStatusException: HTTP 404 Not Found at "
                                + base
                                + "/missing?token=***\n"),
                bare::toString);
        assertFalse(bare.err().contains("s3cret") || bare.out().contains("s3cret"), bare::toString);
        assertTrue(
                bare.out()
                        .contains(
                                "virtual: 20 task(s) failed: 20× dev.vbench.workload.http.HttpStatusException: HTTP 404"),
                bare::toString);
    }

    @Test
    void aUrlThatDoesNotAnswerExits3NamingHostAndPort() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        CliRun r = CliRun.of(
                "run",
                "-w",
                "http",
                "-p",
                "url=http://127.0.0.1:" + port + "/",
                "--tasks",
                "5",
                "--trials",
                "1",
                "--warmup",
                "0");
        assertEquals(3, r.code(), r::toString);
        String line = r.err().strip().lines().reduce((a, b) -> b).orElseThrow();
        assertTrue(line.startsWith("vbench: no HTTP server answers at 127.0.0.1:" + port + " ("), line);
        assertTrue(line.endsWith("; start the server or fix -p url=http://127.0.0.1:" + port + "/"), line);
        assertFalse(r.err().contains("\tat "), r::toString);
    }

    @Test
    void badInputsExit2WithTheFix() {
        CliRun.of("run", "-w", "http", "-p", "url=ftp://127.0.0.1/x")
                .assertUsageError(
                        "parameter 'url' of workload 'http': 'ftp://127.0.0.1/x' has scheme 'ftp'; the http workload speaks"
                                + " HTTP/1.1: use an http:// or https:// URL");
        CliRun.of("run", "-w", "http", "-p", "url=127.0.0.1:8080")
                .assertUsageError("'127.0.0.1:8080' has no scheme; write an http:// or https:// URL");
        CliRun.of("run", "-w", "http", "-p", "url=http:///nohost").assertUsageError("names no host");
        CliRun.of("run", "-w", "http", "-p", "url=http://u:pw@127.0.0.1/")
                .assertUsageError("send credentials as a header");
        CliRun.of("run", "-w", "http", "-p", "url=" + base + "/ok", "-p", "method=get")
                .assertUsageError("'get' is not an HTTP method; write it in upper case");
        CliRun.of("run", "-w", "http", "-p", "url=" + base + "/ok", "-p", "header=NoColon")
                .assertUsageError(
                        "has an entry 'NoColon' that is not 'Name: value'; write e.g. -p 'header=Accept: text/plain|X-Trace: 1'");
        CliRun.of("run", "-w", "http", "-p", "url=" + base + "/ok", "-p", "header=Content-Length: 5")
                .assertUsageError("sets Content-Length, which vbench writes itself from -p body");
        CliRun.of("run", "-w", "http", "-p", "url=" + base + "/ok", "-p", "header=@" + tmp.resolve("none.txt"))
                .assertUsageError("names no readable file (no such file); write -p header=@FILE");
        CliRun.of("run", "-w", "http", "-p", "url=" + base + "/ok", "-p", "body=" + tmp.resolve("none.json"))
                .assertUsageError("is not a readable file (no such file); give the path of the request body");
    }

    @Test
    void headersFromAFileMayHoldCommas() throws Exception {
        Path headers = Files.writeString(tmp.resolve("h.txt"), "# comment\nX-Test: a, b\n\nContent-Type: text/plain\n");
        seen.clear();
        try (HttpWorkloadInstance w =
                instance(Map.of("url", base + "/ok", "header", "@" + headers, "connections", "1"))) {
            w.prepare(CONTEXT);
            w.task().run(0);
        }
        assertEquals("GET /ok x-test=a, b type=text/plain body=", seen.get(0));
    }

    @Test
    void secretHeadersAreRedactedInWhatIsShown() {
        HttpWorkload provider = new HttpWorkload();
        Params p = Params.resolve(
                "http",
                provider.params(),
                Map.of("url", base + "/ok", "header", "Authorization: Bearer s3cr3t-t0ken|X-Test: 1"));
        assertEquals("Authorization: ***|X-Test: 1", p.asText().get("header"));
        assertEquals(List.of("Authorization: Bearer s3cr3t-t0ken", "X-Test: 1"), p.get(HttpWorkload.HEADER));
    }
}
