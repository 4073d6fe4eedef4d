package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.vbench.history.HistoryStores;
import dev.vbench.jvm.ScratchDir;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.VbenchProcess;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command that takes a URL or a header, given credentials in every form vbench is told of, and
 * every output it makes — stdout and stderr in every format, every {@code -o} format, profiles, the
 * stored rows and documents, {@code history export}, the files left in the temporary directory —
 * holds none of them. Each secret is a token of its own ({@code Q…}), so that a part of one (the text
 * after a comma, one word of two) is found as well.
 */
class SecretsEverywhereTest {

    /** Every secret, and every part of one that could be shown alone. */
    static final List<String> SECRETS = List.of(
            "Qcomma1",
            "Qtail22",
            "Qfilepw3",
            "Quserpw4",
            "Qsslpw5",
            "Qtoken6",
            "Qapikey7",
            "Qxauth8",
            "Qbearer9",
            "Qempty10",
            "Qat11",
            "Qat12",
            "Qlabel13");

    /** A password with a comma, as -p takes it (escaped) and as --history takes it (as it is). */
    static final String COMMA_ESCAPED = "Qcomma1\\,Qtail22";

    static final String COMMA = "Qcomma1,Qtail22";

    @TempDir
    static Path tmp;

    @TempDir
    static Path inputs;

    static HttpServer server;
    static String base;
    static Instant started;
    static final Map<String, String> LEAKS = new TreeMap<>();

