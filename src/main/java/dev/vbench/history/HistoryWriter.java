package dev.vbench.history;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Writes runs into the history store: one run in one transaction (all or nothing; a process killed
 * mid-write leaves no half run), retried when another writer held it up. Testbeds, series, JVMs and
 * a series' metrics are found or added on the way, their ids cached for the store's life (forgotten
 * after a rollback).
 */
final class HistoryWriter {

    private final HistoryDatabase db;
    private final Connection c;
    private final Map<String, Long> seriesIds = new HashMap<>();
    private final Map<List<String>, Long> jvmIds = new HashMap<>();
    private final Set<String> seriesMetrics = new HashSet<>();

    HistoryWriter(HistoryDatabase db) {
        this.db = db;
        this.c = db.c;
    }

    /** Stores a run atomically; returns its id. */
    long add(StoredRun run) {
        for (int attempt = 1; ; attempt++) {
            try {
                c.setAutoCommit(false);
                long id = insert(run);
                c.commit();
                return id;
            } catch (SQLException e) {
                db.rollback();
                forgetIds();
                if (attempt < 5 && retryable(e)) {
                    HistoryDatabase.pause();
                    continue;
                }
                throw db.failure("cannot store the run in the history store", e);
            } finally {
                db.autoCommit();
            }
        }
    }

