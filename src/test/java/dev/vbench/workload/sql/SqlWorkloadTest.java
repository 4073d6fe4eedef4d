package dev.vbench.workload.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.spi.Params;
import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import dev.vbench.spi.WorkloadProvider.Availability;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The sql workload against embedded H2 and, when configured, a real PostgreSQL server. */
class SqlWorkloadTest {

    static final SqlWorkload PROVIDER = new SqlWorkload();

    static List<String> databases() {
        return TestDatabases.names();
    }

    static SqlWorkloadInstance instance(String url, String op, int connections) {
        Params p = Params.resolve(
                "sql", PROVIDER.params(), Map.of("url", url, "op", op, "connections", String.valueOf(connections)));
        return (SqlWorkloadInstance) PROVIDER.create(p);
    }

    static PrepareContext context(List<String> warnings) {
        return new PrepareContext(Path.of("unused"), 42, warnings::add, PrepareContext.Progress.NONE);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void everyOpReadsTheSeedRows(String db) throws Exception {
        String url = TestDatabases.url(db, "ops");
        long[] expectedRows = {1000, 1, 10, 1, 2};
        for (KeywordOp op : KeywordOp.values()) {
            try (SqlWorkloadInstance w = instance(url, op.paramName(), 2)) {
                w.prepare(context(new ArrayList<>()));
                Task task = w.task();
                long tally = task.run(7);
                assertEquals(expectedRows[op.ordinal()], KeywordOp.rows(tally), op.paramName());
                assertTrue(w.verify().startsWith("rows 1000/1/10/1"));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void concurrentInsertsUseDistinctIdsAndLeaveTheTableAsSeeded(String db) throws Exception {
        String url = TestDatabases.url(db, "inserts");
        try (SqlWorkloadInstance w = instance(url, "insertKeyword", 4);
                ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            w.prepare(context(new ArrayList<>()));
            Task task = w.task();
            List<Future<Long>> results = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                long index = i;
                results.add(threads.submit(() -> task.run(index)));
            }
            for (Future<Long> f : results) {
                assertEquals(2, KeywordOp.rows(f.get()));
            }
            try (Connection c = DriverManager.getConnection(url);
                    PreparedStatement ps = c.prepareStatement(
                            "SELECT COUNT(*) FROM \"" + w.schemaName() + "\".hierarchical_subjects");
                    ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertEquals(1000, rs.getLong(1));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void schemaIsCreatedFreshAndDroppedOnClose(String db) throws Exception {
        String url = TestDatabases.url(db, "drop");
        // For H2 this connection also keeps the named in-memory database alive after the workload closes.
        try (Connection observer = DriverManager.getConnection(url)) {
            String schema;
            try (SqlWorkloadInstance w = instance(url, "selectRootKeywords", 2)) {
                w.prepare(context(new ArrayList<>()));
                schema = w.schemaName();
                assertTrue(schema.matches("vbench_[0-9a-f]{12}"), schema);
                assertTrue(schemaExists(observer, schema));
            }
            assertFalse(schemaExists(observer, schema), "schema " + schema + " still exists after close");
        }
    }

    static boolean schemaExists(Connection c, String schema) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("SELECT COUNT(*) FROM information_schema.schemata WHERE schema_name = ?")) {
            ps.setString(1, schema);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1) == 1;
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void reachableDatabaseIsAvailable(String db) {
        String url = TestDatabases.url(db, "probe");
        Params p = Params.resolve("sql", PROVIDER.params(), Map.of("url", url));
        assertEquals(Availability.AVAILABLE, PROVIDER.availability(p));
    }

    @Test
    void closedPortIsUnavailableNamingHostAndPortButNotThePassword() throws Exception {
        int port = closedPort();
        Params p = Params.resolve(
                "sql",
                PROVIDER.params(),
                Map.of("url", "jdbc:postgresql://127.0.0.1:" + port + "/db?user=u&password=hunter2secret"));
        Availability a = PROVIDER.availability(p);
        assertFalse(a.available());
        assertTrue(a.reason().contains("127.0.0.1:" + port), a.reason());
        assertFalse(a.reason().contains("hunter2secret"), a.reason());
    }

    /** A loopback port nothing listens on (it was free a moment ago). */
    static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Test
    void checksumFormulaMatchesTheSeedRows() {
        // Σ id over 0..999 = 499500; Σ length('Keyword'+i) = 7*1000 + 10*1 + 90*2 + 900*3 = 9890
        assertEquals(499_500 + 9_890, SqlWorkloadInstance.checksum(0, 1000));
        assertEquals(8, SqlWorkloadInstance.checksum(0, 1));
    }
}
