package dev.vbench.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.CellResult;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.SecondJdk;
import dev.vbench.testing.SlowFirst;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The history verbs end to end, in-process, against H2 and PostgreSQL. */
@Tag(SlowFirst.SLOW)
class HistoryCommandsTest {

    /** In every option set of the JVMs' runs: their forks start on C1 alone (their speed is not what is tested). */
    private static final String C1 = "-XX:TieredStopAtLevel=1";

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @MethodSource(HistoryStores.NAMES)
    void twoRunsWithHistoryAreListedWithDateMachineAndCommit(String kind) throws Exception {
        String url = HistoryStores.url(kind, tmp);
        CliRun first = CliRun.of(
                "run",
                "-w",
                "noop",
                "--tasks",
                "50",
                "--trials",
                "2",
                "--warmup",
                "0",
                "-q",
                "-o",
                tmp.resolve("a.json").toString(),
                "--history",
                url,
                "--testbed",
                "bench-1",
                "--commit",
                "1a2b3c4d5e6f7a8b");
        assertEquals(0, first.code(), first::toString);
        CliRun second = CliRun.of(
                "run",
                "-w",
                "noop",
                "--tasks",
                "50",
                "--trials",
                "2",
                "--warmup",
                "0",
                "-q",
                "-o",
                tmp.resolve("b.json").toString(),
                "--history=" + url,
                "--testbed",
                "bench-1");
        assertEquals(0, second.code(), second::toString);
        assertTrue(Files.exists(tmp.resolve("b.json")));
        CliRun runs = CliRun.of("history", "runs", "--history", url);
        assertEquals(0, runs.code(), runs::toString);
        List<String> lines = runs.out().lines().toList();
        assertEquals(4, lines.size(), runs::toString); // header, rule, two runs
        assertTrue(
                lines.get(2)
                        .matches(
                                "\\s*1\\s+20\\d\\d-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\\s+bench-1\\s+.*1a2b3c4d5e6f\\s+1\\s*"),
                lines.get(2));
        GitInfo git = GitInfo.of(Path.of("").toAbsolutePath());
        String detected = git.commit().isEmpty() ? "-" : git.commit().substring(0, 12);
        assertTrue(
                lines.get(3)
                        .matches("\\s*2\\s+20\\d\\d-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\\s+bench-1\\s+.*" + detected
                                + "\\s+1\\s*"),
                lines.get(3) + " (working directory commit " + detected + ")");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(HistoryStores.NAMES)
    void analyzeFindsExactlyTheStepAtThe20thRunAndNothingInNoise(String kind) throws Exception {
        String url = HistoryStores.url(kind, tmp);
        Path stepDir = Files.createDirectory(tmp.resolve("step"));
        List<Path> step = HistoryFixtures.writeRuns(stepDir, 30, HistoryFixtures.series(1, 0.01), 19, 1.10, 1);
        CliRun add = CliRun.of(args("history", "add", "--history", url, step));
        assertEquals(0, add.code(), add::toString);
        assertEquals(30, add.out().lines().count());
        CliRun analyze = CliRun.of("history", "analyze", "--history", url, "--metric", "makespan");
        assertEquals(0, analyze.code(), analyze::toString);
        List<String> lines = analyze.out().lines().toList();
        assertEquals(1, lines.size(), analyze::toString);
        String date20 = HistoryFixtures.START.plus(Duration.ofDays(19)).toString();
        assertTrue(lines.get(0).startsWith("series 1 makespan " + date20 + " run 20 "), lines.get(0));
        assertTrue(lines.get(0).matches(".* \\+(9|10|11)\\.\\d% slower .*"), lines.get(0));
        assertTrue(lines.get(0).contains(" slower p="), lines.get(0));

        String noiseUrl = HistoryStores.url(kind, tmp);
        Path noiseDir = Files.createDirectory(tmp.resolve("noise"));
        List<Path> noise = HistoryFixtures.writeRuns(noiseDir, 30, HistoryFixtures.series(1, 0.01), 99, 1.0, 2);
        assertEquals(
                0,
                CliRun.of(args("history", "add", "--history", noiseUrl, noise)).code());
        CliRun quiet = CliRun.of("history", "analyze", "--history", noiseUrl);
        assertEquals(0, quiet.code(), quiet::toString);
        assertEquals("", quiet.out(), quiet::toString);
        assertTrue(quiet.err().contains("0 change point(s) in 10 series × metric(s)"), quiet::toString);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(HistoryStores.NAMES)
    void checkFailsOnARegressionInTheLastRunAndNamesTheSeries(String kind) throws Exception {
        String url = HistoryStores.url(kind, tmp);
        List<HistoryFixtures.Cell> cells = HistoryFixtures.series(3, 0.01);
        List<Path> files = HistoryFixtures.writeRuns(tmp, 20, cells, 99, 1.0, 3);
        Path bad = tmp.resolve("run-020.json");
        List<HistoryFixtures.Cell> regressed = new ArrayList<>(cells);
        regressed.set(1, new HistoryFixtures.Cell("cpu", Map.of("iterations", "1001"), "virtual", 110, 0.01));
        Files.writeString(bad, ResultCodec.toJson(HistoryFixtures.run(20, regressed, 1.0, 3)));
        files.add(bad);
        assertEquals(
                0, CliRun.of(args("history", "add", "--history", url, files)).code());
        CliRun check =
                CliRun.of("history", "check", "--history", url, "--metric", "makespan", "--fail-on-regression", "5%");
        assertEquals(1, check.code(), check::toString);
        assertTrue(check.err().contains("1 regression(s) larger than 5%"), check::toString);
        assertTrue(check.err().matches("(?s).*series 2 makespan run 21: \\+(9|10|11)\\.\\d% .*"), check::toString);
        assertTrue(check.err().contains("cpu iterations=1001 | virtual | tasks=1000"), check::toString);
        assertFalse(check.err().contains("iterations=1000 "), check::toString);

        CliRun lenient =
                CliRun.of("history", "check", "--history", url, "--metric", "makespan", "--fail-on-regression", "15%");
        assertEquals(0, lenient.code(), lenient::toString);
        assertTrue(lenient.out().matches("(?s).*\\+(9|10|11)\\.\\d% slower.*"), lenient::toString);
    }

    /**
     * A real run on two JVMs: the JVM's label and options are part of the series (another option set
     * is another series), its exact version and vendor are metadata on the result (the same label on
     * another JDK continues the series, and show marks the change).
     */
    @org.junit.jupiter.api.Test
    void runWithJvmsStoresLabelAndOptionsInTheFingerprintAndTheExactVersionAsMetadata() throws Exception {
        Path j21 = SecondJdk.require();
        String self = System.getProperty("java.home");
        String url = HistoryStores.url(HistoryStores.H2, tmp);
        Path first = tmp.resolve("first.json");
        CliRun run = CliRun.of(
                "run",
                "-w",
                "noop",
                "-e",
                "virtual",
                "--tasks",
                "20",
                "--warmup",
                "0",
                "--trials",
                "1",
                "--pinning",
                "off",
                "--jvm",
                "this=" + self,
                "--jvm",
                "old=" + j21,
                "--jvm-args",
                "small=-Xmx256m -Xss1m " + C1,
                "-q",
                "-o",
                first.toString(),
                "--data-dir",
                tmp.toString(),
                "--history",
                url);
        assertEquals(0, run.code(), run::toString);
        RunResult written = ResultCodec.read(first);
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(
                        "SELECT s.id, s.jvm_label, s.jvm_options, x.java_version, x.java_vendor, x.vm_name"
                                + " FROM series s JOIN result x ON x.series_id = s.id ORDER BY s.id")) {
            for (int i = 0; i < 2; i++) {
                assertTrue(rs.next());
                CellResult cell = written.cells().get(i);
                assertEquals(i == 0 ? "this/small" : "old/small", rs.getString(2));
                assertEquals("-Xmx256m -Xss1m " + C1, rs.getString(3));
                assertEquals(cell.jvm().vmVersion(), rs.getString(4), "the exact version each JVM reported");
                assertEquals(cell.jvm().vendor(), rs.getString(5));
                assertEquals(cell.jvm().vmName(), rs.getString(6));
            }
            assertFalse(rs.next());
        }
        assertTrue(
                written.cells().get(1).jvm().version().startsWith("21."),
                written.cells().get(1).jvm()::toString);

        // label "old" on this JDK, same option set: the same series, a new JVM version shown; the option set
        // "small" with other options: a new series
        CliRun second = CliRun.of(
                "run",
                "-w",
                "noop",
                "-e",
                "virtual",
                "--tasks",
                "20",
                "--warmup",
                "0",
                "--trials",
                "1",
                "--pinning",
                "off",
                "--jvm",
                "old=" + self,
                "--jvm-args",
                "small=-Xmx256m -Xss1m " + C1,
                "-q",
                "-o",
                tmp.resolve("second.json").toString(),
                "--data-dir",
                tmp.toString(),
                "--history",
                url);
        assertEquals(0, second.code(), second::toString);
        CliRun third = CliRun.of(
                "run",
                "-w",
                "noop",
                "-e",
                "virtual",
                "--tasks",
                "20",
                "--warmup",
                "0",
                "--trials",
                "1",
                "--pinning",
                "off",
                "--jvm",
                "old=" + j21,
                "--jvm-args",
                "small=-Xmx128m " + C1,
                "-q",
                "-o",
                tmp.resolve("third.json").toString(),
                "--data-dir",
                tmp.toString(),
                "--history",
                url);
        assertEquals(0, third.code(), third::toString);
        CliRun series = CliRun.of("history", "series", "--history", url);
        List<String> rows = series.out().lines().skip(2).toList();
        assertEquals(3, rows.size(), series::toString);
        assertTrue(rows.get(1).matches("\\s*2\\s+\\S+\\s+2\\s.*jvm=old/small"), series::toString);
        assertTrue(rows.get(2).matches("\\s*3\\s+\\S+\\s+1\\s.*jvm=old/small"), series::toString);
        CliRun show = CliRun.of("history", "show", "2", "--history", url);
        String thisVersion = ResultCodec.read(tmp.resolve("second.json"))
                .cells()
                .get(0)
                .jvm()
                .vmVersion();
        assertTrue(
                show.out().contains(written.cells().get(1).jvm().vmVersion())
                        && show.out().contains(thisVersion),
                show::toString);
        assertTrue(thisVersion.startsWith(Runtime.version().feature() + "."), thisVersion);
    }

    static String[] args(String a, String b, String c, String d, List<Path> files) {
        List<String> all = new ArrayList<>(List.of(a, b, c, d));
        files.forEach(f -> all.add(f.toString()));
        return all.toArray(String[]::new);
    }
}
