package dev.vbench.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vbench.app.DashboardUseCase;
import dev.vbench.app.HistoryQueryUseCase;
import dev.vbench.history.Analysis;
import dev.vbench.history.HistoryReports;
import dev.vbench.history.HistoryStore;
import dev.vbench.history.HistoryUrl;
import dev.vbench.report.FlameGraphs;
import dev.vbench.testing.CliRun;
import dev.vbench.text.Numbers;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/**
 * {@code vbench history serve} over HTTP without a browser: every route answers, what it shows agrees with
 * {@code history series}, {@code analyze} and {@code show}, stored strings are text (escaped, secrets
 * redacted), only GET and HEAD on the routes are answered, the store is let go when idle, and the option
 * errors are one line.
 */
class DashboardServerTest {

    @TempDir
    static Path tmp;

    static String url;
    static DashboardUseCase.Serving serving;
    static HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void serve() {
        url = DashboardFixture.build(tmp);
        serving = DashboardUseCase.serve(
                new DashboardUseCase.ServeRequest(url, 0, "127.0.0.1", HistoryQueryUseCase.Settings.DEFAULTS),
                new PrintWriter(new StringWriter(), true));
    }

    @AfterAll
    static void stop() {
        serving.close();
    }

    static HttpResponse<String> get(String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(serving.url() + path.substring(1)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static Document xml(String page) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(page.getBytes(StandardCharsets.UTF_8)));
    }

