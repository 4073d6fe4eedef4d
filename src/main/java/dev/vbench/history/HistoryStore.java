package dev.vbench.history;

import dev.vbench.jdbc.JdbcTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The history store: plain JDBC with prepared statements over H2 or PostgreSQL, migrated to
 * {@link Schema#LATEST} when opened. A run is stored in one transaction (all or nothing; a process
 * killed mid-write leaves no half run). Two writers at once both land: PostgreSQL serialises the
 * transactions; an embedded H2 file admits one process at a time, so opening it waits (bounded,
 * {@link #LOCK_WAIT_PROPERTY}) until the other writer has closed it. Every failure is a
 * {@link HistoryException} with one line that never shows a password.
 *
 * <pre>{@code
 * try (HistoryStore store = HistoryStore.open(url, true)) {
 *     long runId = store.add(storedRun);
 * }
 * }</pre>
 */
public final class HistoryStore implements AutoCloseable {

    /** System property: milliseconds to wait for an H2 file another process holds (default 30000). */
    public static final String LOCK_WAIT_PROPERTY = "vbench.history.lockWaitMillis";

    private static final int H2_DATABASE_IN_USE = 90020;
    private static final int H2_LOCK_TIMEOUT = 50200;

    private final HistoryUrl url;
    private final Connection c;
    private final Map<String, Long> seriesIds = new HashMap<>();
    private final Map<List<String>, Long> jvmIds = new HashMap<>();
    private final Set<String> seriesMetrics = new HashSet<>();
    private Map<Long, String[]> jvmNames;
    private Runs runAttributes;

    private HistoryStore(HistoryUrl url, Connection c) {
        this.url = url;
        this.c = c;
    }

    /**
     * Opens (and migrates) the store.
     *
     * @param create whether this opening stores runs: a missing embedded H2 store may be created (verbs that
     *     only read refuse), and H2 compacts its file on close (the others skip that)
     */
    public static HistoryStore open(HistoryUrl url, boolean create) {
        if (url.h2File() != null && !Files.exists(url.h2File())) {
            if (!create) {
                throw HistoryException.usage("no history store at " + url.shown() + " (" + url.origin()
                        + "); store runs first with 'vbench run … --history' or 'vbench history add FILE.json'");
            }
            try {
                Files.createDirectories(url.h2File().toAbsolutePath().getParent());
            } catch (IOException e) {
                throw HistoryException.environment("cannot create the folder of the history store "
                        + url.h2File().getParent() + " (" + e.getMessage() + "); give --history a writable location", e);
            }
        }
        Connection c = connect(url, create);
        HistoryStore store = new HistoryStore(url, c);
        try {
            store.migrate();
            return store;
        } catch (RuntimeException e) {
            store.close();
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
            return t;
        }
        Map<String, String> props = new HashMap<>(t.extraProperties());
        List<String> settings = url.postgres() ? List.of("prepareThreshold") : List.of("MAX_COMPACT_TIME", "AUTO_COMPACT_FILL_RATE");
        for (String setting : settings) {
            if (!t.url().toUpperCase(Locale.ROOT).contains(setting.toUpperCase(Locale.ROOT))) {
                props.put(setting, url.postgres() ? "-1" : "0");
            }
        }
        return new JdbcTarget(t.url(), t.subprotocol(), t.endpoint(), t.secrets(), props);
    }

    private static Connection connect(HistoryUrl url, boolean write) {
        JdbcTarget target = target(url, write);
        long waitMillis = Long.getLong(LOCK_WAIT_PROPERTY, 30_000);
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
                    throw HistoryException.environment("the history store " + url.shown() + " stayed in use by another"
                            + " vbench process for " + waitMillis / 1000 + " s; retry when it has finished, or use"
                            + " PostgreSQL for many writers at once", e);
                }
                if (url.h2File() != null && Files.exists(url.h2File())) {
                    throw HistoryException.environment("cannot open the history store " + url.shown() + ": "
                            + firstLine(url.target().scrub(e.getMessage())) + "; the file may be corrupt: move it away"
                            + " (a new store is made) or restore a backup", e);
                }
                throw HistoryException.environment(url.target().connectFailure(e)
                        + "; check that the history database is running and the URL (" + url.origin() + ")", e);
            }
        }
    }

    private static void pause() {
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
                throw HistoryException.environment("the history store " + url.shown() + " has schema version " + version
                        + ", newer than this vbench understands (" + Schema.LATEST + "); upgrade vbench to use it", null);
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
                    try (PreparedStatement ps = c.prepareStatement("INSERT INTO schema_version (version, applied) VALUES (?, ?)")) {
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
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT MIN(id), MAX(id) FROM result")) {
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
                    throw HistoryException.environment("the database at " + url.shown() + " has history tables but no"
                            + " schema_version: it is damaged or not a vbench history store; give another --history URL", null);
                }
                return 0;
            }
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT MAX(version) FROM schema_version")) {
                rs.next();
                int v = rs.getInt(1);
                if (rs.wasNull()) {
                    throw HistoryException.environment("the history store " + url.shown() + " has an empty schema_version"
                            + " table: it is damaged; restore a backup or give another --history URL", null);
                }
                return v;
            }
        } catch (SQLException e) {
            throw failure("cannot read the schema version of the history store", e);
        }
    }

    /** Stores a run atomically; returns its id. */
    public long add(StoredRun run) {
        for (int attempt = 1; ; attempt++) {
            try {
                c.setAutoCommit(false);
                long id = insert(run);
                c.commit();
                runAttributes = null;
                return id;
            } catch (SQLException e) {
                rollback();
                forgetIds();
                if (attempt < 5 && retryable(e)) {
                    pause();
                    continue;
                }
                throw failure("cannot store the run in the history store", e);
            } finally {
                autoCommit();
            }
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
        return state.equals("23505") || state.equals("40001") || state.equals("40P01") || e.getErrorCode() == H2_LOCK_TIMEOUT;
    }

    private long insert(StoredRun run) throws SQLException {
        long testbed = testbedId(run.testbed());
        long runId;
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO run (testbed_id, started, started_ms, stored,"
                + " vbench_version, command_line, branch, git_commit, source, source_format, excluded, exclude_reason)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, FALSE, '')", Statement.RETURN_GENERATED_KEYS)) {
            ps.setLong(1, testbed);
            ps.setString(2, run.started().toString());
            ps.setLong(3, run.started().toEpochMilli());
            ps.setString(4, Instant.now().toString());
            ps.setString(5, run.vbenchVersion());
            ps.setString(6, url.target().scrub(run.commandLine()));
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
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO run_label (run_id, name, val) VALUES (?, ?, ?)")) {
                for (Map.Entry<String, String> label : new TreeMap<>(run.labels()).entrySet()) {
                    ps.setLong(1, runId);
                    ps.setString(2, label.getKey());
                    ps.setString(3, label.getValue());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        }
        try (PreparedStatement result = c.prepareStatement("INSERT INTO result (run_id, series_id, cell_id, status,"
                + " java_version, java_vendor, vm_name) VALUES (?, ?, ?, ?, ?, ?, ?)", Statement.RETURN_GENERATED_KEYS);
                PreparedStatement measurement = c.prepareStatement("INSERT INTO measurement (result_id, metric, unit,"
                        + " higher_is_better, n, median_value, ci_low, ci_high, mean_value, stdev, trial_values)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
                PreparedStatement point = c.prepareStatement("INSERT INTO series_point (result_id, metric, series_id, run_id,"
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
        try (PreparedStatement ps = c.prepareStatement("SELECT id, host, cpu_model, cores, memory_bytes, os, arch FROM testbed WHERE name = ?")) {
            ps.setString(1, t.name());
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    long id = rs.getLong(1);
                    boolean changed = !t.host().equals(rs.getString(2)) || !t.cpuModel().isEmpty() && !t.cpuModel().equals(rs.getString(3))
                            || t.cores() != rs.getInt(4) || t.memoryBytes() != 0 && t.memoryBytes() != rs.getLong(5)
                            || !t.os().equals(rs.getString(6)) || !t.arch().equals(rs.getString(7));
                    if (changed) {
                        try (PreparedStatement up = c.prepareStatement("UPDATE testbed SET host = ?, cpu_model = CASE WHEN ? = ''"
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
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO testbed (name, host, cpu_model, cores, memory_bytes, os, arch)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?)", Statement.RETURN_GENERATED_KEYS)) {
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
        try (PreparedStatement ps = c.prepareStatement("SELECT id FROM series WHERE testbed_id = ? AND fingerprint = ?")) {
            ps.setLong(1, testbed);
            ps.setString(2, k.fingerprint());
            try (ResultSet rs = ps.executeQuery()) {
                id = rs.next() ? rs.getLong(1) : -1;
            }
        }
        if (id < 0) {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO series (testbed_id, fingerprint, label, workload, params,"
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
        try (PreparedStatement ps = c.prepareStatement("SELECT MIN(id) FROM jvm WHERE java_version = ? AND java_vendor = ?"
                + " AND vm_name = ?")) {
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
            jvmNames = null;
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO jvm (java_version, java_vendor, vm_name) VALUES (?, ?, ?)",
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
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM series_metric WHERE series_id = ? AND metric = ?")) {
            ps.setLong(1, series);
            ps.setString(2, m.metric());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                known = rs.getLong(1) > 0;
            }
        }
        if (!known) {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO series_metric (series_id, metric, unit, higher_is_better)"
                    + " VALUES (?, ?, ?, ?)")) {
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

    static double[] decode(String text) {
        if (text == null || text.isBlank()) {
            return new double[0];
        }
        String[] parts = text.split(" ");
        double[] out = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = Double.parseDouble(parts[i]);
        }
        return out;
    }

    // ---- queries -------------------------------------------------------------------------

    /**
     * One stored run.
     *
     * @param cells results stored for it
     */
    public record RunInfo(long id, Instant started, String testbed, String branch, String commit, int cells,
            boolean excluded, String excludeReason, String source, String vbenchVersion, String commandLine,
            Map<String, String> labels) {}

    /** Every run, oldest first; {@code testbed} null for all machines. */
    public List<RunInfo> runs(String testbed) {
        Map<Long, Map<String, String>> labels = new HashMap<>();
        List<RunInfo> out = new ArrayList<>();
        try {
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT run_id, name, val FROM run_label ORDER BY run_id, name")) {
                while (rs.next()) {
                    labels.computeIfAbsent(rs.getLong(1), k -> new LinkedHashMap<>()).put(rs.getString(2), rs.getString(3));
                }
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT r.id, r.started_ms, t.name, r.branch, r.git_commit,"
                    + " (SELECT COUNT(*) FROM result x WHERE x.run_id = r.id), r.excluded, r.exclude_reason, r.source,"
                    + " r.vbench_version, r.command_line FROM run r JOIN testbed t ON t.id = r.testbed_id"
                    + " WHERE (? IS NULL OR t.name = ?) ORDER BY r.started_ms, r.id")) {
                ps.setString(1, testbed);
                ps.setString(2, testbed);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        long id = rs.getLong(1);
                        out.add(new RunInfo(id, Instant.ofEpochMilli(rs.getLong(2)), rs.getString(3), rs.getString(4),
                                rs.getString(5), rs.getInt(6), rs.getBoolean(7), rs.getString(8), rs.getString(9),
                                rs.getString(10), rs.getString(11), labels.getOrDefault(id, Map.of())));
                    }
                }
            }
        } catch (SQLException e) {
            throw failure("cannot read the runs", e);
        }
        return out;
    }

    /**
     * One series: a cell configuration on one testbed.
     *
     * @param runs results stored in it
     * @param first start of its oldest run, null when empty
     * @param last start of its newest run, null when empty
     */
    public record SeriesInfo(long id, String testbed, SeriesKey key, int runs, Instant first, Instant last) {}

    /** Every series, by id; {@code testbed} null for all machines. */
    public List<SeriesInfo> series(String testbed) {
        List<SeriesInfo> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT s.id, t.name, s.fingerprint, s.label, s.workload, s.params,"
                + " s.executor, s.tasks, s.concurrency, s.load_shape, s.jvm_label, s.jvm_options, s.runs, s.first_ms, s.last_ms"
                + " FROM series s JOIN testbed t ON t.id = s.testbed_id WHERE (? IS NULL OR t.name = ?) ORDER BY s.id")) {
            ps.setString(1, testbed);
            ps.setString(2, testbed);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    SeriesKey key = new SeriesKey(rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6),
                            rs.getString(7), rs.getLong(8), rs.getInt(9), rs.getString(10), rs.getString(11), rs.getString(12));
                    long first = rs.getLong(14);
                    Instant firstAt = rs.wasNull() ? null : Instant.ofEpochMilli(first);
                    long last = rs.getLong(15);
                    Instant lastAt = rs.wasNull() ? null : Instant.ofEpochMilli(last);
                    out.add(new SeriesInfo(rs.getLong(1), rs.getString(2), key, rs.getInt(13), firstAt, lastAt));
                }
            }
        } catch (SQLException e) {
            throw failure("cannot read the series", e);
        }
        return out;
    }

    /**
     * One run's value of one metric in one series. Its trials are read only when asked for
     * ({@link #trials}).
     *
     * @param unit the unit of the metric in this series (as first stored)
     * @param resultId the stored result (cell) the value belongs to
     */
    public record Point(long runId, Instant started, String branch, String commit, boolean excluded, String excludeReason,
            String metric, double median, double ciLow, double ciHigh, String unit, boolean higherIsBetter,
            String javaVersion, String javaVendor, long resultId) {}

    /**
     * Newest first: a range of the covering index {@code series_point_range}, read from the index
     * alone. The run's attributes come from {@link #runs()}: one scan of run serves every series and
     * metric a verb reads (joining run by key for each point cost twice the index range).
     */
    private static final String POINTS = "SELECT p.run_id, p.started_ms, p.median_value, p.ci_low, p.ci_high, p.jvm_id,"
            + " p.result_id FROM series_point p WHERE p.series_id = ? AND p.metric = ?"
            + " ORDER BY p.series_id, p.metric, p.started_ms DESC, p.run_id DESC";

    /** Every point of one metric of a series (excluded runs included, marked), oldest first. */
    public List<Point> points(long seriesId, String metric) {
        try (PreparedStatement ps = c.prepareStatement(POINTS)) {
            return readPoints(ps, seriesId, metric, Integer.MAX_VALUE, false);
        } catch (SQLException e) {
            throw failure("cannot read the series", e);
        }
    }

    /**
     * The newest {@code last} points of each metric of a series whose runs are not excluded:
     * metric → points, oldest first.
     */
    public Map<String, List<Point>> tail(long seriesId, int last) {
        Map<String, List<Point>> byMetric = new TreeMap<>();
        try (PreparedStatement ps = c.prepareStatement(POINTS)) {
            for (String metric : metrics(seriesId)) {
                List<Point> points = readPoints(ps, seriesId, metric, last, true);
                if (!points.isEmpty()) {
                    byMetric.put(metric, points);
                }
            }
            return byMetric;
        } catch (SQLException e) {
            throw failure("cannot read the series", e);
        }
    }

    /**
     * Runs {@code ps} (the {@link #POINTS} query) for at most {@code limit} points, those of excluded
     * runs left out when {@code skipExcluded}; oldest first.
     */
    private List<Point> readPoints(PreparedStatement ps, long seriesId, String metric, int limit, boolean skipExcluded)
            throws SQLException {
        MetricInfo info = metricInfo(seriesId, metric);
        if (info == null) {
            return List.of();
        }
        Map<Long, String[]> jvms = jvms();
        Runs runs = runs();
        ps.setLong(1, seriesId);
        ps.setString(2, metric);
        // enough rows for `limit` points even if every excluded run is among the newest
        ps.setMaxRows(limit == Integer.MAX_VALUE ? 0 : (int) Math.min(Integer.MAX_VALUE, (long) limit + runs.excluded()));
        List<Point> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next() && out.size() < limit) {
                long runId = rs.getLong(1);
                RunAttributes run = runs.byId().get(runId);
                if (run == null) { // stored by another writer since the runs were read
                    runAttributes = null;
                    runs = runs();
                    run = runs.byId().getOrDefault(runId, new RunAttributes("", "", false, ""));
                }
                if (skipExcluded && run.excluded()) {
                    continue;
                }
                String[] jvm = jvms.getOrDefault(rs.getLong(6), new String[] {"", ""});
                out.add(new Point(runId, Instant.ofEpochMilli(rs.getLong(2)), run.branch(), run.commit(), run.excluded(),
                        run.excludeReason(), metric, rs.getDouble(3), rs.getDouble(4), rs.getDouble(5), info.unit(),
                        info.higherIsBetter(), jvm[0], jvm[1], rs.getLong(7)));
            }
        }
        return out.reversed();
    }

    /** What a point shows of its run. */
    private record RunAttributes(String branch, String commit, boolean excluded, String excludeReason) {}

    /** Every run's attributes by id, and how many runs are excluded. */
    private record Runs(Map<Long, RunAttributes> byId, int excluded) {}

    /** Every run's attributes: read once per store (again after this store adds or excludes a run). */
    private Runs runs() throws SQLException {
        if (runAttributes == null) {
            Map<Long, RunAttributes> byId = new HashMap<>();
            int excluded = 0;
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT id, branch, git_commit, excluded, exclude_reason FROM run")) {
                while (rs.next()) {
                    RunAttributes run = new RunAttributes(rs.getString(2), rs.getString(3), rs.getBoolean(4), rs.getString(5));
                    byId.put(rs.getLong(1), run);
                    excluded += run.excluded() ? 1 : 0;
                }
            }
            runAttributes = new Runs(byId, excluded);
        }
        return runAttributes;
    }

    private record MetricInfo(String unit, boolean higherIsBetter) {}

    private MetricInfo metricInfo(long seriesId, String metric) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT unit, higher_is_better FROM series_metric"
                + " WHERE series_id = ? AND metric = ?")) {
            ps.setLong(1, seriesId);
            ps.setString(2, metric);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? new MetricInfo(rs.getString(1), rs.getBoolean(2)) : null;
            }
        }
    }

    /** Every JVM: id → {version, vendor}. A handful of rows, read once per store. */
    private Map<Long, String[]> jvms() throws SQLException {
        if (jvmNames == null) {
            Map<Long, String[]> out = new HashMap<>();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT id, java_version, java_vendor FROM jvm")) {
                while (rs.next()) {
                    out.put(rs.getLong(1), new String[] {rs.getString(2), rs.getString(3)});
                }
            }
            jvmNames = out;
        }
        return jvmNames;
    }

    /** Every trial's value of a point (read from the store on each call). */
    public double[] trials(Point point) {
        try (PreparedStatement ps = c.prepareStatement("SELECT trial_values FROM measurement WHERE result_id = ? AND metric = ?")) {
            ps.setLong(1, point.resultId());
            ps.setString(2, point.metric());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? decode(rs.getString(1)) : new double[0];
            }
        } catch (SQLException e) {
            throw failure("cannot read the trials of run " + point.runId(), e);
        }
    }

    /** The metrics stored for a series, sorted. */
    public List<String> metrics(long seriesId) {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT metric FROM series_metric WHERE series_id = ? ORDER BY metric")) {
            ps.setLong(1, seriesId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        } catch (SQLException e) {
            throw failure("cannot read the series", e);
        }
        return out;
    }

    /** Marks a run as left out of analysis, with the reason. */
    public void exclude(long runId, String reason) {
        runAttributes = null;
        try (PreparedStatement ps = c.prepareStatement("UPDATE run SET excluded = TRUE, exclude_reason = ? WHERE id = ?")) {
            ps.setString(1, reason);
            ps.setLong(2, runId);
            if (ps.executeUpdate() == 0) {
                throw HistoryException.usage("no run " + runId + " in the history store; see 'vbench history runs'");
            }
        } catch (SQLException e) {
            throw failure("cannot exclude the run", e);
        }
    }

    /**
     * An acknowledged change.
     *
     * @param runId the first run after the change
     */
    public record Ack(long seriesId, String metric, long runId, String reason, String acked) {}

    /** Acknowledges the change of {@code metric} in a series at {@code runId}. */
    public void ack(long seriesId, String metric, long runId, String reason) {
        try {
            boolean found;
            try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM result WHERE series_id = ? AND run_id = ?")) {
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
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO ack (series_id, metric, run_id, reason, acked)"
                    + " VALUES (?, ?, ?, ?, ?)")) {
                ps.setLong(1, seriesId);
                ps.setString(2, metric);
                ps.setLong(3, runId);
                ps.setString(4, reason);
                ps.setString(5, Instant.now().toString());
                ps.executeUpdate();
            }
        } catch (SQLException e) {
            throw failure("cannot acknowledge the change", e);
        }
    }

    /** Acknowledged changes of a series (every metric), oldest first. */
    public List<Ack> acks(long seriesId) {
        List<Ack> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT series_id, metric, run_id, reason, acked FROM ack"
                + " WHERE series_id = ? ORDER BY id")) {
            ps.setLong(1, seriesId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Ack(rs.getLong(1), rs.getString(2), rs.getLong(3), rs.getString(4), rs.getString(5)));
                }
            }
        } catch (SQLException e) {
            throw failure("cannot read the acknowledged changes", e);
        }
        return out;
    }

    /** The original document of a run, as stored (JSON text). */
    public String document(long runId) {
        try (PreparedStatement ps = c.prepareStatement("SELECT document FROM run_document WHERE run_id = ?")) {
            ps.setLong(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw HistoryException.usage("no run " + runId + " in the history store; see 'vbench history runs'");
                }
                return Importer.gunzip(rs.getBytes(1));
            }
        } catch (SQLException e) {
            throw failure("cannot read the run", e);
        }
    }

    /**
     * What {@link #compact} did.
     *
     * @param action what was done, in words ({@code SHUTDOWN COMPACT}, {@code VACUUM ANALYZE of its 11 tables})
     * @param bytesBefore the store's size before: the H2 file, or PostgreSQL's tables with their indexes and TOAST
     * @param bytesAfter the same after
     * @param seconds how long it took
     */
    public record Compaction(String action, long bytesBefore, long bytesAfter, double seconds) {}

    /**
     * Compacts the store. An H2 file is rewritten whole by {@code SHUTDOWN COMPACT} (H2 copies every
     * live page into a new file, compressed, and replaces the old one atomically: a process killed
     * meanwhile leaves the old file as it was); the store is closed afterwards. PostgreSQL reuses the
     * space of deleted rows itself (autovacuum), and vbench only inserts, except the run counts of
     * {@code series} and the exclusions of {@code run}: a {@code VACUUM ANALYZE} of vbench's tables
     * clears what those left and refreshes the planner's statistics, without the exclusive lock of
     * {@code VACUUM FULL} (writers go on). An H2 database that is not a local file cannot be compacted here.
     */
    public Compaction compact() {
        long start = System.nanoTime();
        try {
            if (url.postgres()) {
                long before = postgresBytes();
                try (Statement s = c.createStatement()) {
                    for (String table : Schema.TABLES) {
                        s.execute("VACUUM (ANALYZE) " + table);
                    }
                }
                return new Compaction("VACUUM ANALYZE of its " + Schema.TABLES.size() + " tables", before, postgresBytes(),
                        (System.nanoTime() - start) / 1e9);
            }
            Path file = url.h2File();
            if (file == null) {
                throw HistoryException.usage("the history store " + url.shown() + " is not an H2 file; compact works on"
                        + " jdbc:h2:file:PATH stores and PostgreSQL");
            }
            long before = Files.size(file);
            try (Statement s = c.createStatement()) {
                s.execute("SHUTDOWN COMPACT");
            }
            return new Compaction("SHUTDOWN COMPACT", before, Files.size(file), (System.nanoTime() - start) / 1e9);
        } catch (SQLException e) {
            throw failure("cannot compact the history store", e);
        } catch (IOException e) {
            throw HistoryException.environment("cannot read the size of the history store " + url.shown() + ": " + e.getMessage(), e);
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

    /** Where the store is, passwords redacted. */
    public String shown() {
        return url.shown();
    }

    private HistoryException failure(String what, SQLException e) {
        return HistoryException.environment(what + " " + url.shown() + ": " + firstLine(url.target().scrub(e.getMessage())), e);
    }

    static String firstLine(String s) {
        if (s == null) {
            return "no detail";
        }
        int nl = s.indexOf('\n');
        String line = (nl < 0 ? s : s.substring(0, nl)).strip();
        return line.endsWith(".") ? line.substring(0, line.length() - 1) : line;
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    private void rollback() {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // the connection is broken: the transaction is gone with it
        }
    }

    private void autoCommit() {
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
