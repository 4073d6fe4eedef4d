package dev.vbench.workload.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code vbench run -w sql} and {@code vbench list} end to end: exit codes, messages, no password anywhere. */
class SqlCliTest {

    @TempDir
    Path tmp;

    static String lastLine(String text) {
        List<String> lines = text.strip().lines().toList();
        return lines.get(lines.size() - 1);
    }

    @Test
    void unreachablePostgresExits3WithOneLineNamingHostAndPort() throws Exception {
        int port = SqlWorkloadTest.closedPort();
        CliRun r = CliRun.of(
                "run",
                "-w",
                "sql",
                "-p",
                "url=jdbc:postgresql://127.0.0.1:" + port + "/vbench?user=u&password=secret-pw-1",
                "--trials",
                "1",
                "--warmup",
                "0",
                "--tasks",
                "5");
        assertEquals(3, r.code(), r::toString);
        String line = lastLine(r.err());
        assertTrue(line.startsWith("vbench: cannot connect to the database at 127.0.0.1:" + port + " ("), line);
        assertTrue(line.endsWith("; start the server or fix -p url"), line);
        assertFalse((r.out() + r.err()).contains("secret-pw-1"), r::toString);
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
        assertEquals("", r.out());
    }

    @Test
    void badOpExits2ListingTheValidOnes() {
        CliRun r = CliRun.of("run", "-w", "sql", "-p", "op=selectEverything");
        assertEquals(2, r.code(), r::toString);
        assertEquals(
                "vbench: parameter 'op' of workload 'sql': 'selectEverything' is not one of selectAllKeywords,"
                        + " selectRootKeywords, selectChildKeywords, keywordExists, insertKeyword",
                r.errLine());
    }

    @Test
    void badUrlsExit2BeforeAnythingRuns() {
        CliRun notJdbc = CliRun.of("run", "-w", "sql", "-p", "url=postgresql://h/db?password=pw-in-bad-url");
        assertEquals(2, notJdbc.code(), notJdbc::toString);
        assertTrue(
                notJdbc.errLine()
                        .startsWith("vbench: parameter 'url' of workload 'sql': 'postgresql://h/db?password=***'"
                                + " is not a JDBC URL; use e.g. jdbc:h2:mem:vbench"),
                notJdbc::toString);
        CliRun noDriver = CliRun.of("run", "-w", "sql", "-p", "url=jdbc:oracle:thin:@h:1521:x");
        assertEquals(2, noDriver.code(), noDriver::toString);
        assertTrue(noDriver.errLine().contains("has no JDBC driver here"), noDriver::toString);
        CliRun unnamed = CliRun.of("run", "-w", "sql", "-p", "url=jdbc:h2:mem:");
        assertEquals(2, unnamed.code(), unnamed::toString);
        assertTrue(unnamed.errLine().contains("unnamed in-memory H2 database"), unnamed::toString);
    }

    static List<String> databases() {
        return TestDatabases.names();
    }

    /** The password must not reach the JSON result, stdout or stderr (H2 takes it in the URL too). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("databases")
    void passwordNeverAppearsInResultsOrOutput(String db) throws Exception {
        String url;
        String password;
        if (db.equals(TestDatabases.H2)) {
            password = "h2-secret-pw";
            url = "jdbc:h2:mem:redact;USER=sa;PASSWORD=" + password;
        } else {
            url = TestDatabases.url(db, "unused");
            password = TestDatabases.postgresPassword();
            org.junit.jupiter.api.Assumptions.assumeTrue(password != null, "the PostgreSQL URL has no password");
        }
        Path json = tmp.resolve("r.json");
        Path md = tmp.resolve("r.md");
        CliRun r = CliRun.of(
                "run",
                "-w",
                "sql",
                "-p",
                "url=" + url,
                "-p",
                "op=keywordExists,insertKeyword",
                "-e",
                "fixed:threads=2",
                "-e",
                "virtual",
                "--tasks",
                "20",
                "--trials",
                "1",
                "--warmup",
                "0",
                "-o",
                json.toString(),
                "-o",
                md.toString(),
                "--verbose");
        assertEquals(0, r.code(), r::toString);
        String all = r.out() + r.err() + Files.readString(json) + Files.readString(md);
        assertFalse(all.contains(password), () -> "password leaked:\n" + r);
        assertTrue(Files.readString(json).contains("=***"), "the url is recorded, redacted");
        assertTrue(r.out().contains("keywordExists"), r::toString);
    }

    @Test
    void listShowsTheNetworkWorkloadsWithAvailability() throws Exception {
        CliRun r = CliRun.of("list");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("  sql — keyword table ops over JDBC"), r::toString);
        assertTrue(r.out().contains("  hello — build a hello-world HTTP/1.1 response"), r::toString);
        assertTrue(r.out().contains("  http — HTTP/1.1 requests over keep-alive sockets"), r::toString);
        assertTrue(r.out().contains("      url  (default jdbc:h2:mem:vbench;"), r::toString);
        assertFalse(r.out().contains("[unavailable"), r::toString);

        int port = SqlWorkloadTest.closedPort();
        CliRun down = CliRun.of(
                "list",
                "-w",
                "sql",
                "-p",
                "url=jdbc:postgresql://127.0.0.1:" + port + "/x?user=u&password=list-secret");
        assertEquals(0, down.code(), down::toString);
        assertTrue(
                down.out().contains("[unavailable: cannot connect to the database at 127.0.0.1:" + port),
                down::toString);
        assertFalse(down.out().contains("list-secret"), down::toString);
        assertTrue(down.out().contains("Source: JPhotoTagger DatabaseBenchmark"), down::toString);
        // The description itself reads whole: the redaction of the output masks secrets, not its own sentences.
        assertTrue(
                down.out()
                        .replaceAll("\\s+", " ")
                        .contains("The password comes from the URL or from PGPASSWORD, and"
                                + " results, tables and messages show it as ***."),
                down::toString);
    }
}
