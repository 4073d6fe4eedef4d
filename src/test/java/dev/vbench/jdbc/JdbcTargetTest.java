package dev.vbench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JdbcTargetTest {

    @Test
    void showsThePostgresUrlWithoutItsPasswordAndNamesHostAndPort() {
        JdbcTarget t =
                JdbcTarget.parse("jdbc:postgresql://127.0.0.1:5433/db?user=u&password=s3cret&ssl=false", Map.of());
        assertEquals("jdbc:postgresql://127.0.0.1:5433/db?user=u&password=***&ssl=false", t.shown());
        assertEquals("127.0.0.1:5433", t.endpoint());
        assertFalse(t.embedded());
        assertEquals("2", t.extraProperties().get("connectTimeout"));
        assertEquals("x *** y", t.scrub("x s3cret y"));
    }

    @Test
    void fillsPostgresDefaultsForHostAndPort() {
        assertEquals(
                "db.example:5432",
                JdbcTarget.parse("jdbc:postgresql://db.example/db", Map.of()).endpoint());
        assertEquals(
                "localhost:5432",
                JdbcTarget.parse("jdbc:postgresql:db", Map.of()).endpoint());
        assertEquals(
                "[::1]:6000",
                JdbcTarget.parse("jdbc:postgresql://[::1]:6000/db", Map.of()).endpoint());
    }

    @Test
    void embeddedH2HasNoEndpoint() {
        JdbcTarget t = JdbcTarget.parse("jdbc:h2:mem:x;USER=sa;PASSWORD=pw-h2", Map.of());
        assertTrue(t.embedded());
        assertEquals("jdbc:h2:mem:x;USER=sa;PASSWORD=***", t.where());
        assertEquals("h2", t.subprotocol());
        assertTrue(t.extraProperties().isEmpty());
    }

    @Test
    void takesThePostgresPasswordFromPgpasswordAndScrubsIt() {
        JdbcTarget t = JdbcTarget.parse("jdbc:postgresql://h:1/db?user=u", Map.of("PGPASSWORD", "from-env-pw"));
        assertEquals("from-env-pw", t.extraProperties().get("password"));
        assertEquals("failed for *** here", t.scrub("failed for from-env-pw here"));
        // a password in the URL wins; the environment is not consulted
        JdbcTarget inUrl = JdbcTarget.parse("jdbc:postgresql://h:1/db?password=url-pw", Map.of("PGPASSWORD", "env"));
        assertFalse(inUrl.extraProperties().containsKey("password"));
    }

    @Test
    void userTimeoutsAreKept() {
        JdbcTarget t = JdbcTarget.parse("jdbc:postgresql://h:1/db?connectTimeout=30&loginTimeout=40", Map.of());
        assertFalse(t.extraProperties().containsKey("connectTimeout"));
        assertFalse(t.extraProperties().containsKey("loginTimeout"));
    }

    @Test
    void connectFailureIsOneLineWithoutPassword() {
        JdbcTarget t = JdbcTarget.parse("jdbc:postgresql://127.0.0.1:9/db?password=topsecret", Map.of());
        String line = t.connectFailure(new SQLException("FATAL: nope topsecret.\nsecond line"));
        assertEquals(
                "cannot connect to the database at 127.0.0.1:9 (jdbc:postgresql://127.0.0.1:9/db?password=***):"
                        + " FATAL: nope ***",
                line);
    }

    /** The advice after "cannot connect" follows the cause: a slow server is not told to start. */
    @Test
    void theRemedyFollowsWhyTheConnectionFailed() {
        SQLException timedOut = new SQLException(
                "The connection attempt failed.", "08001", new SocketTimeoutException("connect timed out"));
        assertTrue(
                JdbcTarget.remedy(timedOut, "-p url").startsWith("the server did not answer in time"),
                JdbcTarget.remedy(timedOut, "-p url"));
        assertEquals(
                "check the user and password in -p url",
                JdbcTarget.remedy(new SQLException("password authentication failed", "28P01"), "-p url"));
        assertEquals(
                "create the database or fix its name in -p url",
                JdbcTarget.remedy(new SQLException("database \"x\" does not exist", "3D000"), "-p url"));
        assertTrue(JdbcTarget.remedy(new SQLException("sorry, too many clients already", "53300"), "-p url")
                .contains("max_connections"));
        SQLException refused =
                new SQLException("Connection refused", "08001", new ConnectException("Connection refused"));
        assertEquals("start the server or fix -p url", JdbcTarget.remedy(refused, "-p url"));
    }
}
