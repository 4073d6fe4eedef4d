package dev.vbench.jvm;

import static dev.vbench.jvm.JvmSpecTest.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.JvmInfo;
import dev.vbench.testing.SecondJdk;
import dev.vbench.testing.SystemOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Probes real JVMs: this one, the second JDK when configured, and a JDK 17 when one is installed. */
class JvmProberTest {

    @TempDir
    Path tmp;

    private final JvmProber prober = JvmProber.forThisJvm();

    private JvmInfo probe(Path java, String label, String... options) {
        JvmTarget target = new JvmTarget(label, java, List.of(options), null);
        return prober.probe(target, prober.identify(java, "test"), "test");
    }

    @Test
    void thisJvmReportsWhatItIs() {
        JvmInfo info = probe(JavaCommand.thisJava(), "this");
        assertEquals(System.getProperty("java.version"), info.version());
        assertEquals(System.getProperty("java.vendor"), info.vendor());
        assertEquals(System.getProperty("java.vm.version"), info.vmVersion());
        assertEquals(Runtime.getRuntime().availableProcessors(), info.availableProcessors());
        assertTrue(info.maxHeapBytes() > 0);
        assertEquals("this", info.label());
    }

    @Test
    void optionsChangeWhatTheProbeSees() {
        JvmInfo parallel =
                probe(JavaCommand.thisJava(), "par", "-XX:+UseParallelGC", "-Xmx256m", "-XX:ActiveProcessorCount=1");
        assertEquals("Parallel", parallel.gc());
        assertEquals(1, parallel.availableProcessors());
        assertTrue(
                parallel.maxHeapBytes() <= 256L << 20 && parallel.maxHeapBytes() > 128L << 20,
                () -> "-Xmx256m: " + parallel.maxHeapBytes());
        assertEquals(List.of("-XX:+UseParallelGC", "-Xmx256m", "-XX:ActiveProcessorCount=1"), parallel.options());
        assertEquals(
                "Serial", probe(JavaCommand.thisJava(), "s", "-XX:+UseSerialGC").gc());
    }

    @Test
    void optionsTheJvmRejectsGiveItsFirstErrorLine() {
        assertError(
                "--jvm-args bad='-XX:+UseFooGC': the JVM (" + System.getProperty("java.version")
                        + ") does not start with these options: Unrecognized VM option 'UseFooGC'",
                () -> JvmTargets.prepare(
                        List.of(),
                        List.of(JvmOptionSet.parse("bad='-XX:+UseFooGC'")),
                        JdkDiscovery.of(Map.of(), tmp),
                        Map.of(),
                        prober));
        assertError(
                "does not start with these options: Invalid maximum heap size: -Xmx2x",
                () -> probe(JavaCommand.thisJava(), "x", "-Xmx2x"));
    }

    /** A JVM log warning before the reason (G1 warns here on every machine) is not the reason. */
    @Test
    void aJvmWarningBeforeTheErrorIsNotTheMessage() {
        Path jfr = tmp.resolve("no-such-dir").resolve("x.jfr");
        assertError(
                "does not start with these options: Could not start recording, not able to write to file " + jfr,
                () -> probe(
                        JavaCommand.thisJava(),
                        "w",
                        "-XX:+UseG1GC",
                        "-XX:NewSize=32m",
                        "-XX:MaxNewSize=16m",
                        "-XX:StartFlightRecording:filename=" + jfr));
    }

    @Test
    void somethingThatIsNotAJdkIsRefused() throws Exception {
        Path fake = Files.writeString(tmp.resolve("java"), "#!/bin/sh\necho 'hello from a script'\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));
        assertError(
                fake + " is not a JDK: '-version' printed no java.version (hello from a script)",
                () -> prober.identify(fake, "--jvm x=" + fake));
        Path gone = tmp.resolve("removed/bin/java"); // e.g. uninstalled between resolving and probing
        assertError(gone + " is not a JDK: it cannot be started", () -> prober.identify(gone, "--jvm x=" + gone));
    }

    @Test
    void aJdkOlderThan21IsRefusedByNameAndVersion() {
        Optional<JdkDiscovery.Jdk> old = JdkDiscovery.fromSystem().find().stream()
                .filter(j -> j.feature() < JvmProber.MIN_FEATURE)
                .findFirst();
        if (old.isEmpty()) {
            SystemOutput.println("skipped: no JDK older than 21 installed");
        }
        Assumptions.assumeTrue(old.isPresent(), "skipped: no JDK older than 21 installed");
        JdkDiscovery.Jdk jdk = old.get();
        String origin = "--jvm old=" + jdk.home();
        assertError(origin + ": JDK " + jdk.version(), () -> prober.identify(jdk.java(), origin));
        assertError(
                "is older than 21, and vbench's fork child needs 21 or newer",
                () -> JvmTargets.prepare(
                        List.of(JvmSpec.parse("old=" + jdk.home())),
                        List.of(),
                        JdkDiscovery.fromSystem(),
                        Map.of(),
                        prober));
    }

    @Test
    void theSecondJdkIsProbedOnceWithEachOptionSet() {
        Path home = SecondJdk.require();
        List<JvmTarget> targets = JvmTargets.prepare(
                List.of(JvmSpec.parse("j21=" + home)),
                List.of(JvmOptionSet.parse("g1=-XX:+UseG1GC"), JvmOptionSet.parse("par=-XX:+UseParallelGC")),
                JdkDiscovery.of(Map.of(), tmp),
                Map.of(),
                prober);
        assertEquals(
                List.of("j21/g1", "j21/par"),
                targets.stream().map(JvmTarget::label).toList());
        JvmInfo info = targets.get(1).info();
        assertTrue(info.version().startsWith("21."), info::toString);
        assertEquals("Parallel", info.gc());
        assertEquals("G1", targets.get(0).info().gc());
        SystemOutput.println("second JDK probed: " + info);
    }
}
