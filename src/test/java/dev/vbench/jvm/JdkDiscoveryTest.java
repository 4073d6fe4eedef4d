package dev.vbench.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JdkDiscoveryTest {

    @TempDir
    Path tmp;

    /** A directory that looks like a JDK home: bin/java (executable) and a release file. */
    static Path fakeJdk(Path home, String version) throws IOException {
        Path bin = Files.createDirectories(home.resolve("bin"));
        Path java = bin.resolve("java");
        Files.writeString(java, "#!/bin/sh\necho fake\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n");
        return home;
    }

    @Test
    void findsEveryPlaceNewestFirstAndListsEachHomeOnce() throws IOException {
        Path user = tmp.resolve("home");
        Path sdk21 = fakeJdk(user.resolve(".sdkman/candidates/java/21.0.2-tem"), "21.0.2");
        Files.createSymbolicLink(user.resolve(".sdkman/candidates/java/current"), sdk21);
        Path jdks = fakeJdk(user.resolve(".jdks/corretto-21.0.8"), "21.0.8");
        Path mac = fakeJdk(user.resolve(".jdks/zulu-25.jdk/Contents/Home"), "25.0.1");
        Path extra = fakeJdk(tmp.resolve("extra/jdk-8"), "1.8.0_402");
        Path javaHome = fakeJdk(tmp.resolve("jh/jdk-24"), "24");
        Files.createDirectories(user.resolve(".jdks/not-a-jdk"));
        JdkDiscovery discovery = JdkDiscovery.of(
                Map.of(
                        "JAVA_HOME",
                        javaHome.toString(),
                        JdkDiscovery.DIRS_ENV,
                        tmp.resolve("extra") + ":" + tmp.resolve("missing")),
                user);

        Path root = tmp.toRealPath();
        List<JdkDiscovery.Jdk> found = discovery.find().stream()
                .filter(j -> j.home().startsWith(root))
                .toList(); // /usr/lib/jvm may add real ones
        assertEquals(
                List.of(
                        mac.toRealPath(),
                        javaHome.toRealPath(),
                        jdks.toRealPath(),
                        sdk21.toRealPath(),
                        extra.toRealPath()),
                found.stream().map(JdkDiscovery.Jdk::home).toList());
        assertEquals(
                List.of(25, 24, 21, 21, 8),
                found.stream().map(JdkDiscovery.Jdk::feature).toList());
        assertEquals("JAVA_HOME", found.get(1).foundIn());
        assertEquals(jdks.toRealPath(), discovery.newest(21).orElseThrow().home(), "21.0.8 is newer than 21.0.2");
        assertTrue(discovery.newest(22).isEmpty());

        String listing = String.join("\n", discovery.listing());
        assertTrue(listing.contains("  8  1.8.0_402"), listing);
        assertTrue(listing.contains("too old: vbench's fork child needs 21+"), listing);
        assertTrue(listing.contains("Searched: JAVA_HOME, /usr/lib/jvm"), listing);
        assertTrue(listing.contains("VBENCH_JVM_DIRS " + tmp.resolve("missing") + " (missing)"), listing);
    }

    @Test
    void unsetVariablesAreListedAsUnset() {
        JdkDiscovery discovery = JdkDiscovery.of(Map.of(), tmp);
        String searched = discovery.listing().get(discovery.listing().size() - 1);
        assertTrue(searched.startsWith("Searched: JAVA_HOME (unset), /usr/lib/jvm"), searched);
        assertTrue(
                searched.endsWith("~/.sdkman/candidates/java (missing), ~/.jdks (missing), VBENCH_JVM_DIRS (unset)"),
                searched);
    }

    @Test
    void versionsParse() {
        assertEquals(21, JdkDiscovery.feature("21.0.8"));
        assertEquals(25, JdkDiscovery.feature("25"));
        assertEquals(8, JdkDiscovery.feature("1.8.0_402"));
        assertEquals(0, JdkDiscovery.feature("abc"));
        assertTrue(JdkDiscovery.compareVersions("21.0.10", "21.0.9") < 0, "21.0.10 sorts first (newer)");
    }
}