    /** Stores one noise measurement ({@link HistoryStore#addNoise}) atomically. */
    void addNoise(Testbed testbed, Instant measured, String commandLine, List<HistoryStore.NoiseRow> rows) {
        try {
            c.setAutoCommit(false);
            long tb = testbedId(testbed);
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO noise (testbed_id, measured_ms, command_line,"
                            + " table_title, row_label, repeats, false_positives, noise_floor, mde) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                for (HistoryStore.NoiseRow r : rows) {
                    ps.setLong(1, tb);
                    ps.setLong(2, measured.toEpochMilli());
                    ps.setString(3, commandLine);
                    ps.setString(4, r.table());
                    ps.setString(5, r.row());
                    ps.setInt(6, r.repeats());
                    ps.setInt(7, r.falsePositives());
                    ps.setDouble(8, r.floor());
                    ps.setDouble(9, r.mde());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            c.commit();
        } catch (SQLException e) {
            db.rollback();
            throw db.failure("cannot store the noise measurement in the history store", e);
        } finally {
            db.autoCommit();
        }
    }

    /** After a rollback: ids read or made in the transaction may be gone. */
    private void forgetIds() {
        seriesIds.clear();
        jvmIds.clear();
        seriesMetrics.clear();
    }

    private static boolean retryable(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        return state.equals("23505")
                || state.equals("40001")
                || state.equals("40P01")
                || e.getErrorCode() == HistoryDatabase.H2_LOCK_TIMEOUT;
    }

    private long insert(StoredRun run) throws SQLException {
        long testbed = testbedId(run.testbed());
        long runId;
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO run (testbed_id, started, started_ms, stored,"
                        + " vbench_version, command_line, branch, git_commit, source, source_format, excluded, exclude_reason)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, FALSE, '')",
                Statement.RETURN_GENERATED_KEYS)) {
            ps.setLong(1, testbed);
            ps.setString(2, run.started().toString());
            ps.setLong(3, run.started().toEpochMilli());
            ps.setString(4, Instant.now().toString());
            ps.setString(5, run.vbenchVersion());
            ps.setString(6, db.url.target().scrub(run.commandLine()));
            ps.setString(7, run.branch());
            ps.setString(8, run.commit());
            ps.setString(9, run.source());
            ps.setString(10, run.format());
            ps.executeUpdate();
            runId = generatedId(ps);
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO run_document (run_id, document) VALUES (?, ?)")) {
            ps.setLong(1, runId);
            ps.setBytes(2, run.documentGzip());
            ps.executeUpdate();
        }
        if (!run.labels().isEmpty()) {
            try (PreparedStatement ps =
                    c.prepareStatement("INSERT INTO run_label (run_id, name, val) VALUES (?, ?, ?)")) {
                for (Map.Entry<String, String> label : new TreeMap<>(run.labels()).entrySet()) {
                    ps.setLong(1, runId);
                    ps.setString(2, label.getKey());
                    ps.setString(3, label.getValue());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        }
        try (PreparedStatement result = c.prepareStatement(
                        "INSERT INTO result (run_id, series_id, cell_id, status,"
                                + " java_version, java_vendor, vm_name) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        Statement.RETURN_GENERATED_KEYS);
                PreparedStatement measurement = c.prepareStatement("INSERT INTO measurement (result_id, metric, unit,"
                        + " higher_is_better, n, median_value, ci_low, ci_high, mean_value, stdev, trial_values)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
                PreparedStatement point = c.prepareStatement(
                        "INSERT INTO series_point (result_id, metric, series_id, run_id,"
                                + " started_ms, jvm_id, median_value, ci_low, ci_high) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
                PreparedStatement counts = c.prepareStatement("UPDATE series SET runs = runs + 1,"
                        + " first_ms = CASE WHEN first_ms IS NULL OR first_ms > ? THEN ? ELSE first_ms END,"
                        + " last_ms = CASE WHEN last_ms IS NULL OR last_ms < ? THEN ? ELSE last_ms END WHERE id = ?")) {
            long startedMs = run.started().toEpochMilli();
            for (StoredRun.Cell cell : run.cells()) {
                long series = seriesId(testbed, cell.series());
                long jvm = jvmId(nz(cell.javaVersion()), nz(cell.javaVendor()), nz(cell.vmName()));
                result.setLong(1, runId);
                result.setLong(2, series);
                result.setString(3, cell.cellId());
                result.setString(4, cell.status());
                result.setString(5, nz(cell.javaVersion()));
                result.setString(6, nz(cell.javaVendor()));
                result.setString(7, nz(cell.vmName()));
                result.executeUpdate();
                long resultId = generatedId(result);
                counts.setLong(1, startedMs);
                counts.setLong(2, startedMs);
                counts.setLong(3, startedMs);
                counts.setLong(4, startedMs);
                counts.setLong(5, series);
                counts.addBatch();
                for (StoredRun.Measurement m : cell.measurements()) {
                    seriesMetric(series, m);
                    measurement.setLong(1, resultId);
                    measurement.setString(2, m.metric());
                    measurement.setString(3, m.unit());
                    measurement.setBoolean(4, m.higherIsBetter());
                    measurement.setInt(5, m.summary().n());
                    measurement.setDouble(6, m.summary().median());
                    measurement.setDouble(7, m.summary().ciLow());
                    measurement.setDouble(8, m.summary().ciHigh());
                    measurement.setDouble(9, m.summary().mean());
                    measurement.setDouble(10, m.summary().stdev());
                    measurement.setString(11, encode(m.trials()));
                    measurement.addBatch();
                    point.setLong(1, resultId);
                    point.setString(2, m.metric());
                    point.setLong(3, series);
                    point.setLong(4, runId);
                    point.setLong(5, startedMs);
                    point.setLong(6, jvm);
                    point.setDouble(7, m.summary().median());
                    point.setDouble(8, m.summary().ciLow());
                    point.setDouble(9, m.summary().ciHigh());
                    point.addBatch();
                }
            }
            measurement.executeBatch();
            point.executeBatch();
            counts.executeBatch();
        }
        return runId;
    }

    private long testbedId(Testbed t) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT id, host, cpu_model, cores, memory_bytes, os, arch FROM testbed WHERE name = ?")) {
            ps.setString(1, t.name());
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    long id = rs.getLong(1);
                    boolean changed = !t.host().equals(rs.getString(2))
                            || !t.cpuModel().isEmpty() && !t.cpuModel().equals(rs.getString(3))
                            || t.cores() != rs.getInt(4)
                            || t.memoryBytes() != 0 && t.memoryBytes() != rs.getLong(5)
                            || !t.os().equals(rs.getString(6))
                            || !t.arch().equals(rs.getString(7));
                    if (changed) {
                        try (PreparedStatement up =
                                c.prepareStatement("UPDATE testbed SET host = ?, cpu_model = CASE WHEN ? = ''"
                                        + " THEN cpu_model ELSE ? END, cores = ?, memory_bytes = CASE WHEN ? = 0 THEN memory_bytes ELSE ? END,"
                                        + " os = ?, arch = ? WHERE id = ?")) {
                            up.setString(1, t.host());
                            up.setString(2, t.cpuModel());
                            up.setString(3, t.cpuModel());
                            up.setInt(4, t.cores());
                            up.setLong(5, t.memoryBytes());
                            up.setLong(6, t.memoryBytes());
                            up.setString(7, t.os());
                            up.setString(8, t.arch());
                            up.setLong(9, id);
                            up.executeUpdate();
                        }
                    }
                    return id;
                }
            }
        }
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO testbed (name, host, cpu_model, cores, memory_bytes, os, arch)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?)",
                Statement.RETURN_GENERATED_KEYS)) {
            ps.setString(1, t.name());
            ps.setString(2, t.host());
            ps.setString(3, t.cpuModel());
            ps.setInt(4, t.cores());
            ps.setLong(5, t.memoryBytes());
            ps.setString(6, t.os());
            ps.setString(7, t.arch());
            ps.executeUpdate();
            return generatedId(ps);
        }
    }

    private long seriesId(long testbed, SeriesKey k) throws SQLException {
        String cacheKey = testbed + "/" + k.fingerprint();
        Long cached = seriesIds.get(cacheKey);
        if (cached != null) {
            return cached;
        }
        long id;
        try (PreparedStatement ps =
                c.prepareStatement("SELECT id FROM series WHERE testbed_id = ? AND fingerprint = ?")) {
            ps.setLong(1, testbed);
            ps.setString(2, k.fingerprint());
            try (ResultSet rs = ps.executeQuery()) {
                id = rs.next() ? rs.getLong(1) : -1;
            }
        }
        if (id < 0) {
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO series (testbed_id, fingerprint, label, workload, params,"
                            + " executor, tasks, concurrency, load_shape, jvm_label, jvm_options) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    Statement.RETURN_GENERATED_KEYS)) {
                ps.setLong(1, testbed);
                ps.setString(2, k.fingerprint());
                ps.setString(3, k.label());
                ps.setString(4, k.workload());
                ps.setString(5, k.params());
                ps.setString(6, k.executor());
                ps.setLong(7, k.tasks());
                ps.setInt(8, k.concurrency());
                ps.setString(9, k.loadShape());
                ps.setString(10, k.jvmLabel());
                ps.setString(11, k.jvmOptions());
                ps.executeUpdate();
                id = generatedId(ps);
            }
        }
        seriesIds.put(cacheKey, id);
        return id;
    }

    /** The id of a JVM (version, vendor, VM name); a row is added for a new one. */
    private long jvmId(String version, String vendor, String vmName) throws SQLException {
        List<String> cacheKey = List.of(version, vendor, vmName);
        Long cached = jvmIds.get(cacheKey);
        if (cached != null) {
            return cached;
        }
        long id;
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT MIN(id) FROM jvm WHERE java_version = ? AND java_vendor = ?" + " AND vm_name = ?")) {
            ps.setString(1, version);
            ps.setString(2, vendor);
            ps.setString(3, vmName);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                id = rs.getLong(1);
                if (rs.wasNull()) {
                    id = -1;
                }
            }
        }
        if (id < 0) { // two writers may both add one: harmless, every id names the same JVM
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO jvm (java_version, java_vendor, vm_name) VALUES (?, ?, ?)",
                    Statement.RETURN_GENERATED_KEYS)) {
                ps.setString(1, version);
                ps.setString(2, vendor);
                ps.setString(3, vmName);
                ps.executeUpdate();
                id = generatedId(ps);
            }
        }
        jvmIds.put(cacheKey, id);
        return id;
    }

    /** Records that a series has a metric (its unit and direction as first stored). */
    private void seriesMetric(long series, StoredRun.Measurement m) throws SQLException {
        String cacheKey = series + "/" + m.metric();
        if (seriesMetrics.contains(cacheKey)) {
            return;
        }
        boolean known;
        try (PreparedStatement ps =
                c.prepareStatement("SELECT COUNT(*) FROM series_metric WHERE series_id = ? AND metric = ?")) {
            ps.setLong(1, series);
            ps.setString(2, m.metric());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                known = rs.getLong(1) > 0;
            }
        }
        if (!known) {
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO series_metric (series_id, metric, unit, higher_is_better)" + " VALUES (?, ?, ?, ?)")) {
                ps.setLong(1, series);
                ps.setString(2, m.metric());
                ps.setString(3, m.unit());
                ps.setBoolean(4, m.higherIsBetter());
                ps.executeUpdate();
            }
        }
        seriesMetrics.add(cacheKey);
    }

    private static long generatedId(PreparedStatement ps) throws SQLException {
        try (ResultSet keys = ps.getGeneratedKeys()) {
            if (!keys.next()) {
                throw new SQLException("no generated id");
            }
            return keys.getLong(1);
        }
    }

    /** Trial values as text, exactly ({@link Double#toString} round-trips), space-separated. */
    static String encode(double[] values) {
        StringBuilder sb = new StringBuilder();
        for (double v : values) {
            if (!sb.isEmpty()) {
                sb.append(' ');
            }
            sb.append(v);
        }
        return sb.toString();
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
