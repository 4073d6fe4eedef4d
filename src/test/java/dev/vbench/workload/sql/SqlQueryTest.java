package dev.vbench.workload.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vbench.result.ResultCodec;
import dev.vbench.spi.Params;
import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import dev.vbench.testing.CliRun;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code sql query=}: the user's statement against embedded H2 and, when VBENCH_TEST_PG_URL is set
 * (CI's throwaway server), PostgreSQL. The test plays the user: it creates its own table first.
 */
class SqlQueryTest {

    static final SqlWorkload PROVIDER = new SqlWorkload();
    static final PrepareContext CONTEXT =
            new PrepareContext(Path.of("unused"), 1, m -> {}, PrepareContext.Progress.NONE);

    @TempDir
    Path tmp;

    static List<String> databases() {
        return TestDatabases.names();
    }

    /** The user's table: 100 rows, id 0..99, name 'n' + id, hits 0. Returns its name. */
    static String createTable(Connection c) throws Exception {
        String table =
                "vbench_q_" + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16);
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE " + table + " (id BIGINT PRIMARY KEY, name VARCHAR(20), hits BIGINT)");
            s.execute("INSERT INTO " + table + " SELECT x, 'n' || x, 0 FROM " + series(c));
        }
        return table;
    }

    private static String series(Connection c) throws Exception {
        return c.getMetaData().getDatabaseProductName().equals("PostgreSQL")
                ? "generate_series(0, 99) AS g(x)"
                : "SYSTEM_RANGE(0, 99) AS g(x)";
    }

    static UserQueryInstance instance(String url, String query) {
        Params p = Params.resolve("sql", PROVIDER.params(), Map.of("url", url, "query", query, "connections", "2"));
        return (UserQueryInstance) PROVIDER.create(p);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void selectUpdateAndCountRunAsTheUserWroteThem(String db) throws Exception {
        String url = TestDatabases.url(db, "query1");
        try (Connection owner = DriverManager.getConnection(url)) {
            String table = createTable(owner);
            try {
                try (UserQueryInstance w = instance(url, "SELECT id, name FROM " + table + " WHERE id = ?")) {
                    w.prepare(CONTEXT);
                    Task t = w.task();
                    long tally = t.run(42);
                    assertEquals(1, KeywordOp.rows(tally), "one row for id 42");
                    assertEquals(
                            (Long.valueOf(42).hashCode() + "n42".hashCode()) & KeywordOp.CHECKSUM_MASK,
                            KeywordOp.checksum(tally),
                            "the row's values were read");
                    assertEquals(0, KeywordOp.rows(t.run(1000)), "no row for id 1000");
                    String verified = w.verify();
                    assertTrue(verified.contains("1 row(s), 1 parameter(s)"), verified);
                }
                try (UserQueryInstance w = instance(url, "UPDATE " + table + " SET hits = hits + 1 WHERE id = ?")) {
                    w.prepare(CONTEXT);
                    for (long i = 0; i < 10; i++) {
                        assertEquals(1, KeywordOp.rows(w.task().run(i % 5)));
                    }
                }
                try (Statement s = owner.createStatement();
                        ResultSet rs = s.executeQuery("SELECT SUM(hits), COUNT(*) FROM " + table + " WHERE hits > 0")) {
                    rs.next();
                    assertEquals(10, rs.getLong(1), "ten updates, each bound to its task index");
                    assertEquals(5, rs.getLong(2));
                }
                try (UserQueryInstance w = instance(url, "SELECT COUNT(*) FROM " + table)) {
                    w.prepare(CONTEXT);
                    assertEquals(1, KeywordOp.rows(w.task().run(7)), "a statement without ? runs as it is");
                }
            } finally {
                try (Statement s = owner.createStatement()) {
                    s.execute("DROP TABLE " + table);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void aRunFromTheCommandLineWithTheStatementInAFileKeepsThePasswordOut(String db) throws Exception {
        String url = TestDatabases.url(db, "query2");
        try (Connection owner = DriverManager.getConnection(url)) {
            String table = createTable(owner);
            try {
                Path sql = Files.writeString(
                        tmp.resolve("q.sql"), "SELECT id, name, hits FROM " + table + " WHERE id < 10");
                Path out = tmp.resolve("r.json");
                CliRun r = CliRun.of(
                        "run",
                        "-w",
                        "sql",
                        "-p",
                        "url=" + url,
                        "-p",
                        "query=@" + sql,
                        "-e",
                        "virtual",
                        "-e",
                        "fixed:threads=2",
                        "--tasks",
                        "200",
                        "--trials",
                        "2",
                        "--warmup",
                        "1",
                        "-o",
                        out.toString());
                assertEquals(0, r.code(), r::toString);
                JsonNode result = ResultCodec.mapper().readTree(out.toFile());
                assertEquals(0, result.at("/cells/0/trials/0/failures").asLong());
                assertEquals(200, result.at("/cells/0/trials/0/completed").asLong());
                String password = TestDatabases.postgresPassword();
                if (password != null) {
                    assertFalse(
                            r.out().contains(password)
                                    || r.err().contains(password)
                                    || Files.readString(out).contains(password),
                            "password leaked: " + r);
                }
            } finally {
                try (Statement s = owner.createStatement()) {
                    s.execute("DROP TABLE " + table);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void aStatementThatDoesNotPrepareExits2(String db) {
        String url = TestDatabases.url(db, "query3");
        CliRun r = CliRun.of(
                "run",
                "-w",
                "sql",
                "-p",
                "url=" + url,
                "-p",
                "query=SELEKT nothing FROM nowhere",
                "--tasks",
                "5",
                "--trials",
                "1",
                "--warmup",
                "0");
        assertEquals(2, r.code(), r::toString);
        String line = r.err().strip().lines().reduce((a, b) -> b).orElseThrow();
        assertTrue(line.startsWith("vbench: -p query does not prepare at "), line);
        assertTrue(
                line.endsWith("; fix the statement (one with commas goes in a file: -p query=@FILE, as commas"
                        + " separate sweep values)"),
                line);
        assertFalse(r.err().contains("\tat "), r::toString);
        String password = TestDatabases.postgresPassword();
        assertFalse(password != null && r.err().contains(password), r::toString);
    }

    @Test
    void aMissingStatementFileExits2() {
        CliRun.of("run", "-w", "sql", "-p", "query=@" + tmp.resolve("none.sql"))
                .assertUsageError("parameter 'query' of workload 'sql': '@" + tmp.resolve("none.sql")
                        + "' names no readable file (no such" + " file); write -p query=@FILE");
    }

    @Test
    void aDriverOnTheClassPathOptionServesQuery() throws Exception {
        Path services = Files.createDirectories(tmp.resolve("driver/META-INF/services"));
        Files.writeString(services.resolve("java.sql.Driver"), FakeDriver.class.getName() + "\n");
        String url = FakeDriver.PREFIX + "mem:fake2";
        CliRun without = CliRun.of("run", "-w", "sql", "-p", "url=" + url, "-p", "query=SELECT 1");
        without.assertUsageError("has no JDBC driver here; the bundled drivers take jdbc:h2: and jdbc:postgresql: URLs"
                + " (for another database put its driver jar on --classpath)");
        CliRun with = CliRun.of(
                "run",
                "--classpath",
                tmp.resolve("driver").toString(),
                "-w",
                "sql",
                "-p",
                "url=" + url,
                "-p",
                "query=SELECT ? + 1",
                "--tasks",
                "50",
                "--trials",
                "1",
                "--warmup",
                "0");
        assertEquals(0, with.code(), with::toString);
    }

    /** A driver only a class loader's service file names (as a jar on --classpath) is found through that loader. */
    @Test
    void driversComeFromTheClassPathLoader() throws Exception {
        Path services = Files.createDirectories(tmp.resolve("cp/META-INF/services"));
        Files.writeString(services.resolve("java.sql.Driver"), FakeDriver.class.getName() + "\n");
        String url = FakeDriver.PREFIX + "mem:fake1";
        IllegalArgumentException none = assertThrows(
                IllegalArgumentException.class, () -> Params.resolve("sql", PROVIDER.params(), Map.of("url", url)));
        assertTrue(none.getMessage().contains("has no JDBC driver here"), none.getMessage());
        ClassLoader before = Thread.currentThread().getContextClassLoader();
        try (URLClassLoader userClassPath =
                new URLClassLoader(new URL[] {tmp.resolve("cp").toUri().toURL()}, before)) {
            Thread.currentThread().setContextClassLoader(userClassPath);
            try (UserQueryInstance w = instance(url, "SELECT ? + 1")) {
                w.prepare(CONTEXT);
                assertEquals(1, KeywordOp.rows(w.task().run(41)));
            }
        } finally {
            Thread.currentThread().setContextClassLoader(before);
        }
    }
}
