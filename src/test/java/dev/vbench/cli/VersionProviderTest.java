package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code vbench --version} names the version, the commit it was built from and the JDK it runs on. */
class VersionProviderTest {

    @Test
    void namesVersionCommitAndJdk() {
        String[] lines = new VersionProvider().getVersion();
        assertTrue(VersionProvider.version().matches("\\d+\\.\\d+\\.\\d+(-[A-Za-z0-9.]+)?"), VersionProvider.version());
        // Built in a git checkout: an abbreviated commit id, -dirty when the tree had changes; elsewhere "unknown".
        assertTrue(VersionProvider.commit().matches("[0-9a-f]{10}(-dirty)?|unknown"), VersionProvider.commit());
        assertEquals("vbench " + VersionProvider.version() + " (commit " + VersionProvider.commit() + ")", lines[0]);
        assertTrue(
                lines[1].startsWith("JVM: ")
                        && lines[1].contains(Runtime.version().toString()),
                lines[1]);
    }
}
