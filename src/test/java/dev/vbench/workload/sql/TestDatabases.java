package dev.vbench.workload.sql;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * The databases the sql tests run against: embedded H2 always, and the PostgreSQL server named by
 * the system property {@code vbench.test.pgurl} (surefire sets it from the environment variable
 * {@code VBENCH_TEST_PG_URL}, which {@code .ci/run} exports after starting a throwaway server).
 */
final class TestDatabases {

    static final String H2 = "h2";
    static final String POSTGRESQL = "postgresql";

    private TestDatabases() {}

    /** The PostgreSQL URL, or null when none is configured (an unresolved ${env.…} counts as none). */
    static String postgresUrl() {
        String url = System.getProperty("vbench.test.pgurl", "");
        return url.startsWith("jdbc:postgresql:") ? url : null;
    }

    /** Names for a parameterized test: always "h2", plus "postgresql" (skipped when not configured). */
    static List<String> names() {
        return List.of(H2, POSTGRESQL);
    }

    /** The URL for {@code name}; for PostgreSQL without a server, the test is skipped (not passed). */
    static String url(String name, String h2Database) {
        if (name.equals(H2)) {
            return "jdbc:h2:mem:" + h2Database;
        }
        String url = postgresUrl();
        Assumptions.assumeTrue(
                url != null, "PostgreSQL tests need VBENCH_TEST_PG_URL (.ci/run starts a server and sets it)");
        return url;
    }

    /** The password in the PostgreSQL URL, for leak checks. */
    static String postgresPassword() {
        String url = postgresUrl();
        if (url == null) {
            return null;
        }
        Matcher m = Pattern.compile("password=([^&]+)").matcher(url);
        return m.find() ? m.group(1) : null;
    }
}
