package dev.vbench.app;

import dev.vbench.config.Defaults;
import dev.vbench.dashboard.Dashboard;
import dev.vbench.dashboard.DashboardServer;
import dev.vbench.dashboard.Site;
import dev.vbench.dashboard.StoreLease;
import dev.vbench.history.Analysis;
import dev.vbench.history.HistoryUrl;
import dev.vbench.text.Numbers;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;

/**
 * The dashboard use cases of the results history: {@code history serve} (the pages over HTTP, read-only,
 * until stopped) and {@code history export --site DIR} (the same pages as static files).
 *
 * <pre>{@code
 * try (DashboardUseCase.Serving s = DashboardUseCase.serve(new DashboardUseCase.ServeRequest(null, 0, "127.0.0.1", Settings.DEFAULTS), err)) {
 *     s.url();   // http://127.0.0.1:PORT/
 * }
 * }</pre>
 */
public final class DashboardUseCase {

    private DashboardUseCase() {}

    /**
     * {@code history serve}.
     *
     * @param url the {@code --history} value (null: the default store)
     * @param port the port, 0 for any free one
     * @param bind the address to listen on
     * @param settings how change points are found
     */
    public record ServeRequest(String url, int port, String bind, HistoryQueryUseCase.Settings settings) {}

    /** A dashboard being served: stopped by {@link #close} or, from the command line, by Ctrl-C. */
    public static final class Serving implements AutoCloseable {
        private final DashboardServer server;
        private final StoreLease lease;
        private final CountDownLatch stopped = new CountDownLatch(1);
        private final Thread hook;

        private Serving(DashboardServer server, StoreLease lease) {
            this.server = server;
            this.lease = lease;
            this.hook = new Thread(this::stop, "vbench-dashboard-stop");
            Runtime.getRuntime().addShutdownHook(hook);
        }

        /** The overview's URL. */
        public String url() {
            return server.url();
        }

        /** The port it listens on. */
        public int port() {
            return server.port();
        }

        /** Blocks until the dashboard is stopped (Ctrl-C runs the shutdown hook that stops it). */
        public void awaitStop() throws InterruptedException {
            stopped.await();
        }

        private synchronized void stop() {
            if (stopped.getCount() == 0) {
                return;
            }
            server.stop();
            lease.close();
            stopped.countDown();
        }

