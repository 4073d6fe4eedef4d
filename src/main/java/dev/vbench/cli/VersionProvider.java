package dev.vbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** Reads the version Maven filtered into {@code dev/vbench/version.properties}. */
public final class VersionProvider implements CommandLine.IVersionProvider {

    /** The vbench version, or "dev" when run from unfiltered classes. */
    public static String version() {
        try (InputStream in = VersionProvider.class.getResourceAsStream("/dev/vbench/version.properties")) {
            if (in == null) {
                return "dev";
            }
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty("version", "dev");
            return v.startsWith("${") ? "dev" : v;
        } catch (IOException e) {
            return "dev";
        }
    }

    @Override
    public String[] getVersion() {
        return new String[] {
            "vbench " + version(),
            "JVM: " + System.getProperty("java.vendor") + " " + Runtime.version() + " (" + System.getProperty("java.vm.name") + ")",
            "OS: " + System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch")
        };
    }
}
