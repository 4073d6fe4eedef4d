package dev.vbench.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.ResultCodec;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.VbenchProcess;
import dev.vbench.text.Numbers;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code vbench history compact}: H2 rewritten whole, PostgreSQL vacuumed; every run kept; its errors. */
@Isolated // it shortens the history store's lock wait, a system property every store reads
class HistoryCompactTest {

    private static final Pattern LINE =
            Pattern.compile("compacted (.*) \\((SHUTDOWN COMPACT|VACUUM ANALYZE of its \\d+ tables)\\):"
                    + " ([\\d.]+ (?:B|KiB|MiB)) → ([\\d.]+ (?:B|KiB|MiB)) \\([+-]\\d+\\.\\d%\\) in \\d+\\.\\d s\\n");

    @TempDir
    Path tmp;

    /**
     * Twelve nightly runs stored one process each (as cron does), one excluded: compact prints one line
     * with the size before and after, H2's file is smaller afterwards, and every verb reads the same
     * store as before; the store takes runs again.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource(HistoryStores.NAMES)
    void compactKeepsEveryRunAndPrintsTheSizesInOneLine(String kind) throws Exception {
        String url = HistoryStores.url(kind, tmp);
        List<Path> files = HistoryFixtures.writeRuns(
                Files.createDirectory(tmp.resolve("nightly")), 13, HistoryFixtures.series(5, 0.01), 6, 1.10, 4);
        for (Path f : files.subList(0, 12)) {
            CliRun add = CliRun.of("history", "add", "--history", url, f.toString());
            assertEquals(0, add.code(), add::toString);
        }
        assertEquals(
                0,
                CliRun.of("history", "exclude", "--history", url, "3", "--reason", "backup ran")
                        .code());
        List<String> before = reads(url);
        Path h2File =
                kind.equals(HistoryStores.H2) ? Path.of(url.substring("jdbc:h2:file:".length()) + ".mv.db") : null;
        long sizeBefore = h2File == null ? 0 : Files.size(h2File);

        CliRun compact = CliRun.of("history", "compact", "--history", url);
        assertEquals(0, compact.code(), compact::toString);
        assertEquals("", compact.err(), compact::toString);
        Matcher m = LINE.matcher(compact.out());
        assertTrue(m.matches(), compact::toString);
        assertFalse(compact.out().matches("(?s).*password=[^*].*"), compact::toString);
        if (h2File != null) {
            assertEquals("SHUTDOWN COMPACT", m.group(2));
            assertEquals(Numbers.bytes(sizeBefore), m.group(3), compact::toString);
            long sizeAfter = Files.size(h2File);
            assertEquals(Numbers.bytes(sizeAfter), m.group(4), compact::toString);
            assertTrue(sizeAfter < sizeBefore, () -> sizeAfter + " bytes after, " + sizeBefore + " before: " + compact);
        } else {
            assertEquals("VACUUM ANALYZE of its " + Schema.TABLES.size() + " tables", m.group(2));
        }
        assertEquals(before, reads(url));
        CliRun again =
                CliRun.of("history", "add", "--history", url, files.get(12).toString());
        assertEquals(0, again.code(), again::toString);
        assertTrue(again.out().contains("as run 13"), again::toString);
    }

    /** What the read verbs print of a store: runs, analyze, show and the CSV export. */
    private static List<String> reads(String url) {
        return List.of(
                CliRun.of("history", "runs", "--history", url).out(),
                CliRun.of("history", "analyze", "--history", url).out(),
                CliRun.of("history", "show", "--history", url, "2").out(),
                CliRun.of("history", "export", "--history", url, "4", "--format", "csv")
                        .out());
    }

