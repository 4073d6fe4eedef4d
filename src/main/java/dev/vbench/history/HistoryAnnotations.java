package dev.vbench.history;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What people add to the history and how it is kept: exclusions of runs, acknowledged changes, and
 * compaction of the store (an H2 file rewritten whole, PostgreSQL's tables vacuumed).
 */
final class HistoryAnnotations {

    private final HistoryDatabase db;
    private final Connection c;

    HistoryAnnotations(HistoryDatabase db) {
        this.db = db;
        this.c = db.c;
    }

    /** Marks a run as left out of analysis, with the reason. */
    void exclude(long runId, String reason) {
        Schema.checkText("--reason", reason, Schema.REASON_CHARS);
        try (PreparedStatement ps =
                c.prepareStatement("UPDATE run SET excluded = TRUE, exclude_reason = ? WHERE id = ?")) {
            ps.setString(1, reason);
            ps.setLong(2, runId);
            if (ps.executeUpdate() == 0) {
                throw HistoryException.usage("no run " + runId + " in the history store; see 'vbench history runs'");
            }
        } catch (SQLException e) {
            throw db.failure("cannot exclude the run", e);
        }
    }

    /** Acknowledges the change of {@code metric} in a series at {@code runId}. */
    void ack(long seriesId, String metric, long runId, String reason) {
        Schema.checkText("--reason", reason, Schema.REASON_CHARS);
        try {
            boolean found;
            try (PreparedStatement ps =
                    c.prepareStatement("SELECT COUNT(*) FROM result WHERE series_id = ? AND run_id = ?")) {
                ps.setLong(1, seriesId);
                ps.setLong(2, runId);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    found = rs.getLong(1) > 0;
                }
            }
            if (!found) {
                throw HistoryException.usage("run " + runId + " has no result in series " + seriesId
                        + "; see 'vbench history show " + seriesId + "'");
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO ack (series_id, metric, run_id, reason, acked)" + " VALUES (?, ?, ?, ?, ?)")) {
                ps.setLong(1, seriesId);
                ps.setString(2, metric);
                ps.setLong(3, runId);
                ps.setString(4, reason);
                ps.setString(5, Instant.now().toString());
                ps.executeUpdate();
            }
        } catch (SQLException e) {
            throw db.failure("cannot acknowledge the change", e);
        }
    }

    /** Acknowledged changes of a series (every metric), oldest first. */
    List<HistoryStore.Ack> acks(long seriesId) {
        List<HistoryStore.Ack> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT series_id, metric, run_id, reason, acked FROM ack" + " WHERE series_id = ? ORDER BY id")) {
            ps.setLong(1, seriesId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new HistoryStore.Ack(
                            rs.getLong(1), rs.getString(2), rs.getLong(3), rs.getString(4), rs.getString(5)));
                }
            }
        } catch (SQLException e) {
            throw db.failure("cannot read the acknowledged changes", e);
        }
        return out;
    }

    /**
     * Compacts the store. An H2 file is rewritten whole by {@code SHUTDOWN COMPACT} (H2 copies every
     * live page into a new file, compressed, and replaces the old one atomically: a process killed
     * meanwhile leaves the old file as it was); the store is closed afterwards. PostgreSQL reuses the
     * space of deleted rows itself (autovacuum), and vbench only inserts, except the run counts of
     * {@code series} and the exclusions of {@code run}: a {@code VACUUM ANALYZE} of vbench's tables
     * clears what those left and refreshes the planner's statistics, without the exclusive lock of
     * {@code VACUUM FULL} (writers go on). An H2 database that is not a local file cannot be compacted here.
     */
    HistoryStore.Compaction compact() {
        long start = System.nanoTime();
        try {
            if (db.url.postgres()) {
                long before = postgresBytes();
                try (Statement s = c.createStatement()) {
                    for (String table : Schema.TABLES) {
                        s.execute("VACUUM (ANALYZE) " + table);
                    }
                }
                return new HistoryStore.Compaction(
                        "VACUUM ANALYZE of its " + Schema.TABLES.size() + " tables",
                        before,
                        postgresBytes(),
                        (System.nanoTime() - start) / 1e9);
            }
            Path file = db.url.h2File();
            if (file == null) {
                throw HistoryException.usage("the history store " + db.url.shown()
                        + " is not an H2 file; compact works on" + " jdbc:h2:file:PATH stores and PostgreSQL");
            }
            long before = Files.size(file);
            try (Statement s = c.createStatement()) {
                s.execute("SHUTDOWN COMPACT");
            }
            return new HistoryStore.Compaction(
                    "SHUTDOWN COMPACT", before, Files.size(file), (System.nanoTime() - start) / 1e9);
        } catch (SQLException e) {
            throw db.failure("cannot compact the history store", e);
        } catch (IOException e) {
            throw HistoryException.environment(
                    "cannot read the size of the history store " + db.url.shown() + ": " + e.getMessage(), e);
        }
    }

    /** PostgreSQL: the bytes of vbench's tables in the current schema, indexes and TOAST included. */
    private long postgresBytes() throws SQLException {
        long total = 0;
        try (PreparedStatement ps = c.prepareStatement("SELECT COALESCE(pg_total_relation_size(to_regclass(?)), 0)")) {
            for (String table : Schema.TABLES) {
                ps.setString(1, table);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    total += rs.getLong(1);
                }
            }
        }
        return total;
    }
}
