package dev.vbench.dashboard;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.vbench.history.HistoryException;
import dev.vbench.report.FlameGraphs;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The dashboard over HTTP: the JDK's own server ({@code com.sun.net.httpserver}), read-only. It answers
 * GET (and HEAD) on its routes only — {@code /}, {@code /series/ID}, {@code /run/ID},
 * {@code /change/SERIES/RUN}, their data under {@code /api/}, the two bundled assets — and nothing else:
 * no file is served from disk, so there is no directory to list and no path to climb out of; any other
 * path is 404 and any other method 405. Each response says how long it took to make
 * ({@code Server-Timing: app;dur=MS}) and carries a content security policy that allows only the
 * dashboard's own script.
 *
 * <pre>{@code
 * DashboardServer server = DashboardServer.start(dashboard, new InetSocketAddress("127.0.0.1", 8080), err);
 * server.url();   // http://127.0.0.1:8080/
 * server.stop();
 * }</pre>
 */
public final class DashboardServer {

    /** Request threads: pages wait for the store one at a time, the assets need none. */
    static final int THREADS = 4;

    private static final Pattern SERIES = Pattern.compile("/series/(\\d{1,18})");
    private static final Pattern RUN = Pattern.compile("/run/(\\d{1,18})");
    private static final Pattern CHANGE = Pattern.compile("/change/(\\d{1,18})/(\\d{1,18})");
    private static final Pattern SERIES_DATA = Pattern.compile("/api/series/(\\d{1,18})\\.json");
    private static final Pattern TRIALS_DATA = Pattern.compile("/api/trials/(\\d{1,18})\\.json");
    private static final Pattern ASSET = Pattern.compile("/assets/([a-z]+\\.(?:js|css))");

    private final Dashboard dashboard;
    private final HttpServer server;
    private final ExecutorService threads;
    private final PrintWriter err;
    private final String policy;
    private final String host;

    private DashboardServer(
            Dashboard dashboard, HttpServer server, ExecutorService threads, PrintWriter err, String host) {
        this.dashboard = dashboard;
        this.host = host;
        this.server = server;
        this.threads = threads;
        this.err = err;
        this.policy = "default-src 'none'; script-src 'self' " + scriptHash(FlameGraphs.HEAD)
                + "; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'self';"
                + " form-action 'none'; frame-ancestors 'none'";
    }

    /**
     * Binds {@code address} and starts answering.
     *
     * @param err where a request that failed unexpectedly is reported
     * @throws IOException when the address cannot be bound (in use, not this machine's)
     */
    public static DashboardServer start(Dashboard dashboard, InetSocketAddress address, PrintWriter err)
            throws IOException {
        HttpServer server = HttpServer.create(address, 0);
        ExecutorService threads = Executors.newFixedThreadPool(THREADS, r -> {
            Thread t = new Thread(r, "vbench-dashboard");
            t.setDaemon(true);
            return t;
        });
        DashboardServer s = new DashboardServer(dashboard, server, threads, err, address.getHostString());
        server.createContext("/", s::handle);
        server.setExecutor(threads);
        server.start();
        return s;
    }

    /** The overview's URL: {@code http://HOST:PORT/}, HOST as the address was given. */
    public String url() {
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port() + "/";
    }

    /** The port it listens on. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** Stops answering (requests in flight get a moment to finish). */
    public void stop() {
        server.stop(0);
        threads.shutdownNow();
    }

    /** A response: status, content type and body. */
    record Response(int status, String type, String body) {}

