package dev.vbench.history;

import dev.vbench.spi.Redactor;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads the history store: runs, series, a series' points (one range of the covering index
 * {@code series_point_range}, read from the index alone), the trials of a point, a run's document.
 * Run attributes and JVM names are read once per store and kept until {@link #forget}.
 */
final class HistoryQueries {

    private final HistoryDatabase db;
    private final Connection c;
    private Map<Long, String[]> jvmNames;
    private RunIndex runAttributes;
    private String lastGeneration;

    HistoryQueries(HistoryDatabase db) {
        this.db = db;
        this.c = db.c;
    }

    /** After this store added or excluded a run: run attributes and JVM names are read again. */
    void forget() {
        runAttributes = null;
        jvmNames = null;
    }

    /** The columns of a {@link HistoryStore.RunInfo}, as {@link #runInfo} reads them; a WHERE clause follows. */
    private static final String RUN_INFO = "SELECT r.id, r.started_ms, t.name, r.branch, r.git_commit,"
            + " (SELECT COUNT(*) FROM result x WHERE x.run_id = r.id), r.excluded, r.exclude_reason, r.source,"
            + " r.vbench_version, r.command_line FROM run r JOIN testbed t ON t.id = r.testbed_id";

    /** The run on the current row of a {@link #RUN_INFO} query, with its labels. */
    private static HistoryStore.RunInfo runInfo(ResultSet rs, Map<String, String> labels) throws SQLException {
        return new HistoryStore.RunInfo(
                rs.getLong(1),
                Instant.ofEpochMilli(rs.getLong(2)),
                rs.getString(3),
                rs.getString(4),
                rs.getString(5),
                rs.getInt(6),
                rs.getBoolean(7),
                rs.getString(8),
                rs.getString(9),
                rs.getString(10),
                rs.getString(11),
                labels);
    }

    /** Every run, oldest first; {@code testbed} null for all machines. */
    List<HistoryStore.RunInfo> runs(String testbed) {
        Map<Long, Map<String, String>> labels = new HashMap<>();
        List<HistoryStore.RunInfo> out = new ArrayList<>();
        try {
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT run_id, name, val FROM run_label ORDER BY run_id, name")) {
                while (rs.next()) {
                    labels.computeIfAbsent(rs.getLong(1), k -> new LinkedHashMap<>())
                            .put(rs.getString(2), rs.getString(3));
                }
            }
            try (PreparedStatement ps =
                    c.prepareStatement(RUN_INFO + " WHERE (? IS NULL OR t.name = ?) ORDER BY r.started_ms, r.id")) {
                ps.setString(1, testbed);
                ps.setString(2, testbed);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(runInfo(rs, labels.getOrDefault(rs.getLong(1), Map.of())));
                    }
                }
            }
        } catch (SQLException e) {
            throw db.failure("cannot read the runs", e);
        }
        return out;
    }

    /** The newest noise measurement of {@code testbed}: its time, command and largest floor; null when none. */
    HistoryStore.NoiseFloor noiseFloor(String testbed) {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT n.measured_ms, n.command_line, COUNT(*), MAX(n.noise_floor)"
                        + " FROM noise n JOIN testbed t ON t.id = n.testbed_id WHERE t.name = ? AND n.measured_ms = (SELECT"
                        + " MAX(m.measured_ms) FROM noise m WHERE m.testbed_id = t.id) GROUP BY n.measured_ms, n.command_line")) {
            ps.setString(1, testbed);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next()
                        ? new HistoryStore.NoiseFloor(
                                testbed,
                                Instant.ofEpochMilli(rs.getLong(1)),
                                rs.getString(2),
                                rs.getInt(3),
                                rs.getDouble(4))
                        : null;
            }
        } catch (SQLException e) {
            throw db.failure("cannot read the noise measurements", e);
        }
    }

    /** Every series, by id; {@code testbed} null for all machines. */
    List<HistoryStore.SeriesInfo> series(String testbed) {
        List<HistoryStore.SeriesInfo> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT s.id, t.name, s.fingerprint, s.label, s.workload, s.params,"
                        + " s.executor, s.tasks, s.concurrency, s.load_shape, s.jvm_label, s.jvm_options, s.runs, s.first_ms, s.last_ms"
                        + " FROM series s JOIN testbed t ON t.id = s.testbed_id WHERE (? IS NULL OR t.name = ?) ORDER BY s.id")) {
            ps.setString(1, testbed);
            ps.setString(2, testbed);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    SeriesKey key = new SeriesKey(
                            rs.getString(3),
                            rs.getString(4),
                            rs.getString(5),
                            rs.getString(6),
                            rs.getString(7),
                            rs.getLong(8),
                            rs.getInt(9),
                            rs.getString(10),
                            rs.getString(11),
                            rs.getString(12));
                    long first = rs.getLong(14);
                    Instant firstAt = rs.wasNull() ? null : Instant.ofEpochMilli(first);
                    long last = rs.getLong(15);
                    Instant lastAt = rs.wasNull() ? null : Instant.ofEpochMilli(last);
                    out.add(new HistoryStore.SeriesInfo(
                            rs.getLong(1), rs.getString(2), key, rs.getInt(13), firstAt, lastAt));
                }
            }
        } catch (SQLException e) {
            throw db.failure("cannot read the series", e);
        }
        return out;
    }

    /**
     * Newest first: a range of the covering index {@code series_point_range}, read from the index
     * alone. The run's attributes come from {@link #runs()}: one scan of run serves every series and
     * metric a verb reads (joining run by key for each point cost twice the index range).
     */
    private static final String POINTS = "SELECT p.run_id, p.started_ms, p.median_value, p.ci_low, p.ci_high, p.jvm_id,"
            + " p.result_id FROM series_point p WHERE p.series_id = ? AND p.metric = ?"
            + " ORDER BY p.series_id, p.metric, p.started_ms DESC, p.run_id DESC";

    /** Every point of one metric of a series (excluded runs included, marked), oldest first. */
    List<HistoryStore.Point> points(long seriesId, String metric) {
        try (PreparedStatement ps = c.prepareStatement(POINTS)) {
            return readPoints(ps, seriesId, metric, Integer.MAX_VALUE, false);
        } catch (SQLException e) {
            throw db.failure("cannot read the series", e);
        }
    }

    /**
     * The newest {@code last} points of each metric of a series whose runs are not excluded:
     * metric → points, oldest first.
     */
    Map<String, List<HistoryStore.Point>> tail(long seriesId, int last) {
        Map<String, List<HistoryStore.Point>> byMetric = new TreeMap<>();
        try (PreparedStatement ps = c.prepareStatement(POINTS)) {
            for (String metric : metrics(seriesId)) {
                List<HistoryStore.Point> points = readPoints(ps, seriesId, metric, last, true);
                if (!points.isEmpty()) {
                    byMetric.put(metric, points);
                }
            }
            return byMetric;
        } catch (SQLException e) {
            throw db.failure("cannot read the series", e);
        }
    }

    /**
     * Runs {@code ps} (the {@link #POINTS} query) for at most {@code limit} points, those of excluded
     * runs left out when {@code skipExcluded}; oldest first.
     */
    private List<HistoryStore.Point> readPoints(
            PreparedStatement ps, long seriesId, String metric, int limit, boolean skipExcluded) throws SQLException {
        MetricInfo info = metricInfo(seriesId, metric);
        if (info == null) {
            return List.of();
        }
        Map<Long, String[]> jvms = jvms();
        RunIndex runs = runs();
        ps.setLong(1, seriesId);
        ps.setString(2, metric);
        // enough rows for `limit` points even if every excluded run is among the newest
        ps.setMaxRows(
                limit == Integer.MAX_VALUE ? 0 : (int) Math.min(Integer.MAX_VALUE, (long) limit + runs.excluded()));
        List<HistoryStore.Point> out = new ArrayList<>();
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
                out.add(new HistoryStore.Point(
                        runId,
                        Instant.ofEpochMilli(rs.getLong(2)),
                        run.branch(),
                        run.commit(),
                        run.excluded(),
                        run.excludeReason(),
                        metric,
                        rs.getDouble(3),
                        rs.getDouble(4),
                        rs.getDouble(5),
                        info.unit(),
                        info.higherIsBetter(),
                        jvm[0],
                        jvm[1],
                        rs.getLong(7)));
            }
        }
        return out.reversed();
    }

    /** What a point shows of its run. */
    private record RunAttributes(String branch, String commit, boolean excluded, String excludeReason) {}

    /** Every run's attributes by id, and how many runs are excluded. */
    private record RunIndex(Map<Long, RunAttributes> byId, int excluded) {}

    /** Every run's attributes: read once per store (again after this store adds or excludes a run). */
    private RunIndex runs() throws SQLException {
        if (runAttributes == null) {
            Map<Long, RunAttributes> byId = new HashMap<>();
            int excluded = 0;
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT id, branch, git_commit, excluded, exclude_reason FROM run")) {
                while (rs.next()) {
                    RunAttributes run =
                            new RunAttributes(rs.getString(2), rs.getString(3), rs.getBoolean(4), rs.getString(5));
                    byId.put(rs.getLong(1), run);
                    excluded += run.excluded() ? 1 : 0;
                }
            }
            runAttributes = new RunIndex(byId, excluded);
        }
        return runAttributes;
    }

    private record MetricInfo(String unit, boolean higherIsBetter) {}

    private MetricInfo metricInfo(long seriesId, String metric) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT unit, higher_is_better FROM series_metric" + " WHERE series_id = ? AND metric = ?")) {
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
    double[] trials(HistoryStore.Point point) {
        try (PreparedStatement ps =
                c.prepareStatement("SELECT trial_values FROM measurement WHERE result_id = ? AND metric = ?")) {
            ps.setLong(1, point.resultId());
            ps.setString(2, point.metric());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? decode(rs.getString(1)) : new double[0];
            }
        } catch (SQLException e) {
            throw db.failure("cannot read the trials of run " + point.runId(), e);
        }
    }

    /** The metrics stored for a series, sorted. */
    List<String> metrics(long seriesId) {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps =
                c.prepareStatement("SELECT metric FROM series_metric WHERE series_id = ? ORDER BY metric")) {
            ps.setLong(1, seriesId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        } catch (SQLException e) {
            throw db.failure("cannot read the series", e);
        }
        return out;
    }

    /**
     * The newest {@code limit} points of one metric of a series at or before a run ({@code startedMs},
     * then {@code runId}, as the index orders them), those of excluded runs left out when {@code skipExcluded}
     * (else included, marked); oldest first.
     * One short range of {@code series_point_range} from the run backwards.
     */
    List<HistoryStore.Point> pointsUpTo(
            long seriesId, String metric, long startedMs, long runId, int limit, boolean skipExcluded) {
        try (PreparedStatement ps =
                c.prepareStatement("SELECT p.run_id, p.started_ms, p.median_value, p.ci_low, p.ci_high,"
                        + " p.jvm_id, p.result_id FROM series_point p WHERE p.series_id = ? AND p.metric = ?"
                        + " AND p.started_ms <= ? AND NOT (p.started_ms = ? AND p.run_id > ?)" // the first bounds the
                        // index range
                        + " ORDER BY p.series_id, p.metric, p.started_ms DESC, p.run_id DESC")) {
            ps.setLong(3, startedMs);
            ps.setLong(4, startedMs);
            ps.setLong(5, runId);
            return readPoints(ps, seriesId, metric, limit, skipExcluded);
        } catch (SQLException e) {
            throw db.failure("cannot read the series", e);
        }
    }

    /** One run, or null when the store has none with this id. */
    HistoryStore.RunInfo run(long runId) {
        try {
            Map<String, String> labels = new LinkedHashMap<>();
            try (PreparedStatement ps =
                    c.prepareStatement("SELECT name, val FROM run_label WHERE run_id = ? ORDER BY name")) {
                ps.setLong(1, runId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        labels.put(rs.getString(1), rs.getString(2));
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement(RUN_INFO + " WHERE r.id = ?")) {
                ps.setLong(1, runId);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? runInfo(rs, labels) : null;
                }
            }
        } catch (SQLException e) {
            throw db.failure("cannot read run " + runId, e);
        }
    }

    /** The results (cells) stored for a run, by result id. */
    List<HistoryStore.StoredResult> results(long runId) {
        List<HistoryStore.StoredResult> out = new ArrayList<>();
        try (PreparedStatement ps =
                c.prepareStatement("SELECT id, series_id, cell_id FROM result WHERE run_id = ? ORDER BY id")) {
            ps.setLong(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new HistoryStore.StoredResult(rs.getLong(1), runId, rs.getLong(2), rs.getString(3)));
                }
            }
        } catch (SQLException e) {
            throw db.failure("cannot read the results of run " + runId, e);
        }
        return out;
    }

    /** Trial values per result id of one metric: one primary-key lookup each, through one prepared statement. */
    Map<Long, double[]> trials(String metric, List<Long> resultIds) {
        Map<Long, double[]> out = new HashMap<>();
        try (PreparedStatement ps =
                c.prepareStatement("SELECT trial_values FROM measurement WHERE result_id = ? AND metric = ?")) {
            ps.setString(2, metric);
            for (long id : resultIds) {
                ps.setLong(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        out.put(id, decode(rs.getString(1)));
                    }
                }
            }
        } catch (SQLException e) {
            throw db.failure("cannot read the trials", e);
        }
        return out;
    }

    /**
     * What changes when another process stores, excludes or acknowledges: the newest run, the run count,
     * the excluded runs and the acknowledgements, as one text. When it differs from the last one read,
     * the run attributes kept by this reader are read again.
     */
    String generation() {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT (SELECT COUNT(*) FROM run),"
                        + " (SELECT COALESCE(MAX(id), 0) FROM run), (SELECT COALESCE(SUM(CASE WHEN excluded THEN id ELSE 0 END), 0)"
                        + " FROM run), (SELECT COUNT(*) FROM ack), (SELECT COALESCE(MAX(id), 0) FROM ack)")) {
            rs.next();
            String now = rs.getLong(1) + ":" + rs.getLong(2) + ":" + rs.getLong(3) + ":" + rs.getLong(4) + ":"
                    + rs.getLong(5);
            if (!now.equals(lastGeneration)) {
                forget();
                lastGeneration = now;
            }
            return now;
        } catch (SQLException e) {
            throw db.failure("cannot read the history store", e);
        }
    }

    /** The original document of a run, as stored (JSON text), secrets masked (a store of an older vbench may hold them). */
    String document(long runId) {
        try (PreparedStatement ps = c.prepareStatement("SELECT document FROM run_document WHERE run_id = ?")) {
            ps.setLong(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw HistoryException.usage(
                            "no run " + runId + " in the history store; see 'vbench history runs'");
                }
                return Redactor.redact(Importer.gunzip(rs.getBytes(1)));
            }
        } catch (SQLException e) {
            throw db.failure("cannot read the run", e);
        }
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
}
