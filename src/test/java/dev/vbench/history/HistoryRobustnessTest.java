package dev.vbench.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.SlowFirst;
import dev.vbench.testing.VbenchProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Hostile input, secrets, damaged and newer stores, a store that is down, kill -9, two writers (acceptance 5). */
@Tag(SlowFirst.SLOW)
class HistoryRobustnessTest {

    private static final String HOSTILE = "it's \"quoted\"'; DROP TABLE run; --";

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @MethodSource(HistoryStores.NAMES)
    void quotesAndSqlInLabelsAndParametersAreStoredAndShownVerbatim(String kind) throws Exception {
        String url = HistoryStores.url(kind, tmp);
        List<HistoryFixtures.Cell> cells =
                List.of(new HistoryFixtures.Cell("cpu", Map.of("name", HOSTILE), "virtual", 100, 0.01));
        Path file = tmp.resolve("hostile.json");
        Files.writeString(file, ResultCodec.toJson(HistoryFixtures.run(0, cells, 1.0, 1)));
        CliRun add = CliRun.of(
                "history",
                "add",
                "--history",
                url,
                "--label",
                "note=" + HOSTILE,
                "--testbed",
                "o'brien; --",
                "--branch",
                HOSTILE,
                file.toString());
        assertEquals(0, add.code(), add::toString);
        assertEquals(
                0,
                CliRun.of("history", "add", "--history", url, "--testbed", "o'brien; --", file.toString())
                        .code());
        CliRun runs = CliRun.of("history", "runs", "--history", url);
        assertEquals(0, runs.code(), runs::toString);
        assertTrue(runs.out().contains("note=" + HOSTILE), runs::toString);
        assertTrue(runs.out().contains("o'brien; --"), runs::toString);
        assertTrue(runs.out().contains(HOSTILE + "  -"), runs::toString); // branch, then no commit
        assertEquals(4, runs.out().lines().count(), runs::toString); // both runs: the table survived
        CliRun series = CliRun.of("history", "series", "--history", url);
        assertTrue(series.out().contains("cpu name=" + HOSTILE + " | virtual"), series::toString);
        CliRun shown = CliRun.of("history", "show", "--history", url, "'; DROP TABLE run; --");
        assertTrue(shown.out().contains("cpu name=" + HOSTILE), shown::toString);
    }

