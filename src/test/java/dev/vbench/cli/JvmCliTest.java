package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.jvm.JdkDiscovery;
import dev.vbench.result.ResultCodec;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.Golden;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JVM axis on the command line: {@code list --jvms}, {@code run --jvm}, {@code run --jvm-args}. */
class JvmCliTest {

    @TempDir
    Path tmp;

    /** One result file with three JVMs compares them as columns, as three files would be compared. */
    @Test
    void compareReadsAMultiJvmResultFile() throws Exception {
        Path file = Files.writeString(tmp.resolve("jvms.json"), ResultCodec.toJson(Fixtures.jvmRun()));
        CliRun chain = CliRun.of("compare", file.toString(), "--layout", "chain");
        assertEquals(0, chain.code(), chain::toString);
        Golden.assertMatches("compare/jvm-chain.txt", chain.out().replace(tmp.toString(), "TMP"));
        assertTrue(chain.out().contains("j21 → j25"), chain::toString);
        CliRun baseline = CliRun.of("compare", file.toString(), "--format", "markdown", "--labels", "21,25,25-zgc");
        assertEquals(0, baseline.code(), baseline::toString);
        Golden.assertMatches("compare/jvm-baseline.md", baseline.out().replace(tmp.toString(), "TMP"));
        CliRun html = CliRun.of("compare", file.toString(), "--format", "html");
        assertEquals(0, html.code(), html::toString);
        assertTrue(html.out().contains("j25/zgc"), "the HTML page names every JVM");
        CliRun gate = CliRun.of("compare", file.toString(), "--fail-on-regression", "5%");
        assertEquals(0, gate.code(), "j25 and j25/zgc are faster than j21, never slower: " + gate);
    }

    @Test
    void compareOfOneSingleJvmFileSaysWhatItNeeds() throws Exception {
        Path file = Files.writeString(tmp.resolve("one.json"), ResultCodec.toJson(Fixtures.ioRun()));
        CliRun.of("compare", file.toString()).assertUsageError(
                "compare needs two or more result files, or one run with several JVMs; " + file + " ran on one JVM");
        Path jvms = Files.writeString(tmp.resolve("jvms.json"), ResultCodec.toJson(Fixtures.jvmRun()));
        CliRun.of("compare", jvms.toString(), "--labels", "a,b").assertUsageError(
                "--labels gives 2 name(s) for the 3 JVMs of " + jvms + "; give one per JVM");
    }

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