    @BeforeAll
    static void start() throws Exception {
        started = Instant.now();
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.createContext("/", ex -> {
            byte[] body = "ok".getBytes(StandardCharsets.US_ASCII);
            ex.getRequestBody().readAllBytes();
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    /** Records where any secret (or part of one) shows in {@code text}. */
    private static void check(String where, String text) {
        for (String secret : SECRETS) {
            int at = text.indexOf(secret);
            if (at >= 0) {
                LEAKS.merge(
                        where,
                        text.substring(Math.max(0, at - 60), Math.min(text.length(), at + 30))
                                .replace('\n', ' '),
                        (a, b) -> a + " | " + b);
            }
        }
    }

    private static CliRun cli(String... args) {
        CliRun r = CliRun.of(args);
        String name = String.join(" ", args);
        check("stdout of " + name, r.out());
        check("stderr of " + name, r.err());
        return r;
    }

    private static CliRun ok(String... args) {
        CliRun r = cli(args);
        assertEquals(0, r.code(), () -> String.join(" ", args) + ": " + r);
        return r;
    }

    /** A failure: its exit code, lines of vbench's own only (the run's header, then the error), no stack trace. */
    private static CliRun fails(int code, String... args) {
        CliRun r = cli(args);
        assertEquals(code, r.code(), () -> String.join(" ", args) + ": " + r);
        assertTrue(r.err().strip().lines().allMatch(line -> line.startsWith("vbench: ")), r::toString);
        assertTrue(!r.err().contains("Exception") && !r.err().contains("\tat "), r::toString);
        return r;
    }

    private static List<String> outputs(Path dir, String name) {
        List<String> args = new ArrayList<>();
        for (String ext : List.of("json", "txt", "md", "csv", "html", "hgrm", "bench")) {
            args.add("-o");
            args.add(dir.resolve(name + "." + ext).toString());
        }
        return args;
    }

    private static String[] args(List<String> first, List<String> more) {
        List<String> all = new ArrayList<>(first);
        all.addAll(more);
        return all.toArray(String[]::new);
    }

    @Test
    void noSecretInAnyOutputOfAnyCommand() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("out"));
        Path data = Files.createDirectories(tmp.resolve("data"));
        Path in = Files.createDirectories(inputs.resolve("in")); // what the user wrote, secrets in clear: not scanned
        String h2Store = "jdbc:h2:file:" + tmp.resolve("store/h") + ";CIPHER=AES;PASSWORD=Qfilepw3 Quserpw4";
        String pgDown = "jdbc:postgresql://127.0.0.1:1/db?user=u&password=" + COMMA + "&sslpassword=Qsslpw5";
        List<String> quick = List.of(
                "--tasks",
                "20",
                "--trials",
                "2",
                "--warmup",
                "0",
                "--pinning",
                "off",
                "--no-progress",
                "--data-dir",
                data.toString());

        // http: a token and a key in the query, credential headers; profiled, stored, every -o format
        String url = base + "/x?access_token=Qtoken6&api_key=Qapikey7";
        String header = "header=X-Auth-Token: Qxauth8|Authorization: Bearer Qbearer9";
        List<String> http = new ArrayList<>(List.of(
                "run",
                "-w",
                "http",
                "-p",
                "url=" + url,
                "-p",
                header,
                "-e",
                "virtual",
                "--profile",
                "tasks",
                "--history",
                h2Store,
                "--label",
                "api_token=Qlabel13"));
        http.addAll(quick);
        http.addAll(outputs(out, "http"));
        ok(args(http, List.of()));
        ok(args(
                List.of(
                        "run",
                        "-w",
                        "http",
                        "-p",
                        "url=" + url,
                        "-p",
                        header,
                        "-e",
                        "virtual",
                        "--format",
                        "json",
                        "-o",
                        "-"),
                quick));
        // http userinfo: an empty user, an @ in the password (refused: credentials go in a header)
        fails(2, args(List.of("run", "-w", "http", "-p", "url=http://:Qempty10@127.0.0.1:9/"), quick));
        fails(2, args(List.of("run", "-w", "http", "-p", "url=http://u:Qat11@Qat12@127.0.0.1:9/"), quick));

        // sql: an embedded database with a password holding a comma (escaped), in this JVM and in a fork
        String sqlUrl = "url=jdbc:h2:mem:secrets;USER=sa;PASSWORD=" + COMMA_ESCAPED;
        List<String> sql = new ArrayList<>(List.of(
                "run", "-w", "sql", "-p", sqlUrl, "-p", "connections=1", "-e", "virtual", "--history", h2Store));
        sql.addAll(quick);
        sql.addAll(outputs(out, "sql"));
        ok(args(sql, List.of()));
        ok(args(
                List.of(
                        "run",
                        "-w",
                        "sql",
                        "-p",
                        "url=jdbc:h2:mem:forked;USER=sa;PASSWORD=" + COMMA_ESCAPED,
                        "-p",
                        "connections=1",
                        "-e",
                        "virtual",
                        "--forks",
                        "1",
                        "-o",
                        out.resolve("forked.json").toString()),
                quick));
        // the comma written bare: refused without showing what follows it
        fails(2, args(List.of("run", "-w", "sql", "-p", "url=jdbc:h2:mem:x;USER=sa;PASSWORD=" + COMMA), quick));
        // a server that is down: sslpassword and a password with a comma, in the URL and in a file
        fails(3, args(List.of("run", "-w", "sql", "-p", "url=" + pgDown.replace(",", "\\,")), quick));
        Path urlFile = Files.writeString(in.resolve("url.txt"), pgDown + "\n");
        fails(3, args(List.of("run", "-w", "sql", "-p", "url=@" + urlFile), quick));
        cli("list", "-w", "sql", "-p", "url=" + pgDown.replace(",", "\\,"));
        cli("calibrate", "-w", "sql", "-p", "url=" + pgDown.replace(",", "\\,"), "--rounds", "1", "--warmup", "0");

        // the history store: every verb, on the encrypted H2 store and on one that is down
        for (String verb : List.of("runs", "series", "check", "analyze", "compact")) {
            cli("history", verb, "--history", h2Store);
            fails(3, "history", verb, "--history", pgDown);
        }
        cli("history", "exclude", "--history", h2Store, "1", "--reason", "a noisy night");
        cli("history", "ack", "--history", h2Store, "1", "1", "--reason", "expected");
        fails(3, "history", "exclude", "--history", pgDown, "1", "--reason", "x");
        fails(3, "history", "ack", "--history", pgDown, "1", "1", "--reason", "x");
        cli("history", "show", "--history", h2Store, "1");
        cli(
                "history",
                "show",
                "--history",
                h2Store,
                "1",
                "--format",
                "html",
                "-o",
                out.resolve("show.html").toString());
        ok("history", "export", "--history", h2Store, "--run", "1");
        ok(
                "history",
                "export",
                "--history",
                h2Store,
                "--run",
                "2",
                "-o",
                out.resolve("export.json").toString());
        cli(
                "history",
                "export",
                "--history",
                h2Store,
                "1",
                "-o",
                out.resolve("export.csv").toString());

        // a result file that holds secrets in clear (written by hand, or by another tool): stored, reported, compared
        String clear = Files.readString(out.resolve("http.json"))
                .replace("access_token=***", "access_token=Qtoken6")
                .replace(
                        "\"commandLine\" : \"vbench",
                        "\"commandLine\" : \"vbench --history " + pgDown.replace("&", "\\u0026")
                                + " -p 'header=X-Auth-Token: Qxauth8'");
        assertTrue(clear.contains("Qtoken6") && clear.contains("Qsslpw5"), "the hand-made file holds the secrets");
        Path clearFile = Files.writeString(in.resolve("clear.json"), clear);
        ok("history", "add", "--history", h2Store, "--label", "token=Qlabel13", clearFile.toString());
        ok("history", "runs", "--history", h2Store);
        ok("history", "export", "--history", h2Store, "--run", "3");
        for (String format : List.of("console", "markdown", "json", "csv", "html", "hgrm", "gobench")) {
            ok("report", clearFile.toString(), "--format", format);
        }
        for (String ext : List.of("json", "txt", "md", "csv", "html", "hgrm", "bench")) {
            ok(
                    "report",
                    clearFile.toString(),
                    "-o",
                    out.resolve("report." + ext).toString());
        }
        for (String format : List.of("text", "markdown", "csv", "json", "html")) {
            cli("compare", clearFile.toString(), out.resolve("http.json").toString(), "--format", format);
        }

        // noise: the sql workload's URL with a comma in its password, the measurement stored; a band read from a store
        // that is down
        ok(args(
                List.of(
                        "noise",
                        "-w",
                        "sql",
                        "-p",
                        "url=jdbc:h2:mem:noise;USER=sa;PASSWORD=" + COMMA_ESCAPED,
                        "-p",
                        "connections=1",
                        "-e",
                        "virtual",
                        "--repeat",
                        "2",
                        "--history",
                        h2Store),
                quick));
        fails(
                3,
                "compare",
                clearFile.toString(),
                out.resolve("http.json").toString(),
                "--noise",
                "auto",
                "--history",
                pgDown);
        fails(3, args(List.of("run", "-w", "noop", "--noise-band", "auto", "--history", pgDown), quick));

        // picocli's own errors quote what was typed
        fails(2, "history", "runs", "--histroy=" + pgDown);
        fails(2, "history", "runs", "--history", h2Store, "jdbc:postgresql://h/db?password=" + COMMA);
        fails(2, "history", "runs", "--history", h2Store, "--last", "x?password=" + COMMA);
        fails(2, "run", "-w", "noop", "--tasks", "http://:Qempty10@h/?api_key=Qapikey7");

        // the stored rows, every text column of every table, and the stored documents
        storedRows(h2Store);
        // every file written: outputs, profiles, the input cache, the temporary files of this JVM and of its forks
        files(tmp);
        files(ScratchDir.get());
        try (Stream<Path> entries = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            for (Path entry : entries.filter(p -> p.getFileName().toString().startsWith("vbench"))
                    .toList()) {
                files(entry, started);
            }
        }

        assertTrue(Files.isDirectory(out.resolve("http.profiles")), "the profiles were written");
        assertEquals(Map.of(), LEAKS, "secrets shown or stored");
    }

    /** Every text column and every stored document of the store at {@code url}. */
    private static void storedRows(String url) throws Exception {
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = c.getMetaData().getTables(null, c.getSchema(), "%", new String[] {"TABLE"})) {
                while (rs.next()) {
                    tables.add(rs.getString("TABLE_NAME"));
                }
            }
            assertTrue(tables.size() > 5, tables::toString);
            for (String table : tables) {
                try (ResultSet rs = s.executeQuery("SELECT * FROM " + table)) {
                    ResultSetMetaData md = rs.getMetaData();
                    while (rs.next()) {
                        for (int i = 1; i <= md.getColumnCount(); i++) {
                            Object v = rs.getObject(i);
                            if (v instanceof byte[] bytes) {
                                check("stored " + table + "." + md.getColumnName(i), gunzip(bytes));
                            } else if (v != null) {
                                check("stored " + table + "." + md.getColumnName(i), v.toString());
                            }
                        }
                    }
                }
            }
        }
    }

    private static String gunzip(byte[] bytes) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
    }

    private static void files(Path dir) throws Exception {
        files(dir, null);
    }

    /** Every regular file under {@code dir} (of vbench's, modified since {@code since}, when given) is read. */
    private static void files(Path dir, Instant since) throws Exception {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path f : walk.filter(Files::isRegularFile).toList()) {
                if (since != null && !modifiedSince(f, since)) {
                    continue;
                }
                if (f.getFileName().toString().endsWith(".mv.db")) {
                    continue; // the store itself, encrypted: read through SQL above
                }
                try {
                    check("file " + f, new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
                } catch (IOException gone) {
                    // removed meanwhile by another process
                }
            }
        } catch (UncheckedIOException e) {
            // an entry of another process's went away while walking
        }
    }

    private static boolean modifiedSince(Path f, Instant since) {
        try {
            return !Files.getLastModifiedTime(f).toInstant().isBefore(since);
        } catch (IOException e) {
            return false;
        }
    }

    /** The store named by {@code VBENCH_HISTORY} (an environment variable: a process of its own) is masked too. */
    @Test
    void theStoreNamedByTheEnvironmentIsMaskedToo() throws Exception {
        String javaExe = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(javaExe));
        command.addAll(VbenchProcess.QUICK_START); // its output is checked, not its speed
        command.addAll(List.of("-cp", classpath, "dev.vbench.Main", "history", "runs"));
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment()
                .put(
                        "VBENCH_HISTORY",
                        "jdbc:postgresql://u:Qat11@Qat12@127.0.0.1:1/db?password=" + COMMA + "&sslpassword=Qsslpw5");
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(3, p.exitValue(), output);
        assertTrue(output.startsWith("vbench: ") && output.strip().lines().count() == 1, output);
        check("output of history runs with VBENCH_HISTORY", output);
        assertEquals(
                Map.of(),
                LEAKS.entrySet().stream()
                        .filter(e -> e.getKey().contains("VBENCH_HISTORY"))
                        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
    }

    /** When a PostgreSQL server is given, a store on it with a password holding a comma works and keeps no secret. */
    @Test
    void aPostgresqlStoreWithACommaInItsPasswordKeepsNoSecret() throws Exception {
        String base = HistoryStores.postgresUrl();
        org.junit.jupiter.api.Assumptions.assumeTrue(base != null, "needs VBENCH_TEST_PG_URL");
        String url = HistoryStores.url(HistoryStores.POSTGRESQL, tmp) + "&sslpassword=Qsslpw5";
        ok("run", "-w", "noop", "--tasks", "10", "--trials", "1", "--warmup", "0", "--history", url, "-q");
        ok("history", "runs", "--history", url);
        ok("history", "export", "--history", url, "--run", "1");
        assertEquals(
                Map.of(),
                LEAKS.entrySet().stream()
                        .filter(e -> e.getKey().contains("postgresql"))
                        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
    }
}
