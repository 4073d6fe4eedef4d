package dev.vbench.workload.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.vbench.testing.CliRun;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code https://} URLs: the same client over the JDK's TLS, with the host name checked against the
 * certificate; an untrusted certificate is exit 3 with one line that says how to trust it.
 */
class HttpsServerTest {

    @TempDir
    static Path dir;

    static HttpsServer server;
    static SSLContext trusting;

    @BeforeAll
    static void start() throws Exception {
        Path keystore = dir.resolve("server.p12");
        char[] password = "changeit".toCharArray();
        Process keytool = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "keytool")
                                .toString(),
                        "-genkeypair",
                        "-alias",
                        "server",
                        "-keyalg",
                        "EC",
                        "-groupname",
                        "secp256r1",
                        "-dname",
                        "CN=127.0.0.1",
                        "-ext",
                        "san=ip:127.0.0.1",
                        "-validity",
                        "2",
                        "-storetype",
                        "PKCS12",
                        "-keystore",
                        keystore.toString(),
                        "-storepass",
                        "changeit",
                        "-keypass",
                        "changeit")
                .redirectErrorStream(true)
                .start();
        String log = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(keytool.waitFor(60, TimeUnit.SECONDS) && keytool.exitValue() == 0, log);
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            ks.load(in, password);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, password);
        SSLContext serverContext = SSLContext.getInstance("TLS");
        serverContext.init(kmf.getKeyManagers(), null, null);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        trusting = SSLContext.getInstance("TLS");
        trusting.init(null, tmf.getTrustManagers(), null);

        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.setHttpsConfigurator(new HttpsConfigurator(serverContext));
        server.createContext("/secure", ex -> {
            try (ex) {
                ex.getRequestBody().readAllBytes();
                byte[] body = "tls ok".getBytes(StandardCharsets.US_ASCII);
                ex.sendResponseHeaders(200, body.length);
                ex.getResponseBody().write(body);
            }
        });
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    static String url() {
        return "https://127.0.0.1:" + server.getAddress().getPort() + "/secure";
    }

    @Test
    void httpsRequestsGoOverJdkTlsOnKeptAliveConnections() throws Exception {
        try (HttpWorkloadInstance w = ExternalServerTest.instance(Map.of("url", url(), "connections", "2"))) {
            w.useTls(trusting.getSocketFactory());
            w.prepare(ExternalServerTest.CONTEXT);
            for (int i = 0; i < 10; i++) {
                assertEquals(
                        ExternalServerTest.tally("tls ok".getBytes(StandardCharsets.US_ASCII), 200),
                        w.task().run(i));
            }
            assertTrue(w.verify().startsWith("GET " + url() + ": 200"), w::toString);
            assertTrue(w.notes().isEmpty(), w.notes()::toString);
        }
    }

    @Test
    void anUntrustedCertificateExits3SayingHowToTrustIt() {
        CliRun r =
                CliRun.of("run", "-w", "http", "-p", "url=" + url(), "--tasks", "5", "--trials", "1", "--warmup", "0");
        assertEquals(3, r.code(), r::toString);
        String line = r.err().strip().lines().reduce((a, b) -> b).orElseThrow();
        assertTrue(
                line.startsWith("vbench: TLS handshake with 127.0.0.1:"
                        + server.getAddress().getPort() + " failed: "),
                line);
        assertTrue(line.contains("-Djavax.net.ssl.trustStore"), line);
    }
}
