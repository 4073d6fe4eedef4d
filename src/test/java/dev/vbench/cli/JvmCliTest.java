package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.jvm.JdkDiscovery;
import dev.vbench.testing.CliRun;
import org.junit.jupiter.api.Test;

/** The JVM axis on the command line: {@code list --jvms}, {@code run --jvm}, {@code run --jvm-args}. */
class JvmCliTest {

    @Test
    void listJvmsShowsEveryDiscoveredJdkWithItsVersion() {
        CliRun r = CliRun.of("list", "--jvms");
        assertEquals(0, r.code(), r::toString);
        for (JdkDiscovery.Jdk jdk : JdkDiscovery.fromSystem().find()) {
            assertTrue(r.out().lines().anyMatch(l -> l.contains(jdk.version()) && l.contains(jdk.home().toString())),
                    () -> jdk + " not listed: " + r);
        }
        assertTrue(r.out().contains("Searched: JAVA_HOME"), r::toString);
        assertTrue(r.out().contains("VBENCH_JVM_DIRS"), r::toString);
        assertEquals("", r.err(), r::toString);
    }
}
