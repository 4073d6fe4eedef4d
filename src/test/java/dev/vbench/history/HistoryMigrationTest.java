package dev.vbench.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.ResultCodec;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.SlowFirst;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A store written at schema version 1 (migration 1's tables, filled the way vbench filled them
 * then) is migrated to {@link Schema#LATEST} when opened, with its runs, points, exclusions,
 * acknowledged changes and verdicts intact: every verb prints exactly what it prints for the same
 * files stored at the latest version.
 */
@Tag(SlowFirst.SLOW)
class HistoryMigrationTest {

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @MethodSource(HistoryStores.NAMES)
    void aStoreOfSchema1IsMigratedWithItsRunsPointsAndVerdictsIntact(String kind) throws Exception {
        // 3 series × 31 nightly runs: a 10% step from the 20th run, and the newest 30% slower again
        List<HistoryFixtures.Cell> cells = HistoryFixtures.series(3, 0.01);
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < 31; i++) {
            double factor = i < 19 ? 1.0 : i < 30 ? 1.10 : 1.43;
            Path f = tmp.resolve(String.format("run-%03d.json", i));
            Files.writeString(f, ResultCodec.toJson(HistoryFixtures.run(i, cells, factor, 4)));
            files.add(f);
        }
        Importer.Meta meta = new Importer.Meta(null, "main", "", Map.of("jdk", "25 'quoted'"));
        Testbed local = Testbed.probe(null, "not-the-nightly-box");

        String old = HistoryStores.url(kind, tmp);
        try (Connection c = DriverManager.getConnection(old)) {
            writeSchema1(c, files, meta, local);
            try (Statement s = c.createStatement()) {
                s.execute("UPDATE run SET excluded = TRUE, exclude_reason = 'noisy neighbour' WHERE id = 7");
                s.execute("INSERT INTO ack (series_id, metric, run_id, reason, acked) VALUES (2, 'makespan', 20,"
                        + " 'new JIT flags', '2026-11-01T00:00:00Z')");
            }
        }
        String fresh = HistoryStores.url(kind, tmp);
        List<String> add = new ArrayList<>(
                List.of("history", "add", "--history", fresh, "--branch", "main", "--label", "jdk=25 'quoted'"));
        files.forEach(f -> add.add(f.toString()));
        assertEquals(0, CliRun.of(add.toArray(String[]::new)).code());
        assertEquals(
                0,
                CliRun.of("history", "exclude", "--history", fresh, "7", "--reason", "noisy neighbour")
                        .code());
        assertEquals(
                0,
                CliRun.of(
                                "history",
                                "ack",
                                "--history",
                                fresh,
                                "2",
                                "20",
                                "--metric",
                                "makespan",
                                "--reason",
                                "new JIT flags")
                        .code());

        List<List<String>> verbs = List.of(
                List.of("runs"),
                List.of("series"),
                List.of("show", "1"),
                List.of("show", "2", "--metric", "p99"),
                List.of("show", "3", "--format", "html"),
                List.of("analyze"),
                List.of("check", "--fail-on-regression", "5%", "--verbose"),
                List.of("export", "2", "--format", "csv"),
                List.of("export", "--run", "31"));
        for (List<String> verb : verbs) {
            CliRun migrated = history(verb, old);
            CliRun expected = history(verb, fresh);
            assertEquals(expected.code(), migrated.code(), verb + ": " + migrated);
            assertEquals(expected.out().replace(fresh, "URL"), migrated.out().replace(old, "URL"), verb::toString);
            assertEquals(expected.err().replace(fresh, "URL"), migrated.err().replace(old, "URL"), verb::toString);
        }
        // and what they print is what was stored: the step, the acknowledged change, the exclusion, the gate
        CliRun analyze = history(List.of("analyze", "--metric", "makespan"), old);
        assertEquals(3, analyze.out().lines().count(), analyze::toString);
        String date20 = HistoryFixtures.START.plusSeconds(19 * 86_400L).toString();
        assertTrue(
                analyze.out().lines().allMatch(l -> l.contains(" makespan " + date20 + " run 20 ")), analyze::toString);
        assertTrue(analyze.out().contains("acknowledged: new JIT flags"), analyze::toString);
        assertTrue(history(List.of("runs"), old).out().contains("excluded: noisy neighbour"));
        CliRun check = history(List.of("check", "--metric", "makespan", "--fail-on-regression", "5%"), old);
        assertEquals(1, check.code(), check::toString);
        assertEquals(4, check.err().lines().count(), check::toString); // the headline and all 3 series
        try (Connection c = DriverManager.getConnection(old);
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery("SELECT (SELECT MAX(version) FROM schema_version), (SELECT COUNT(*) FROM run),"
                                + " (SELECT COUNT(*) FROM measurement), (SELECT COUNT(*) FROM series_point)")) {
            rs.next();
            assertEquals(Schema.LATEST, rs.getInt(1));
            assertEquals(31, rs.getInt(2));
            assertEquals(31 * 3 * 10, rs.getInt(3));
            assertEquals(31 * 3 * 10, rs.getInt(4));
        }
    }

    private static CliRun history(List<String> verb, String url) {
        List<String> args = new ArrayList<>();
        args.add("history");
        args.addAll(verb);
        args.add("--history");
        args.add(url);
        return CliRun.of(args.toArray(String[]::new));
    }

    /** Migration 1's tables, filled as vbench did at schema version 1 (one transaction per run). */
    private static void writeSchema1(Connection c, List<Path> files, Importer.Meta meta, Testbed local)
            throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : Schema.MIGRATIONS.get(0)) {
                s.execute(sql);
            }
            s.execute("INSERT INTO schema_version (version, applied) VALUES (1, '2026-11-01T00:00:00Z')");
        }
        c.setAutoCommit(false);
        long testbed = -1;
        Map<String, Long> series = new HashMap<>();
        for (Path f : files) {
            StoredRun run = Importer.fromFile(f, meta, local);
            if (testbed < 0) {
                Testbed t = run.testbed();
                testbed = insert(
                        c,
                        "INSERT INTO testbed (name, host, cpu_model, cores, memory_bytes, os, arch)"
                                + " VALUES (?, ?, ?, ?, ?, ?, ?)",
                        t.name(),
                        t.host(),
                        t.cpuModel(),
                        t.cores(),
                        t.memoryBytes(),
                        t.os(),
                        t.arch());
            }
            long runId = insert(
                    c,
                    "INSERT INTO run (testbed_id, started, started_ms, stored, vbench_version, command_line,"
                            + " branch, git_commit, source, source_format, excluded, exclude_reason)"
                            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, FALSE, '')",
                    testbed,
                    run.started().toString(),
                    run.started().toEpochMilli(),
                    Instant.now().toString(),
                    run.vbenchVersion(),
                    run.commandLine(),
                    run.branch(),
                    run.commit(),
                    run.source(),
                    run.format());
            insert(c, "INSERT INTO run_document (run_id, document) VALUES (?, ?)", runId, run.documentGzip());
            for (Map.Entry<String, String> label : run.labels().entrySet()) {
                insert(
                        c,
                        "INSERT INTO run_label (run_id, name, val) VALUES (?, ?, ?)",
                        runId,
                        label.getKey(),
                        label.getValue());
            }
            for (StoredRun.Cell cell : run.cells()) {
                SeriesKey k = cell.series();
                long testbedId = testbed;
                Long seriesId = series.get(k.fingerprint());
                if (seriesId == null) {
                    seriesId = insert(
                            c,
                            "INSERT INTO series (testbed_id, fingerprint, label, workload, params, executor, tasks,"
                                    + " concurrency, load_shape, jvm_label, jvm_options) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            testbedId,
                            k.fingerprint(),
                            k.label(),
                            k.workload(),
                            k.params(),
                            k.executor(),
                            k.tasks(),
                            k.concurrency(),
                            k.loadShape(),
                            k.jvmLabel(),
                            k.jvmOptions());
                    series.put(k.fingerprint(), seriesId);
                }
                long resultId = insert(
                        c,
                        "INSERT INTO result (run_id, series_id, cell_id, status, java_version, java_vendor,"
                                + " vm_name) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        runId,
                        seriesId,
                        cell.cellId(),
                        cell.status(),
                        cell.javaVersion(),
                        cell.javaVendor(),
                        cell.vmName());
                for (StoredRun.Measurement m : cell.measurements()) {
                    insert(
                            c,
                            "INSERT INTO measurement (result_id, metric, unit, higher_is_better, n, median_value, ci_low,"
                                    + " ci_high, mean_value, stdev, trial_values) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            resultId,
                            m.metric(),
                            m.unit(),
                            m.higherIsBetter(),
                            m.summary().n(),
                            m.summary().median(),
                            m.summary().ciLow(),
                            m.summary().ciHigh(),
                            m.summary().mean(),
                            m.summary().stdev(),
                            HistoryWriter.encode(m.trials()));
                }
            }
            c.commit();
        }
        c.setAutoCommit(true);
    }

    /** Runs one INSERT; returns the generated id, or −1 for a table without one. */
    private static long insert(Connection c, String sql, Object... values) throws SQLException {
        boolean generated = !sql.startsWith("INSERT INTO run_document")
                && !sql.startsWith("INSERT INTO run_label")
                && !sql.startsWith("INSERT INTO measurement");
        try (PreparedStatement ps =
                generated ? c.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS) : c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                ps.setObject(i + 1, values[i]);
            }
            ps.executeUpdate();
            if (!generated) {
                return -1;
            }
            try (ResultSet keys = ps.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }
}
