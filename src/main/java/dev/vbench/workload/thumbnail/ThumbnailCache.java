package dev.vbench.workload.thumbnail;

import dev.vbench.workload.pool.BoundedPool;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The thumbnail cache table {@code thumbnails(file_path PK, modified_time, file_length,
 * thumbnail BLOB)} in an embedded H2 file database, used through a {@link BoundedPool} of connections. Every
 * operation takes a connection, prepares its statement (H2 caches the parsed query per session),
 * runs it with auto-commit and gives the connection back.
 *
 * <pre>{@code
 * try (ThumbnailCache cache = ThumbnailCache.create(dir, 10)) {
 *     cache.upsert("/photos/a.jpg", modified, length, jpegBytes);
 *     byte[] jpeg = cache.find("/photos/a.jpg");
 * }
 * }</pre>
 */
final class ThumbnailCache implements AutoCloseable {

    /** SQLState of a unique-key violation: a concurrent MERGE inserted the same key first. */
    private static final String DUPLICATE_KEY = "23505";

    private final BoundedPool<Connection> pool;

    private ThumbnailCache(BoundedPool<Connection> pool) {
        this.pool = pool;
    }

    /** Creates the database in {@code dir} with the table, and a pool of {@code connections}. */
    static ThumbnailCache create(Path dir, int connections) throws SQLException {
        String url = "jdbc:h2:file:" + dir.toAbsolutePath().resolve("thumbnails") + ";DB_CLOSE_ON_EXIT=FALSE";
        BoundedPool<Connection> pool = new BoundedPool<>(open(url, connections), Connection::close);
        ThumbnailCache cache = new ThumbnailCache(pool);
        cache.execute("CREATE TABLE IF NOT EXISTS thumbnails (file_path VARCHAR(4096) PRIMARY KEY,"
                + " modified_time BIGINT NOT NULL, file_length BIGINT NOT NULL, thumbnail BLOB NOT NULL)");
        return cache;
    }

    /** Opens {@code n} auto-commit connections, closing those already open when one fails. */
    private static List<Connection> open(String url, int n) throws SQLException {
        List<Connection> opened = new ArrayList<>(n);
        try {
            for (int i = 0; i < n; i++) {
                Connection c = DriverManager.getConnection(url, "sa", "");
                opened.add(c);
                c.setAutoCommit(true);
            }
            return opened;
        } catch (SQLException e) {
            for (Connection c : opened) {
                try {
                    c.close();
                } catch (SQLException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
    }

    /** Removes every row (a cold cache). */
    void clear() throws SQLException {
        execute("TRUNCATE TABLE thumbnails");
    }

    /** Inserts or replaces the row of {@code path}. */
    void upsert(String path, long modifiedTime, long fileLength, byte[] jpeg)
            throws SQLException, InterruptedException {
        Connection c = pool.borrow();
        try {
            for (int attempt = 1; ; attempt++) {
                try (PreparedStatement s = c.prepareStatement("MERGE INTO thumbnails (file_path, modified_time,"
                        + " file_length, thumbnail) KEY (file_path) VALUES (?, ?, ?, ?)")) {
                    s.setString(1, path);
                    s.setLong(2, modifiedTime);
                    s.setLong(3, fileLength);
                    s.setBytes(4, jpeg);
                    s.executeUpdate();
                    return;
                } catch (SQLException e) {
                    if (!DUPLICATE_KEY.equals(e.getSQLState()) || attempt == 3) {
                        throw e;
                    }
                    // two tasks merged the same new key at once; the retry updates the row the other inserted
                }
            }
        } finally {
            pool.release(c);
        }
    }

    /** Whether a row for {@code path} exists ({@code SELECT 1} by key). */
    boolean exists(String path) throws SQLException, InterruptedException {
        Connection c = pool.borrow();
        try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM thumbnails WHERE file_path = ?")) {
            s.setString(1, path);
            try (ResultSet r = s.executeQuery()) {
                return r.next();
            }
        } finally {
            pool.release(c);
        }
    }

    /** The cached JPEG of {@code path}, or null. */
    byte[] find(String path) throws SQLException, InterruptedException {
        Connection c = pool.borrow();
        try (PreparedStatement s = c.prepareStatement("SELECT thumbnail FROM thumbnails WHERE file_path = ?")) {
            s.setString(1, path);
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? r.getBytes(1) : null;
            }
        } finally {
            pool.release(c);
        }
    }

    /** Whether the row of {@code path} exists and records this modification time and length. */
    boolean upToDate(String path, long modifiedTime, long fileLength) throws SQLException, InterruptedException {
        Connection c = pool.borrow();
        try (PreparedStatement s =
                c.prepareStatement("SELECT modified_time, file_length FROM thumbnails WHERE file_path = ?")) {
            s.setString(1, path);
            try (ResultSet r = s.executeQuery()) {
                return r.next() && r.getLong(1) == modifiedTime && r.getLong(2) == fileLength;
            }
        } finally {
            pool.release(c);
        }
    }

    /** Rows in the table. */
    long count() throws SQLException, InterruptedException {
        Connection c = pool.borrow();
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT COUNT(*) FROM thumbnails")) {
            r.next();
            return r.getLong(1);
        } finally {
            pool.release(c);
        }
    }

    private void execute(String sql) throws SQLException {
        Connection c;
        try {
            c = pool.borrow();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while waiting for a connection", e);
        }
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        } finally {
            pool.release(c);
        }
    }

    @Override
    public void close() throws Exception {
        pool.close();
    }
}