        @Override
        public void close() {
            stop();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down already: the hook stops it
            }
        }
    }

    /**
     * Opens the store (so a wrong URL fails now, with its one line), binds the address and starts
     * answering; the overview is computed in the background meanwhile. A bind address other than the
     * loopback gets a warning on {@code err}: the dashboard has no authentication.
     */
    public static Serving serve(ServeRequest r, PrintWriter err) {
        Analysis.Settings settings = r.settings().checked();
        if (r.port() < 0 || r.port() > 65535) {
            throw new UsageException("--port " + r.port() + " is not a port; give 1-65535, or 0 for any free port");
        }
        InetAddress address = address(r.bind());
        return HistoryAccess.get(() -> {
            HistoryUrl where = HistoryAccess.resolve(r.url());
            // an embedded H2 file admits one process: let it go when idle so a nightly run can store meanwhile
            StoreLease lease = new StoreLease(where, where.h2File() != null ? StoreLease.DEFAULT_IDLE_MILLIS : 0);
            try {
                lease.with(store -> store.generation());
                Dashboard dashboard = new Dashboard(lease, settings, Defaults.NOISE, Defaults.ALPHA);
                DashboardServer server = start(dashboard, new InetSocketAddress(address, r.port()), r, err);
                Serving serving = new Serving(server, lease);
                if (!address.isLoopbackAddress()) {
                    err.println("vbench: warning: serving on " + address.getHostAddress()
                            + ": anyone who can reach this machine"
                            + " can read the history (there is no authentication); the default --bind "
                            + Defaults.SERVE_BIND
                            + " keeps it to this machine");
                    err.flush();
                }
                Thread warm = new Thread(
                        () -> {
                            try {
                                dashboard.overview();
                            } catch (RuntimeException e) {
                                // the first request meets it again and shows it
                            }
                        },
                        "vbench-dashboard-warm");
                warm.setDaemon(true);
                warm.start();
                return serving;
            } catch (RuntimeException e) {
                lease.close();
                throw e;
            }
        });
    }

    private static DashboardServer start(Dashboard d, InetSocketAddress at, ServeRequest r, PrintWriter err) {
        try {
            return DashboardServer.start(d, at, err);
        } catch (BindException e) {
            throw new EnvironmentException(
                    "cannot listen on " + r.bind() + ":" + r.port() + " (" + e.getMessage()
                            + "); give another --port (0 for any free one) or stop what uses it",
                    e);
        } catch (IOException e) {
            throw new EnvironmentException(
                    "cannot start the dashboard on " + r.bind() + ":" + r.port() + ": " + e.getMessage(), e);
        }
    }

    private static InetAddress address(String bind) {
        try {
            return InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new UsageException(
                    "--bind " + bind + " is not an address or host name this machine knows; give an IP"
                            + " address such as " + Defaults.SERVE_BIND
                            + " (this machine only) or 0.0.0.0 (every interface)",
                    e);
        }
    }

    /**
     * {@code history export --site DIR}.
     *
     * @param url the {@code --history} value (null: the default store)
     * @param dir the folder: created when missing; may hold an earlier export, nothing else
     * @param settings how change points are found
     */
    public record SiteRequest(String url, Path dir, HistoryQueryUseCase.Settings settings) {}

    /** Checks the folder before reading the store: missing, empty, or an earlier export. */
    public static void checkSite(Path dir) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new UsageException("--site " + dir + " is a file; give a folder (it is created when missing)");
        }
        if (Files.isDirectory(dir) && !Files.exists(dir.resolve("index.html"))) {
            try (Stream<Path> entries = Files.list(dir)) {
                if (entries.findAny().isPresent()) {
                    throw new UsageException(
                            "--site " + dir + " holds files that are not a vbench site; give an empty or new"
                                    + " folder (or one an earlier export wrote)");
                }
            } catch (IOException e) {
                throw new UsageException(
                        "--site " + dir + " cannot be read (" + e.getMessage() + "); give a writable folder", e);
            }
        }
    }

    /**
     * Writes the site into {@code dir}, every file atomically ({@link OutputFiles}).
     *
     * @return one line of what was written: {@code wrote 10,250 files (41.3 MiB; largest …) to DIR}
     */
    public static String exportSite(SiteRequest r) {
        Analysis.Settings settings = r.settings().checked();
        checkSite(r.dir());
        return HistoryAccess.get(() -> {
            try (StoreLease lease = new StoreLease(HistoryAccess.resolve(r.url()), 0)) {
                Dashboard d = new Dashboard(lease, settings, Defaults.NOISE, Defaults.ALPHA);
                Site.Written w = Site.export(d, (path, text) -> {
                    Path file = r.dir().resolve(path).normalize();
                    if (!file.startsWith(r.dir().normalize())) {
                        throw new IllegalStateException("a site file outside the folder: " + path);
                    }
                    Files.createDirectories(file.getParent());
                    OutputFiles.writeAtomically(file, text);
                });
                return "wrote " + w.files() + " files (" + Numbers.bytes(w.bytes()) + "; largest " + w.largest() + ", "
                        + Numbers.bytes(w.largestBytes()) + ") for " + w.series() + " series, " + w.runs()
                        + " runs and "
                        + w.changePoints() + " change points to " + r.dir() + "; open "
                        + r.dir().resolve("index.html");
            } catch (IOException e) {
                throw new EnvironmentException(
                        "cannot write the site to " + r.dir() + ": " + e.getMessage()
                                + "; give a writable folder with space",
                        e);
            }
        });
    }
}