    @Test
    void usageErrorsAreOneLineWithExit2() {
        Path missing = tmp.resolve("none");
        CliRun.of("history", "compact", "--history", "jdbc:h2:file:" + missing.toAbsolutePath())
                .assertUsageError("no history store at");
        assertFalse(Files.exists(tmp.resolve("none.mv.db")), "compact created a store");
        CliRun.of("history", "compact", "--history", "mysql://h/db").assertUsageError("is not a history store URL");
        CliRun.of("history", "compact", "--history", "jdbc:h2:mem:compact-test")
                .assertUsageError("is not an H2 file; compact works on jdbc:h2:file:PATH stores and PostgreSQL");
        CliRun extra = CliRun.of("history", "compact", "--history", "jdbc:h2:file:" + missing.toAbsolutePath(), "now");
        assertEquals(2, extra.code(), extra::toString);
        assertTrue(extra.err().contains("now"), extra::toString);
    }

    @Test
    void anUnreachableServerExits3WithOneLineAndNoPassword() {
        CliRun r = CliRun.of(
                "history", "compact", "--history", "jdbc:postgresql://127.0.0.1:9/bench?user=u&password=s3cretPw42");
        assertEquals(3, r.code(), r::toString);
        assertEquals("", r.out(), r::toString);
        assertFalse(r.err().strip().contains("\n"), r::toString);
        assertTrue(r.err().startsWith("vbench: cannot connect to the database at 127.0.0.1:9"), r::toString);
        assertFalse(r.err().contains("s3cretPw42"), r::toString);
    }

    /**
     * Another process holds the H2 file (a writer that has not finished): compact waits for it, then
     * exits 3 with one line, having started no compaction; once the other process has closed it, compact runs.
     */
    @Test
    void aStoreAnotherProcessHoldsExits3AfterTheWaitAndIsLeftUntouched() throws Exception {
        String url = HistoryStores.url(HistoryStores.H2, tmp);
        Path file = tmp.resolve("a.json");
        Files.writeString(file, ResultCodec.toJson(HistoryFixtures.run(0, HistoryFixtures.series(2, 0.01), 1.0, 1)));
        assertEquals(
                0,
                CliRun.of("history", "add", "--history", url, file.toString()).code());
        Path h2File = Path.of(url.substring("jdbc:h2:file:".length()) + ".mv.db");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(VbenchProcess.QUICK_START); // the holder only holds the file: its speed does not matter
        command.addAll(List.of("-cp", classpath, Holder.class.getName(), url));
        Process holder = new ProcessBuilder(command).redirectErrorStream(true).start();
        String previous = System.getProperty(HistoryStore.LOCK_WAIT_PROPERTY);
        try {
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("open", out.readLine());
            System.setProperty(HistoryStore.LOCK_WAIT_PROPERTY, "1000");
            CliRun busy = CliRun.of("history", "compact", "--history", url);
            assertEquals(3, busy.code(), busy::toString);
            assertEquals("", busy.out(), busy::toString);
            assertFalse(busy.err().strip().contains("\n"), busy::toString);
            assertTrue(
                    busy.err().contains("stayed in use by another vbench process for 1 s; retry when it has finished"),
                    busy::toString);
        } finally {
            if (previous == null) {
                System.clearProperty(HistoryStore.LOCK_WAIT_PROPERTY);
            } else {
                System.setProperty(HistoryStore.LOCK_WAIT_PROPERTY, previous);
            }
            holder.getOutputStream().close(); // the holder closes the store and ends
            assertTrue(holder.waitFor(30, TimeUnit.SECONDS));
        }
        assertEquals(0, holder.exitValue());
        assertFalse(Files.exists(Path.of(h2File + ".tempFile")), "a compaction was started");
        CliRun runs = CliRun.of("history", "runs", "--history", url);
        assertEquals(3, runs.out().lines().count(), runs::toString); // header, rule, the run
        CliRun compact = CliRun.of("history", "compact", "--history", url);
        assertEquals(0, compact.code(), compact::toString);
    }

    /** Holds an H2 store open until its standard input ends (another process, for the busy-store test). */
    public static final class Holder {
        public static void main(String[] args) throws Exception {
            try (Connection c = DriverManager.getConnection(args[0] + ";MAX_COMPACT_TIME=0")) {
                System.out.println(c.isValid(5) ? "open" : "not open");
                System.out.flush();
                while (System.in.read() >= 0) {
                    // wait for the end of the input
                }
            }
        }
    }
}