    private void handle(HttpExchange ex) throws IOException {
        long start = System.nanoTime();
        try (ex) {
            String method = ex.getRequestMethod();
            Response r;
            if (!method.equals("GET") && !method.equals("HEAD")) {
                ex.getResponseHeaders().set("Allow", "GET, HEAD");
                r = new Response(
                        405,
                        "text/plain; charset=utf-8",
                        "405: the dashboard is read-only; only GET and HEAD are answered\n");
            } else {
                r = route(
                        ex.getRequestURI().getRawPath(),
                        query(ex.getRequestURI().getRawQuery()));
            }
            byte[] body = r.body().getBytes(StandardCharsets.UTF_8);
            var h = ex.getResponseHeaders();
            h.set("Content-Type", r.type());
            h.set(
                    "Cache-Control",
                    r.type().startsWith("text/css") || r.type().startsWith("text/javascript")
                            ? "no-cache"
                            : "no-store");
            h.set("X-Content-Type-Options", "nosniff");
            h.set("Referrer-Policy", "no-referrer");
            h.set("X-Frame-Options", "DENY");
            h.set("Content-Security-Policy", policy);
            h.set("Server-Timing", String.format(Locale.ROOT, "app;dur=%.1f", (System.nanoTime() - start) / 1e6));
            boolean head = method.equals("HEAD");
            ex.sendResponseHeaders(r.status(), head ? -1 : body.length == 0 ? -1 : body.length);
            if (!head && body.length > 0) {
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(body);
                }
            }
        }
    }

    /** The response to a GET of {@code rawPath}: a page, data, an asset, or a 404. */
    Response route(String rawPath, Map<String, String> query) {
        String path = rawPath == null ? "" : rawPath;
        Links live = Links.LIVE;
        try {
            Matcher m;
            if (path.equals("/")) {
                return html(Pages.overview(live, dashboard.overview(), dashboard));
            }
            if ((m = SERIES.matcher(path)).matches()) {
                return html(Pages.series(
                        live, dashboard.series(Long.parseLong(m.group(1)), query.get("metric")), dashboard));
            }
            if ((m = RUN.matcher(path)).matches()) {
                return html(Pages.run(live, dashboard.run(Long.parseLong(m.group(1))), dashboard));
            }
            if ((m = CHANGE.matcher(path)).matches()) {
                return html(Pages.change(
                        live,
                        dashboard.change(Long.parseLong(m.group(1)), query.get("metric"), Long.parseLong(m.group(2))),
                        dashboard));
            }
            if ((m = SERIES_DATA.matcher(path)).matches()) {
                return json(dashboard.seriesData(Long.parseLong(m.group(1)), query.get("metric"), live));
            }
            if ((m = TRIALS_DATA.matcher(path)).matches()) {
                int chunk = chunk(query.get("chunk"));
                return json(SeriesData.trials(
                        chunk,
                        live.trialChunk(),
                        dashboard.trials(Long.parseLong(m.group(1)), query.get("metric"), chunk, live.trialChunk())));
            }
            if ((m = ASSET.matcher(path)).matches() && Assets.text(m.group(1)) != null) {
                return new Response(200, Assets.type(m.group(1)), Assets.text(m.group(1)));
            }
            if (path.equals("/favicon.ico")) {
                return new Response(204, "image/x-icon", "");
            }
            throw new Dashboard.NotFound(
                    "no page at " + path + "; the dashboard has / (every series), /series/ID, /run/ID"
                            + " and the change points linked from them");
        } catch (Dashboard.NotFound e) {
            return problem(404, path, "not found", e.getMessage());
        } catch (HistoryException e) {
            return problem(503, path, "history store unavailable", e.getMessage());
        } catch (RuntimeException e) {
            err.println("vbench: internal error answering " + path + ": " + e);
            err.flush();
            return problem(
                    500,
                    path,
                    "internal error",
                    "vbench failed to answer this page (" + e.getClass().getSimpleName()
                            + "); this is a bug of vbench");
        }
    }

    private Response problem(int status, String path, String title, String message) {
        if (path.startsWith("/api/")) {
            return new Response(
                    status, "application/json; charset=utf-8", "{\"error\": " + jsonString(message) + "}\n");
        }
        return new Response(
                status, "text/html; charset=utf-8", Pages.problem(Links.LIVE, "x", dashboard.store(), title, message));
    }

    private static Response html(String page) {
        return new Response(200, "text/html; charset=utf-8", page);
    }

    private static Response json(String data) {
        return new Response(200, "application/json; charset=utf-8", data);
    }

    private static int chunk(String text) {
        if (text == null || !text.matches("\\d{1,6}")) {
            throw new Dashboard.NotFound("the trials of a series come in chunks: give ?chunk=N");
        }
        return Integer.parseInt(text);
    }

    /** The query's parameters, decoded; a malformed one is left out. */
    static Map<String, String> query(String raw) {
        Map<String, String> out = new HashMap<>();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String part : raw.split("&")) {
            int eq = part.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            try {
                out.putIfAbsent(
                        URLDecoder.decode(part.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(part.substring(eq + 1), StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                // a malformed escape: as if the parameter were not given
            }
        }
        return out;
    }

    private static String jsonString(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '<' -> b.append("\\u003c");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    /** The CSP source of the inline script in {@code head} ({@code 'sha256-…'}), so only that inline script runs. */
    static String scriptHash(String head) {
        int from = head.indexOf("<script>");
        int to = head.indexOf("</script>");
        if (from < 0 || to < from) {
            return "";
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(head.substring(from + "<script>".length(), to).getBytes(StandardCharsets.UTF_8));
            return "'sha256-" + Base64.getEncoder().encodeToString(digest) + "'";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