    static List<String> texts(Document d, String xpath) throws Exception {
        NodeList nodes = (NodeList) XPathFactory.newInstance().newXPath().evaluate(xpath, d, XPathConstants.NODESET);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            out.add(nodes.item(i).getTextContent().strip());
        }
        return out;
    }

    @Test
    void theOverviewListsEverySeriesThatHistorySeriesLists() throws Exception {
        HttpResponse<String> r = get("/");
        assertEquals(200, r.statusCode(), r::body);
        assertTrue(r.headers().firstValue("Server-Timing").orElse("").startsWith("app;dur="), r.headers()::toString);
        Document page = xml(r.body());
        CliRun series = CliRun.of("history", "series", "--history", url);
        List<String> ids = series.out()
                .lines()
                .skip(2)
                .map(l -> l.strip().split("\\s+")[0])
                .toList();
        assertEquals(List.of("1", "2", "3"), ids, series::toString);
        assertEquals(ids, texts(page, "//table[@id='series']/tbody/tr/@data-series"));
        // series 1's step is an unacknowledged regression; series 2 has none
        assertEquals(List.of("▲ 1"), texts(page, "//tr[@data-series='1']//a[@class='alert']"));
        assertEquals(List.of(), texts(page, "//tr[@data-series='2']//a[@class='alert']"));
        assertEquals(List.of("[\"main\",\"feature\"]"), texts(page, "//tr[@data-series='1']/@data-branch"));
    }

    @Test
    void aSeriesChangePointsAreThoseHistoryAnalyzeFinds() throws Exception {
        CliRun analyze = CliRun.of("history", "analyze", "--history", url, "--metric", "makespan");
        assertEquals(0, analyze.code(), analyze::toString);
        Map<String, List<Long>> expected = new LinkedHashMap<>();
        Matcher m =
                Pattern.compile("(?m)^series (\\d+) makespan \\S+ run (\\d+) ").matcher(analyze.out());
        while (m.find()) {
            expected.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(Long.parseLong(m.group(2)));
        }
        assertEquals(Map.of("1", List.of(DashboardFixture.STEP_RUN)), expected, analyze::toString);
        for (String id : List.of("1", "2", "3")) {
            HttpResponse<String> r = get("/api/series/" + id + ".json?metric=makespan");
            assertEquals(200, r.statusCode(), r::body);
            assertEquals(
                    "application/json; charset=utf-8",
                    r.headers().firstValue("Content-Type").orElse(""));
            JsonNode data = new ObjectMapper().readTree(r.body());
            List<Long> runs = new ArrayList<>();
            data.get("changePoints").forEach(c -> runs.add(c.get("run").asLong()));
            assertEquals(expected.getOrDefault(id, List.of()), runs, id);
            assertEquals(DashboardFixture.RUNS, data.get("points").get("run").size());
            List<Long> tabled = texts(
                            xml(get("/series/" + id + "?metric=makespan").body()),
                            "//table[@id='changes']/tbody/tr/@data-run")
                    .stream()
                    .map(Long::parseLong)
                    .toList();
            assertEquals(runs, tabled, id);
        }
    }

    @Test
    void aRunPageShowsTheMediansOfHistoryShowAndDeltasFromThem() throws Exception {
        long run = 25;
        Document page = xml(get("/run/" + run).body());
        CliRun show = CliRun.of("history", "show", "1", "--history", url);
        Map<Long, String> shown = new LinkedHashMap<>();
        Matcher m = Pattern.compile("(?m)^\\s*(\\d+)\\s+\\S+Z\\s+\\S+\\s+([0-9.]+)\\s")
                .matcher(show.out());
        while (m.find()) {
            shown.put(Long.parseLong(m.group(1)), m.group(2));
        }
        assertEquals(DashboardFixture.RUNS, shown.size(), show::toString);
        assertEquals(
                List.of(shown.get(run) + " ms"),
                texts(page, "//tr[@data-series='1']/td[contains(concat(' ', @class, ' '), ' median ')]"));
        assertEquals(
                List.of(shown.get(run - 1)), texts(page, "//tr[@data-series='1']/td[contains(@class,'prev-median')]"));
        try (HistoryStore store = HistoryStore.open(HistoryUrl.resolve(url, Map.of(), tmp), false)) {
            List<HistoryStore.Point> points = store.points(1, "makespan");
            HistoryStore.Point now = points.get((int) run - 1);
            HistoryStore.Point before = points.get((int) run - 2);
            assertEquals(shown.get(run), HistoryReports.value(now.median()));
            String delta = texts(page, "//tr[@data-series='1']/td[contains(@class,'vs-previous')]")
                    .get(0);
            assertTrue(delta.startsWith(Numbers.deltaPercent(now.median() / before.median() - 1) + " "), delta);
        }
        // run 13 follows the excluded run 12: its previous run is 11
        assertEquals(List.of("11"), texts(xml(get("/run/13").body()), "//tr[@data-series='2']/td[7]"));
        // the step run against the 10 before it: slower, beyond the noise band, significant after Holm
        String step = texts(
                        xml(get("/run/" + DashboardFixture.STEP_RUN).body()),
                        "//tr[@data-series='1']/td[contains(@class,'vs-recent')]")
                .get(0);
        assertTrue(step.matches("\\+(9|10|11)\\.\\d% slower"), step);
    }

    @Test
    void storedStringsAreShownAsTextWithSecretsRedacted() throws Exception {
        for (String path : List.of(
                "/",
                "/series/3?metric=makespan",
                "/run/" + DashboardFixture.LABELLED_RUN,
                "/change/1/" + DashboardFixture.STEP_RUN + "?metric=makespan")) {
            String body = get(path).body();
            assertFalse(body.contains(DashboardFixture.SCRIPT), path);
            assertFalse(body.contains("alert(1)</script>"), path);
            assertFalse(body.contains(DashboardFixture.SECRET), path);
            assertFalse(body.contains("\u0007"), path);
            xml(body);
        }
        String run = get("/run/" + DashboardFixture.LABELLED_RUN).body();
        assertTrue(run.contains("note=&lt;script&gt;alert(1)&lt;/script&gt;"), run);
        assertTrue(run.contains("api=token=***"), run);
        assertTrue(get("/").body().contains("note=&lt;script&gt;alert(1)&lt;/script&gt;"));
        String data = get("/api/series/3.json").body();
        assertTrue(data.contains("note=<script>alert(1)</script>"), data); // JSON for the script, shown as text
    }

    @Test
    void onlyGetAndHeadOnTheRoutesAreAnswered() throws Exception {
        for (String method : List.of("POST", "PUT", "DELETE", "PATCH", "OPTIONS")) {
            HttpResponse<String> r = http.send(
                    HttpRequest.newBuilder(URI.create(serving.url()))
                            .method(method, HttpRequest.BodyPublishers.ofString("x"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(405, r.statusCode(), method);
            assertEquals("GET, HEAD", r.headers().firstValue("Allow").orElse(""), method);
        }
        HttpResponse<String> head = http.send(
                HttpRequest.newBuilder(URI.create(serving.url() + "run/1"))
                        .method("HEAD", HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, head.statusCode());
        assertEquals("", head.body());
        for (String path : List.of(
                "/../../../etc/passwd",
                "/assets/",
                "/assets/../../pom.xml",
                "/assets/dashboard.js/..",
                "/%2e%2e/pom.xml",
                "/series/1/../../pom.xml",
                "/api/",
                "/run/",
                "/src/main/java",
                "/index.html",
                "/assets/Dashboard.java",
                "/run/1/../../etc/passwd",
                "//etc/passwd",
                "/series/1%2f..%2f..%2fpom.xml")) {
            String[] response = raw(path);
            assertTrue(response[0].startsWith("HTTP/1.1 404"), path + ": " + response[0]);
            assertFalse(
                    response[1].contains("<project")
                            || response[1].contains("root:")
                            || response[1].contains("dashboard.js\n"),
                    path);
        }
        assertEquals(200, get("/assets/dashboard.js").statusCode());
        assertEquals(
                "text/javascript; charset=utf-8",
                get("/assets/dashboard.js").headers().firstValue("Content-Type").orElse(""));
        assertEquals(404, get("/run/999").statusCode());
        assertTrue(get("/run/999").body().contains("no run 999 in the history store"));
        HttpResponse<String> missing = get("/api/series/77.json");
        assertEquals(404, missing.statusCode());
        assertEquals("{\"error\": \"no series 77 in the history store\"}\n", missing.body());
        assertEquals(404, get("/change/2/21?metric=makespan").statusCode());
        HttpResponse<String> any = get("/");
        assertTrue(any.headers()
                .firstValue("Content-Security-Policy")
                .orElse("")
                .startsWith("default-src 'none'; script-src 'self'"));
        assertEquals(
                "nosniff", any.headers().firstValue("X-Content-Type-Options").orElse(""));
    }

    /** A request written by hand, so the path reaches the server exactly as given: status line and body. */
    static String[] raw(String path) throws Exception {
        try (Socket s = new Socket("127.0.0.1", serving.port())) {
            OutputStream out = s.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            String all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int end = all.indexOf("\r\n\r\n");
            return new String[] {all.substring(0, all.indexOf("\r\n")), end < 0 ? "" : all.substring(end + 4)};
        }
    }

    @Test
    void theChangePointPageHasTheRunsOnBothSidesTheWhyAndTheDifferentialFlameGraph() throws Exception {
        HttpResponse<String> r = get("/change/1/" + DashboardFixture.STEP_RUN + "?metric=makespan");
        assertEquals(200, r.statusCode(), r::body);
        Document page = xml(r.body());
        assertEquals(
                List.of("16", "17", "18", "19", "20", "21", "22", "23", "24", "25"),
                texts(page, "//table[@id='sides']/tbody/tr/td[2]"));
        assertFalse(texts(page, "//div[@class='why']/ul/li").isEmpty(), r::body);
        assertTrue(
                texts(page, "//div[@class='why']/ul/li").get(0).contains("blocked on monitor in com.acme.Store.put"),
                r::body);
        assertEquals(
                1,
                texts(page, "//*[local-name()='svg' and contains(@class,'flame')]")
                        .size(),
                r::body);
        // the flame graph's inline script is the one the policy allows
        assertTrue(r.headers()
                .firstValue("Content-Security-Policy")
                .orElse("")
                .contains(DashboardServer.scriptHash(FlameGraphs.HEAD)));
    }

    @Test
    void aStoreChangedByAnotherProcessIsReadAgainAndAnIdleStoreIsLetGo() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("idle"));
        String other = DashboardFixture.build(dir);
        HistoryUrl where = HistoryUrl.resolve(other, Map.of(), dir);
        try (StoreLease lease = new StoreLease(where, 200)) {
            Dashboard d = new Dashboard(lease, new Analysis.Settings(50, 0.001, 0.01, 2), 0.01, 0.05);
            assertEquals(
                    DashboardFixture.RUNS, d.overview().series().get(0).info().runs());
            assertTrue(lease.isOpen());
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (lease.isOpen() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertFalse(lease.isOpen(), "the store stays open while idle");
            assertEquals(3, d.overview().series().size()); // unchanged since: answered from what was read, not opened
            assertFalse(lease.isOpen());
            try (HistoryStore writer = HistoryStore.open(where, true)) { // a nightly run stores meanwhile
                writer.exclude(3, "noisy neighbour");
                writer.ack(2, "makespan", 30, "new input");
            }
            assertNotNull(d.run(3));
            assertTrue(d.series(2, "makespan").acks().stream()
                    .anyMatch(a -> a.reason().equals("new input")));
            assertTrue(d.series(1, null).points().get(2).excluded());
        }
    }

    @Test
    void bindingBeyondTheLoopbackWarns() {
        StringWriter err = new StringWriter();
        try (DashboardUseCase.Serving s = DashboardUseCase.serve(
                new DashboardUseCase.ServeRequest(url, 0, "0.0.0.0", HistoryQueryUseCase.Settings.DEFAULTS),
                new PrintWriter(err, true))) {
            assertTrue(s.url().startsWith("http://0.0.0.0:"), s.url());
        }
        assertTrue(
                err.toString()
                        .startsWith("vbench: warning: serving on 0.0.0.0: anyone who can reach this machine can read"
                                + " the history (there is no authentication)"),
                err.toString());
        StringWriter quiet = new StringWriter();
        try (DashboardUseCase.Serving s = DashboardUseCase.serve(
                new DashboardUseCase.ServeRequest(url, 0, "127.0.0.1", HistoryQueryUseCase.Settings.DEFAULTS),
                new PrintWriter(quiet, true))) {
            assertEquals("", quiet.toString());
        }
    }

    @Test
    void wrongOptionsAreOneLineErrors() throws Exception {
        CliRun.of("history", "serve", "--history", url, "--port", "70000")
                .assertUsageError("--port 70000 is not a port");
        CliRun.of("history", "serve", "--history", url, "--bind", "no-such-host.invalid")
                .assertUsageError("--bind no-such-host.invalid is not an address");
        CliRun.of("history", "serve", "--history", "jdbc:h2:file:" + tmp.resolve("none/history"), "--port", "0")
                .assertUsageError("no history store at");
        CliRun.of("history", "serve", "--history", url, "--window", "1")
                .assertUsageError("--window 1 must be at least 2");
        CliRun taken = CliRun.of("history", "serve", "--history", url, "--port", String.valueOf(serving.port()));
        assertEquals(3, taken.code(), taken::toString);
        assertTrue(taken.err().startsWith("vbench: cannot listen on 127.0.0.1:" + serving.port()), taken::toString);
        Path foreign = Files.createDirectories(tmp.resolve("foreign"));
        Files.writeString(foreign.resolve("notes.txt"), "mine");
        CliRun.of("history", "export", "--history", url, "--site", foreign.toString())
                .assertUsageError("holds files that are not a vbench site");
        CliRun.of(
                        "history",
                        "export",
                        "--history",
                        url,
                        "--site",
                        tmp.resolve("s").toString(),
                        "1")
                .assertUsageError("--site DIR writes a whole site");
    }

    @Test
    void aMetricIsAFileNameThatStaysInItsFolder() {
        assertEquals("p99", Links.file("p99"));
        assertEquals("thrpt", Links.file("thrpt"));
        assertEquals("~002e~002e~002f~002e~002e~002fetc", Links.file("../../etc"));
        assertEquals("p99~002e9", Links.file("p99.9"));
        assertEquals("a~0020b~005c~003a", Links.file("a b\\:"));
        assertEquals("series/3-~002e~002e~002fx.html", Links.STATIC.series(3, "../x"));
        assertEquals("series/3?metric=p99+%26+more", Links.LIVE.series(3, "p99 & more"));
    }

    @Test
    void theSiteHasEveryPageAndItsDataSplitPerSeries() throws Exception {
        Path site = tmp.resolve("site");
        CliRun export = CliRun.of("history", "export", "--history", url, "--site", site.toString());
        assertEquals(0, export.code(), export::toString);
        assertTrue(export.out().startsWith("wrote "), export::toString);
        assertTrue(export.out().contains(" for 3 series, 40 runs and 10 change points to "), export::toString);
        for (String f : List.of(
                "index.html",
                "assets/dashboard.js",
                "assets/dashboard.css",
                "series/1-makespan.html",
                "series/2-p99.html",
                "data/series/1-makespan.js",
                "data/trials/1-makespan-0.js",
                "run/1.html",
                "run/40.html",
                "change/1-makespan-21.html")) {
            assertTrue(Files.isRegularFile(site.resolve(f)), f);
        }
        String data = Files.readString(site.resolve("data/series/1-makespan.js"));
        assertTrue(data.startsWith("vbenchData(\"data/series/1-makespan.js\", {\"series\":1,"), data.substring(0, 80));
        TreeSet<String> seriesFiles = new TreeSet<>();
        try (var files = Files.list(site.resolve("data/series"))) {
            files.forEach(f -> seriesFiles.add(f.getFileName().toString().replaceAll("-.*", "")));
        }
        assertEquals(new TreeSet<>(List.of("1", "2", "3")), seriesFiles);
        assertTrue(Files.readString(site.resolve("series/1-makespan.html")).contains("<base href=\"../\"/>"));
        CliRun again = CliRun.of("history", "export", "--history", url, "--site", site.toString());
        assertEquals(0, again.code(), again::toString); // an earlier export is updated
    }
}