    @Test
    void aJdbcPasswordIsNeverStoredOrPrinted() throws Exception {
        String secret = "s3cretPw42";
        String url = "jdbc:h2:file:" + tmp.resolve("secret").toAbsolutePath() + ";USER=sa;PASSWORD=" + secret;
        CliRun run = CliRun.of(
                "run",
                "-w",
                "noop",
                "--tasks",
                "20",
                "--trials",
                "2",
                "--warmup",
                "0",
                "--pinning",
                "off",
                "-o",
                tmp.resolve("r.json").toString(),
                "--history",
                url);
        assertEquals(0, run.code(), run::toString);
        assertFalse(run.out().contains(secret) || run.err().contains(secret), run::toString);
        assertTrue(run.err().contains("PASSWORD=***"), run::toString);
        CliRun runs = CliRun.of("history", "runs", "--history", url);
        CliRun doc = CliRun.of("history", "export", "--history", url, "--run", "1");
        assertEquals(0, doc.code(), doc::toString);
        for (CliRun r : List.of(runs, doc)) {
            assertFalse(r.out().contains(secret) || r.err().contains(secret), r::toString);
        }
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT command_line FROM run")) {
            assertTrue(rs.next());
            assertTrue(rs.getString(1).contains("PASSWORD=***"), rs.getString(1));
            assertFalse(rs.getString(1).contains(secret));
        }
        byte[] file = Files.readAllBytes(tmp.resolve("secret.mv.db"));
        assertFalse(new String(file, StandardCharsets.ISO_8859_1).contains(secret), "the password is in the H2 file");
    }

    @Test
    void aStoreThatIsDownLeavesTheFilesWrittenAndExits3WithoutThePassword() throws Exception {
        Path json = tmp.resolve("r.json");
        CliRun run = CliRun.of(
                "run",
                "-w",
                "noop",
                "--tasks",
                "20",
                "--trials",
                "2",
                "--warmup",
                "0",
                "--pinning",
                "off",
                "-q",
                "-o",
                json.toString(),
                "--history",
                "jdbc:postgresql://127.0.0.1:9/bench?user=u&password=s3cretPw42");
        assertEquals(3, run.code(), run::toString);
        String line = run.err().strip();
        assertFalse(line.contains("\n"), run::toString);
        assertTrue(
                line.startsWith("vbench: results written; not stored in the history: cannot connect to the database at"
                        + " 127.0.0.1:9"),
                run::toString);
        assertFalse(line.contains("s3cretPw42") || line.contains("Exception"), run::toString);
        RunResult written = ResultCodec.read(json);
        assertEquals(1, written.cells().size());
    }

    @Test
    void usageErrorsAreOneLineWithExit2() throws Exception {
        CliRun.of("history", "runs", "--history", "mysql://h/db").assertUsageError("is not a history store URL");
        CliRun.of(
                        "history",
                        "runs",
                        "--history",
                        "jdbc:h2:file:" + tmp.resolve("none").toAbsolutePath())
                .assertUsageError("no history store at");
        assertFalse(Files.exists(tmp.resolve("none.mv.db")), "a read verb created a store");
        CliRun.of("run", "-w", "noop", "--branch", "main").assertUsageError("add --history");
        CliRun.of("run", "-w", "noop", "--history", "--label", "novalue").assertUsageError("is not KEY=VALUE");
        String url = "jdbc:h2:file:" + tmp.resolve("h").toAbsolutePath();
        Path file = tmp.resolve("a.json");
        Files.writeString(file, ResultCodec.toJson(HistoryFixtures.run(0, HistoryFixtures.series(2, 0.01), 1.0, 1)));
        Path broken = tmp.resolve("broken.json");
        Files.writeString(broken, "{\"schema\": \"vbench-result/1\", \"cells\": [");
        CliRun.of("history", "add", "--history", url, file.toString(), broken.toString())
                .assertUsageError("broken.json is truncated");
        assertFalse(Files.exists(tmp.resolve("h.mv.db")), "nothing is stored when one file is bad");
        assertEquals(
                0,
                CliRun.of("history", "add", "--history", url, file.toString()).code());
        CliRun.of("history", "show", "--history", url, "cpu").assertUsageError("matches 2 series");
        CliRun.of("history", "show", "--history", url, "1", "--metric", "nope")
                .assertUsageError("has no metric 'nope'");
        CliRun.of("history", "analyze", "--history", url, "--window", "1")
                .assertUsageError("--window 1 must be at least 2");
        CliRun.of("history", "check", "--history", url, "--fail-on-regression", "lots")
                .assertUsageError("is not a percentage");
        CliRun.of("history", "exclude", "--history", url, "77", "--reason", "x").assertUsageError("no run 77");
        CliRun.of("history", "export", "--history", url).assertUsageError("give a SERIES");
    }

    @Test
    void aCorruptH2StoreExits3AndIsLeftUntouched() throws Exception {
        Path base = tmp.resolve("corrupt");
        byte[] garbage = new byte[8192];
        new Random(5).nextBytes(garbage);
        Files.write(tmp.resolve("corrupt.mv.db"), garbage);
        String url = "jdbc:h2:file:" + base.toAbsolutePath();
        Path file = tmp.resolve("a.json");
        Files.writeString(file, ResultCodec.toJson(HistoryFixtures.run(0, HistoryFixtures.series(1, 0.01), 1.0, 1)));
        for (CliRun r : List.of(
                CliRun.of("history", "runs", "--history", url),
                CliRun.of("history", "add", "--history", url, file.toString()),
                CliRun.of("history", "compact", "--history", url))) {
            assertEquals(3, r.code(), r::toString);
            assertFalse(r.err().strip().contains("\n"), r::toString);
            assertTrue(r.err().contains("may be corrupt"), r::toString);
        }
        assertArrayEquals(garbage, Files.readAllBytes(tmp.resolve("corrupt.mv.db")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(HistoryStores.NAMES)
    void aStoreWithANewerSchemaExits3AndIsLeftUntouched(String kind) throws Exception {
        String url = HistoryStores.url(kind, tmp);
        Path file = tmp.resolve("a.json");
        Files.writeString(file, ResultCodec.toJson(HistoryFixtures.run(0, HistoryFixtures.series(1, 0.01), 1.0, 1)));
        assertEquals(
                0,
                CliRun.of("history", "add", "--history", url, file.toString()).code());
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            s.execute("INSERT INTO schema_version (version, applied) VALUES (99, 'future')");
        }
        for (CliRun r : List.of(
                CliRun.of("history", "runs", "--history", url),
                CliRun.of("history", "add", "--history", url, file.toString()),
                CliRun.of("history", "compact", "--history", url))) {
            assertEquals(3, r.code(), r::toString);
            assertTrue(
                    r.err()
                            .strip()
                            .matches("vbench: the history store .* has schema version 99, newer than this vbench"
                                    + " understands \\(" + Schema.LATEST + "\\); upgrade vbench to use it"),
                    r::toString);
        }
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(
                        "SELECT (SELECT COUNT(*) FROM run), (SELECT MAX(version) FROM schema_version)")) {
            rs.next();
            assertEquals(1, rs.getInt(1));
            assertEquals(99, rs.getInt(2));
        }
    }

    /**
     * A real {@code run --history} of 100 cells (1,000 measurements) killed with SIGKILL while it
     * writes: the test watches the database itself and kills the child once its transaction has
     * inserted the run and is inserting results (H2: the statements H2's own trace file records,
     * {@code TRACE_LEVEL_FILE=3} in the URL; PostgreSQL: the child's session in
     * {@code pg_stat_activity}, whose query is the last statement sent: while it writes a cell that is the
     * result row, its measurements or its series points, and a poll that looked for result rows alone
     * could miss the whole phase on a fast machine). A store that committed row by row would keep a half run.
     * Its result file is CSV, and the cells are no more than keep the store's write long enough to be seen: the file
     * is rewritten (and redacted) as each cell ends, so the child's CPU before the write grows with the square of the
     * cells.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource(HistoryStores.NAMES)
    void killMinus9DuringRunWithHistoryLeavesAConsistentStore(String kind) throws Exception {
        String url = HistoryStores.url(kind, tmp);
        Path first = tmp.resolve("first.json");
        Files.writeString(first, ResultCodec.toJson(HistoryFixtures.run(0, HistoryFixtures.series(3, 0.01), 1.0, 1)));
        assertEquals(
                0,
                CliRun.of("history", "add", "--history", url, first.toString()).code());
        Path log = tmp.resolve("child.log");
        boolean h2 = kind.equals(HistoryStores.H2);
        String childUrl = h2 ? url + ";TRACE_LEVEL_FILE=3" : url;
        Path trace = h2 ? Path.of(url.substring("jdbc:h2:file:".length()) + ".trace.db") : null;
        StringBuilder tasks = new StringBuilder();
        for (int t = 1; t <= 50; t++) {
            tasks.append(t == 1 ? "" : ",").append(t);
        }
        Process p = vbench(
                log,
                "run",
                "-w",
                "noop",
                "-e",
                "virtual",
                "-e",
                "fixed:threads=2",
                "--tasks",
                tasks.toString(),
                "--trials",
                "2",
                "--warmup",
                "0",
                "--pinning",
                "off",
                "-q",
                "-o",
                tmp.resolve("killed.csv").toString(),
                "--history",
                childUrl);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300); // a loaded machine: no tight timing
        boolean writing = false;
        // one connection for the whole watch: a new PostgreSQL session every 2 ms (a server process each) took
        // CPU from the child it waits for
        try (Connection watch = h2 ? null : DriverManager.getConnection(url)) {
            while (p.isAlive() && System.nanoTime() < deadline && !writing) {
                writing = h2
                        ? Files.exists(trace)
                                && Files.readString(trace, StandardCharsets.UTF_8)
                                        .contains("*/INSERT INTO result (")
                        : postgresSessionInserting(watch);
                if (!writing) {
                    Thread.sleep(2);
                }
            }
        } finally {
            p.destroyForcibly(); // SIGKILL
        }
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertTrue(writing, () -> "the child ended before it was seen writing results: " + read(log));
        assertTrue(Files.exists(tmp.resolve("killed.csv")), "the result file is written before the store");
        CliRun runs = CliRun.of("history", "runs", "--history", url);
        assertEquals(0, runs.code(), runs::toString);
        assertEquals(3, runs.out().lines().count(), runs::toString); // header, rule, the first run only
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT (SELECT COUNT(*) FROM run), (SELECT COUNT(*) FROM result),"
                        + " (SELECT COUNT(*) FROM measurement), (SELECT COUNT(*) FROM result x WHERE NOT EXISTS"
                        + " (SELECT 1 FROM run r WHERE r.id = x.run_id)), (SELECT COUNT(*) FROM series_point),"
                        + " (SELECT COUNT(*) FROM series), (SELECT SUM(runs) FROM series)")) {
            rs.next();
            assertEquals(1, rs.getInt(1));
            assertEquals(3, rs.getInt(2));
            assertEquals(30, rs.getInt(3));
            assertEquals(0, rs.getInt(4));
            assertEquals(30, rs.getInt(5));
            assertEquals(3, rs.getInt(6));
            assertEquals(3, rs.getInt(7));
        }
        CliRun again = CliRun.of(
                "run",
                "-w",
                "noop",
                "--tasks",
                "20",
                "--trials",
                "2",
                "--warmup",
                "0",
                "--pinning",
                "off",
                "-q",
                "-o",
                tmp.resolve("again.json").toString(),
                "--history",
                url);
        assertEquals(0, again.code(), again::toString);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(HistoryStores.NAMES)
    void twoWritersAtOnceBothLand(String kind) throws Exception {
        String url = HistoryStores.url(kind, tmp);
        List<Path> a = HistoryFixtures.writeRuns(
                Files.createDirectory(tmp.resolve("a")), 4, HistoryFixtures.series(5, 0.01), 99, 1, 1);
        List<Path> b = HistoryFixtures.writeRuns(
                Files.createDirectory(tmp.resolve("b")), 4, HistoryFixtures.series(5, 0.01), 99, 1, 2);
        List<String> argsA = new ArrayList<>(List.of("history", "add", "--history", url));
        a.forEach(f -> argsA.add(f.toString()));
        List<String> argsB = new ArrayList<>(List.of("history", "add", "--history", url));
        b.forEach(f -> argsB.add(f.toString()));
        Process pa = vbench(tmp.resolve("a.log"), argsA.toArray(String[]::new));
        Process pb = vbench(tmp.resolve("b.log"), argsB.toArray(String[]::new));
        assertTrue(pa.waitFor(120, TimeUnit.SECONDS) && pb.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, pa.exitValue(), () -> read(tmp.resolve("a.log")));
        assertEquals(0, pb.exitValue(), () -> read(tmp.resolve("b.log")));
        CliRun runs = CliRun.of("history", "runs", "--history", url);
        assertEquals(10, runs.out().lines().count(), runs::toString);
        CliRun series = CliRun.of("history", "series", "--history", url);
        assertEquals(7, series.out().lines().count(), series::toString); // the same five series, each 8 runs
        assertTrue(
                series.out().lines().skip(2).allMatch(l -> l.matches("\\s*\\d+\\s+nightly-box\\s+8\\s.*")),
                series::toString);
    }

    /**
     * {@code kill -9} of a {@code history add} of 150 files, a moment after it said "stored … as run N"
     * of some: every run it reported is in the store (H2 keeps commits in memory for its write delay unless
     * told otherwise: a kill lost a tenth of them), and nothing else is.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource(HistoryStores.NAMES)
    void everyRunReportedAsStoredSurvivesKillMinus9(String kind) throws Exception {
        String url = HistoryStores.url(kind, tmp);
        Path dir = Files.createDirectory(tmp.resolve("nightly"));
        List<Path> files = HistoryFixtures.writeRuns(dir, 150, HistoryFixtures.series(2, 0.01), 150, 1.0, 7);
        Path log = tmp.resolve("add.log");
        List<String> args = new ArrayList<>(List.of("history", "add", "--history", url));
        files.forEach(f -> args.add(f.toString()));
        Process p = vbench(log, args.toArray(String[]::new));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        List<Long> reported = List.of();
        while (p.isAlive() && System.nanoTime() < deadline && reported.size() < 40) {
            reported = storedIds(read(log));
            Thread.sleep(1);
        }
        p.destroyForcibly(); // SIGKILL, a moment after the last line it printed
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        List<Long> stored = storedIds(read(log));
        assertTrue(
                stored.size() >= 40 && stored.size() < files.size(),
                () -> "the kill came before the child stored 40 files, or after it stored all: " + read(log));
        List<Long> kept;
        try (HistoryStore store = HistoryStore.open(HistoryUrl.resolve(url, Map.of(), tmp), false)) {
            kept = store.runs(null).stream().map(HistoryStore.RunInfo::id).toList();
        }
        assertTrue(
                kept.containsAll(stored),
                () -> "reported " + stored.size() + " runs as stored, the store kept " + kept.size() + "; lost: "
                        + stored.stream().filter(id -> !kept.contains(id)).toList());
        assertTrue(kept.size() <= stored.size() + 1, () -> kept.size() + " runs kept, " + stored.size() + " reported");
    }

    /** The run ids of the "stored FILE as run ID (N series)" lines of {@code history add}. */
    private static List<Long> storedIds(String output) {
        List<Long> ids = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^stored \\S+ as run (\\d+) \\(").matcher(output);
        while (m.find()) {
            ids.add(Long.parseLong(m.group(1)));
        }
        return ids;
    }

    /** Whether another session of this database than {@code c}'s is inside a transaction inserting results. */
    private static boolean postgresSessionInserting(Connection c) throws Exception {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM pg_stat_activity WHERE pid <> pg_backend_pid()"
                        + " AND datname = current_database() AND xact_start IS NOT NULL AND (query LIKE 'INSERT INTO result (%'"
                        + " OR query LIKE 'INSERT INTO measurement (%' OR query LIKE 'INSERT INTO series_point (%')")) {
            rs.next();
            return rs.getInt(1) > 0;
        }
    }

    /** A child vbench whose own speed is not what these tests check: it starts on C1 alone. */
    private static Process vbench(Path log, String... args) throws Exception {
        return VbenchProcess.start(log, VbenchProcess.QUICK_START, args);
    }

    private static String read(Path log) {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
