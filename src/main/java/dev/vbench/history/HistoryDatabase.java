package dev.vbench.history;

import dev.vbench.jdbc.JdbcTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The history store's database: opening a JDBC connection to H2 or PostgreSQL (waiting, bounded, for an
 * embedded H2 file another process holds; {@link HistoryStore#LOCK_WAIT_PROPERTY}), and migrating it to
 * {@link Schema#LATEST} (refusing a newer or damaged one without writing). Every failure is a
 * {@link HistoryException} with one line that never shows a password. The other parts of the store
 * ({@link HistoryWriter}, {@link HistoryQueries}, {@link HistoryAnnotations}) work on its connection.
 */
final class HistoryDatabase implements AutoCloseable {

    private static final int H2_DATABASE_IN_USE = 90020;
    /** H2's lock timeout: a write another writer held up, which can be retried. */
    static final int H2_LOCK_TIMEOUT = 50200;

    final HistoryUrl url;
    final Connection c;

    private HistoryDatabase(HistoryUrl url, Connection c) {
        this.url = url;
        this.c = c;
    }

    /**
     * Opens (and migrates) the database.
     *
     * @param create whether this opening stores runs: a missing embedded H2 store may be created (verbs that
     *     only read refuse), and H2 compacts its file on close (the others skip that)
     */
    static HistoryDatabase open(HistoryUrl url, boolean create) {
        if (url.h2File() != null && !Files.exists(url.h2File())) {
            if (!create) {
                throw HistoryException.usage("no history store at " + url.shown() + " (" + url.origin()
                        + "); store runs first with 'vbench run … --history' or 'vbench history add FILE.json'");
            }
            try {
                Files.createDirectories(url.h2File().toAbsolutePath().getParent());
            } catch (IOException e) {
                throw HistoryException.environment(
                        "cannot create the folder of the history store "
                                + url.h2File().getParent() + " (" + e.getMessage()
                                + "); give --history a writable location",
                        e);
            }
        }
        HistoryDatabase db = new HistoryDatabase(url, connect(url, create));
        try {
            db.migrate();
            return db;
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
    }

    /**
     * Settings of verbs that store no run. H2 compacts its file in a background thread while a store
     * is open and again when it closes (seconds of CPU on a store of thousands of runs, every time):
     * those verbs leave that to the next writer. PostgreSQL's driver sends the first four executions of
     * a statement as text and parses every value back; {@code prepareThreshold=-1} asks for binary
     * transfer from the first (analyze of one series reads 10 metric ranges of 10,000 rows: 0.87–1.02
     * → 0.76–0.92 s whole process). Settings the URL names itself are left as they are.
     */
    private static JdbcTarget target(HistoryUrl url, boolean write) {
        JdbcTarget t = url.target();
        if (write) {
            return durable(url, t);
        }
        Map<String, String> props = new HashMap<>(t.extraProperties());
        List<String> settings =
                url.postgres() ? List.of("prepareThreshold") : List.of("MAX_COMPACT_TIME", "AUTO_COMPACT_FILL_RATE");
        for (String setting : settings) {
            if (!t.url().toUpperCase(Locale.ROOT).contains(setting.toUpperCase(Locale.ROOT))) {
                props.put(setting, url.postgres() ? "-1" : "0");
            }
        }
        return new JdbcTarget(t.url(), t.subprotocol(), t.endpoint(), t.secrets(), props);
    }

    /**
     * A store that stores runs says "stored" only of what a {@code kill -9} a moment later cannot take away:
     * H2 keeps commits in memory for up to its write delay (500 ms) and writes them in the background, so
     * {@code WRITE_DELAY=0} has every commit written to the file (the operating system's) before it returns.
     * A URL that sets a write delay itself keeps it. PostgreSQL's commit returns once the server has it.
     */
    private static JdbcTarget durable(HistoryUrl url, JdbcTarget t) {
        if (url.postgres() || t.url().toUpperCase(Locale.ROOT).contains("WRITE_DELAY")) {
            return t;
        }
        Map<String, String> props = new HashMap<>(t.extraProperties());
        props.put("WRITE_DELAY", "0");
        return new JdbcTarget(t.url(), t.subprotocol(), t.endpoint(), t.secrets(), props);
    }

    /**
     * A read-only connection begun on another thread before the command line was parsed ({@link #prepareReading}),
     * {@link #TAKEN} once an opening has looked for it: one per process, each used at most once.
     */
    private record HeadStart(String url, CompletableFuture<Connection> connection) {}

    private static final HeadStart TAKEN = new HeadStart("", CompletableFuture.completedFuture(null));
    private static final AtomicReference<HeadStart> HEAD_START = new AtomicReference<>();

    /**
     * Opens a connection to the embedded H2 store at {@code url} for a verb that only reads, on the calling
     * thread, for the {@link #open} that follows on another: H2 opening a store (loading its driver, reading
     * the file, replaying the stored table definitions) is the largest part of a short verb such as
     * {@code history check}, and can run while the main thread builds the command line's model
     * (docs/performance.md, "Start-up"). Does nothing for PostgreSQL, a store that does not exist, or once an
     * opening has looked for it; a failure is left for that opening to meet and report itself.
     */
    static void prepareReading(HistoryUrl url) {
        if (url.h2File() == null || !Files.exists(url.h2File())) {
            return;
        }
        CompletableFuture<Connection> connection = new CompletableFuture<>();
        if (!HEAD_START.compareAndSet(null, new HeadStart(url.target().url(), connection))) {
            return;
        }
        try {
            connection.complete(target(url, false).connect());
        } catch (SQLException | RuntimeException e) {
            connection.complete(null);
        }
    }

    /** Forgets any head start, taken or not (for tests that run several commands in one JVM). */
    static void forgetHeadStart() {
        HeadStart head = HEAD_START.getAndSet(null);
        if (head != null) {
            closeUnused(head.connection().join());
        }
    }

    /** The connection {@link #prepareReading} made for this {@code url}, or null; any other is closed. */
    static Connection headStart(HistoryUrl url, boolean write) {
        HeadStart head = HEAD_START.getAndSet(TAKEN);
        if (head == null || head == TAKEN) {
            return null;
        }
        Connection c = head.connection().join();
        if (write || !head.url().equals(url.target().url())) {
            closeUnused(c);
            return null;
        }
        return c;
    }

    private static void closeUnused(Connection c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (SQLException e) {
            // a connection nobody used: nothing to keep
        }
    }

    private static Connection connect(HistoryUrl url, boolean write) {
        Connection prepared = headStart(url, write);
        if (prepared != null) {
            return prepared;
        }
        JdbcTarget target = target(url, write);
        long waitMillis = Long.getLong(HistoryStore.LOCK_WAIT_PROPERTY, 30_000);
        long deadline = System.nanoTime() + waitMillis * 1_000_000;
        while (true) {
            try {
                return target.connect();
            } catch (SQLException e) {
                if (e.getErrorCode() == H2_DATABASE_IN_USE && !url.postgres()) {
                    if (System.nanoTime() < deadline) {
                        pause();
                        continue;
                    }
                    throw HistoryException.environment(
                            "the history store " + url.shown() + " stayed in use by another"
                                    + " vbench process for " + waitMillis / 1000
                                    + " s; retry when it has finished, or use"
                                    + " PostgreSQL for many writers at once",
                            e);
                }
                if (url.h2File() != null && Files.exists(url.h2File())) {
                    throw HistoryException.environment(
                            "cannot open the history store " + url.shown() + ": "
                                    + firstLine(url.target().scrub(e.getMessage()))
                                    + "; the file may be corrupt: move it away"
                                    + " (a new store is made) or restore a backup",
                            e);
                }
                throw HistoryException.environment(
                        url.target().connectFailure(e) + "; " + JdbcTarget.remedy(e, "the URL (" + url.origin() + ")"),
                        e);
            }
        }
    }

    static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw HistoryException.environment("interrupted while waiting for the history store", ie);
        }
    }

    /** Brings the store to {@link Schema#LATEST}; refuses a newer or damaged one without writing. */
    private void migrate() {
        for (int attempt = 1; ; attempt++) {
            int version = version();
            if (version > Schema.LATEST) {
                throw HistoryException.environment(
                        "the history store " + url.shown() + " has schema version " + version
                                + ", newer than this vbench understands (" + Schema.LATEST
                                + "); upgrade vbench to use it",
                        null);
            }
            if (version == Schema.LATEST) {
                return;
            }
            try {
                c.setAutoCommit(false);
                for (int v = version + 1; v <= Schema.LATEST; v++) {
                    for (String sql : Schema.MIGRATIONS.get(v - 1)) {
                        execute(sql);
                    }
                    try (PreparedStatement ps =
                            c.prepareStatement("INSERT INTO schema_version (version, applied) VALUES (?, ?)")) {
                        ps.setInt(1, v);
                        ps.setString(2, Instant.now().toString());
                        ps.executeUpdate();
                    }
                }
                c.commit();
                return;
            } catch (SQLException e) {
                rollback();
                if (attempt < 3 && url.postgres()) {
                    continue; // another process migrated at the same moment: read its version again
                }
                throw failure("cannot create the tables of the history store", e);
            } finally {
                autoCommit();
            }
        }
    }

    /**
     * One statement of a migration; a {@linkplain Schema#BY_RESULT_RANGE backfill} runs over
     * ranges of result ids, and on H2 each range is committed, so that no transaction holds millions
     * of rows (H2 commits its DDL anyway, and every statement of a migration can run again: a
     * migration cut short is completed the next time). PostgreSQL migrates in one transaction.
     */
    private void execute(String sql) throws SQLException {
        if (!sql.contains("?")) {
            try (Statement s = c.createStatement()) {
                s.execute(sql);
            }
            return;
        }
        long first;
        long last;
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT MIN(id), MAX(id) FROM result")) {
            rs.next();
            first = rs.getLong(1);
            last = rs.getLong(2);
        }
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (long from = first; from <= last; from += Schema.BY_RESULT_RANGE) {
                ps.setLong(1, from);
                ps.setLong(2, from + Schema.BY_RESULT_RANGE - 1);
                ps.executeUpdate();
                if (!url.postgres()) {
                    c.commit();
                }
            }
        }
    }

    /** The schema version; 0 for an empty database. */
    private int version() {
        try {
            List<String> tables = new ArrayList<>();
            DatabaseMetaData md = c.getMetaData();
            try (ResultSet rs = md.getTables(null, c.getSchema(), "%", new String[] {"TABLE"})) {
                while (rs.next()) {
                    tables.add(rs.getString("TABLE_NAME").toLowerCase(Locale.ROOT));
                }
            }
            if (!tables.contains("schema_version")) {
                if (tables.stream().anyMatch(Schema.TABLES::contains)) {
                    throw HistoryException.environment(
                            "the database at " + url.shown() + " has history tables but no"
                                    + " schema_version: it is damaged or not a vbench history store; give another --history URL",
                            null);
                }
                return 0;
            }
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT MAX(version) FROM schema_version")) {
                rs.next();
                int v = rs.getInt(1);
                if (rs.wasNull()) {
                    throw HistoryException.environment(
                            "the history store " + url.shown() + " has an empty schema_version"
                                    + " table: it is damaged; restore a backup or give another --history URL",
                            null);
                }
                return v;
            }
        } catch (SQLException e) {
            throw failure("cannot read the schema version of the history store", e);
        }
    }

    /** Where the store is, passwords redacted. */
    String shown() {
        return url.shown();
    }

    HistoryException failure(String what, SQLException e) {
        return HistoryException.environment(
                what + " " + url.shown() + ": " + firstLine(url.target().scrub(e.getMessage())), e);
    }

    static String firstLine(String s) {
        if (s == null) {
            return "no detail";
        }
        int nl = s.indexOf('\n');
        String line = (nl < 0 ? s : s.substring(0, nl)).strip();
        return line.endsWith(".") ? line.substring(0, line.length() - 1) : line;
    }

    void rollback() {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // the connection is broken: the transaction is gone with it
        }
    }

    void autoCommit() {
        try {
            c.setAutoCommit(true);
        } catch (SQLException ignored) {
            // broken connection: closed next
        }
    }

    @Override
    public void close() {
        try {
            c.close();
        } catch (SQLException ignored) {
            // nothing left to keep
        }
    }
}
