package dev.vbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/**
 * Reads the version and commit Maven filtered into {@code dev/vbench/version.properties} (the commit from
 * git in the build directory; "unknown" for a build outside a git checkout).
 */
public final class VersionProvider implements CommandLine.IVersionProvider {

    /** The vbench version, or "dev" when run from unfiltered classes. */
    public static String version() {
        return property("version", "dev");
    }

    /** The commit vbench was built from ({@code 0123456789}, with {@code -dirty} for uncommitted changes), or "unknown". */
    public static String commit() {
        String commit = property("commit", "unknown");
        return commit.equals("unknown") || !property("dirty", "false").equals("true") ? commit : commit + "-dirty";
    }

    private static String property(String name, String fallback) {
        try (InputStream in = VersionProvider.class.getResourceAsStream("/dev/vbench/version.properties")) {
            if (in == null) {
                return fallback;
            }
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty(name, fallback).strip();
            return v.isEmpty() || v.startsWith("${") ? fallback : v;
        } catch (IOException e) {
            return fallback;
        }
    }

    @Override
    public String[] getVersion() {
        return new String[] {
            "vbench " + version() + " (commit " + commit() + ")",
            "JVM: " + System.getProperty("java.vendor") + " " + Runtime.version() + " ("
                    + System.getProperty("java.vm.name") + ")",
            "OS: " + System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                    + System.getProperty("os.arch")
        };
    }
}
