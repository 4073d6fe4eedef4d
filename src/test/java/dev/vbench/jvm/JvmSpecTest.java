package dev.vbench.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JvmSpecTest {

    @TempDir
    Path tmp;

    private JdkDiscovery discovery() {
        return JdkDiscovery.of(Map.of(JdkDiscovery.DIRS_ENV, tmp.resolve("jdks").toString()), tmp.resolve("home"));
    }

    @Test
    void parsesEveryForm() {
        assertEquals(new JvmSpec("jdk21", new JvmSpec.Major(21), "--jvm 21"), JvmSpec.parse("21"));
        assertEquals(new JvmSpec.Major(25), JvmSpec.parse("j25=25").source());
        assertEquals(
                new JvmSpec.Home(Path.of("/opt/jdk")),
                JvmSpec.parse("j=/opt/jdk").source());
        assertEquals(
                new JvmSpec.Env("JDK21_HOME"), JvmSpec.parse("old=$JDK21_HOME").source());
    }

    @Test
    void resolvesAHomeItsBinJavaAndAMajorVersion() throws Exception {
        Path home = JdkDiscoveryTest.fakeJdk(tmp.resolve("jdks/jdk-21"), "21.0.8");
        Path java = home.resolve("bin/java");
        assertEquals(java, JvmSpec.parse("a=" + home).resolve(discovery(), Map.of()));
        assertEquals(java, JvmSpec.parse("a=" + java).resolve(discovery(), Map.of()));
        assertEquals(
                java.toRealPath(),
                JvmSpec.parse("21").resolve(discovery(), Map.of()).toRealPath());
        assertEquals(java, JvmSpec.parse("a=$MY_JDK").resolve(discovery(), Map.of("MY_JDK", home.toString())));
    }

    @Test
    void badValuesSayWhatIsWrongInOneLine() throws Exception {
        Files.createDirectories(tmp.resolve("empty"));
        Path notExecutable = Files.writeString(tmp.resolve("java"), "x");
        assertError("--jvm j21: give LABEL=PATH", () -> JvmSpec.parse("j21"));
        assertError("--jvm =/x: give LABEL=PATH", () -> JvmSpec.parse("=/x"));
        assertError("the label 'a b' must be letters", () -> JvmSpec.parse("a b=/x"));
        assertError(
                "--jvm j=/no/such/jdk: /no/such/jdk does not exist; give a JDK home or its bin/java",
                () -> JvmSpec.parse("j=/no/such/jdk").resolve(discovery(), Map.of()));
        assertError(
                tmp.resolve("empty") + " is not a JDK (it has no bin/java)",
                () -> JvmSpec.parse("j=" + tmp.resolve("empty")).resolve(discovery(), Map.of()));
        assertError(
                notExecutable + " is not a JDK (not an executable file)",
                () -> JvmSpec.parse("j=" + notExecutable).resolve(discovery(), Map.of()));
        assertError("--jvm 22: no JDK 22 found", () -> JvmSpec.parse("22").resolve(discovery(), Map.of()));
        assertError(
                "environment variable NOPE_HOME is not set; set it to a JDK home",
                () -> JvmSpec.parse("x=$NOPE_HOME").resolve(discovery(), Map.of()));
        assertError(
                "duplicate --jvm label 'a'; give each its own label",
                () -> JvmTargets.cross(
                        List.of(JvmSpec.parse("a=/x"), JvmSpec.parse("a=/y")), List.of(), discovery(), Map.of()));
        assertError(
                "duplicate --jvm-args label 'g'",
                () -> JvmTargets.cross(
                        List.of(),
                        List.of(JvmOptionSet.parse("g=-Xmx1g"), JvmOptionSet.parse("g=")),
                        discovery(),
                        Map.of()));
    }

    @Test
    void optionSetsSplitLikeAShellAndCross() throws Exception {
        assertEquals(
                List.of("-XX:+UseZGC", "-Xmx2g"),
                JvmOptionSet.parse("z=-XX:+UseZGC   -Xmx2g").options());
        assertEquals(
                List.of("-Dname=a b", "-Dx=y"),
                JvmOptionSet.parse("q=-Dname='a b' \"-Dx=y\"").options());
        assertEquals(List.of(), JvmOptionSet.parse("base=").options());
        assertError("'UseG1GC' is not a JVM option (options start with -)", () -> JvmOptionSet.parse("g=UseG1GC"));
        assertError("-jar is not allowed", () -> JvmOptionSet.parse("g=-jar"));
        assertError("unbalanced ' quote", () -> JvmOptionSet.parse("g=-Dx='a"));
        assertError("give LABEL='OPTIONS'", () -> JvmOptionSet.parse("-XX:+UseZGC"));

        Path home = JdkDiscoveryTest.fakeJdk(tmp.resolve("jdks/jdk-21"), "21.0.8");
        List<JvmTarget> crossed = JvmTargets.cross(
                List.of(JvmSpec.parse("a=" + home), JvmSpec.parse("b=" + home)),
                List.of(JvmOptionSet.parse("g1=-XX:+UseG1GC"), JvmOptionSet.parse("par=-XX:+UseParallelGC")),
                discovery(),
                Map.of());
        assertEquals(
                List.of("a/g1", "a/par", "b/g1", "b/par"),
                crossed.stream().map(JvmTarget::label).toList());
        assertEquals(List.of("-XX:+UseParallelGC"), crossed.get(1).options());
        List<JvmTarget> setsOnly =
                JvmTargets.cross(List.of(), List.of(JvmOptionSet.parse("g1=-XX:+UseG1GC")), discovery(), Map.of());
        assertEquals(JavaCommand.thisJava(), setsOnly.get(0).java(), "option sets alone run on this JVM");
        assertTrue(JvmTargets.cross(List.of(), List.of(), discovery(), Map.of()).isEmpty(), "no axis, no targets");
    }

    static void assertError(String expected, org.junit.jupiter.api.function.Executable call) {
        JvmException e = assertThrows(JvmException.class, call);
        assertTrue(e.getMessage().contains(expected), () -> "expected '" + expected + "' in: " + e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), e::getMessage);
    }
}
