package dev.vbench.history;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assumptions;

/**
 * The stores history tests run against: an embedded H2 file always, and the PostgreSQL server named
 * by the system property {@code vbench.test.pgurl} (from {@code VBENCH_TEST_PG_URL}, which
 * {@code .ci/run} sets), each test in a fresh schema of its own. Without a server the PostgreSQL
 * variants are skipped, saying why.
 */
public final class HistoryStores {

    public static final String H2 = "h2";
    public static final String POSTGRESQL = "postgresql";
    private static final AtomicInteger SCHEMAS = new AtomicInteger();

    /** For {@code @MethodSource(HistoryStores.NAMES)}: every store kind a history test runs against. */
    public static final String NAMES = "dev.vbench.history.HistoryStores#names";

    private HistoryStores() {}

    public static List<String> names() {
        return List.of(H2, POSTGRESQL);
    }

    public static String postgresUrl() {
        String url = System.getProperty("vbench.test.pgurl", "");
        return url.startsWith("jdbc:postgresql:") ? url : null;
    }

    /** A new, empty store of kind {@code name}. */
    public static String url(String name, Path tmp) throws Exception {
        if (name.equals(H2)) {
            return "jdbc:h2:file:"
                    + tmp.resolve("history-" + SCHEMAS.incrementAndGet()).toAbsolutePath();
        }
        String base = postgresUrl();
        Assumptions.assumeTrue(
                base != null, "PostgreSQL history tests need VBENCH_TEST_PG_URL (.ci/run starts a server and sets it)");
        String schema = "history_" + ProcessHandle.current().pid() + "_" + System.nanoTime() % 1_000_000_000L + "_"
                + SCHEMAS.incrementAndGet();
        try (Connection c = DriverManager.getConnection(base);
                Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        }
        return base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    }
}
