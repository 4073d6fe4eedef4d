package dev.vbench.measure;

import dev.vbench.result.Environment;
import dev.vbench.spi.Redactor;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/** Captures where a run happens, for the result file. */
public final class EnvironmentProbe {

    private EnvironmentProbe() {}

    /**
     * @param vbenchVersion version of this vbench
     * @param commandLine the command line as typed; secrets are redacted here
     */
    public static Environment capture(String vbenchVersion, String commandLine) {
        List<String> jvmArgs = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .map(Redactor::redact)
                .toList();
        return new Environment(
                vbenchVersion,
                System.getProperty("java.vendor"),
                Runtime.version().toString(),
                System.getProperty("java.vm.name"),
                jvmArgs,
                System.getProperty("os.name"),
                System.getProperty("os.version"),
                System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory(),
                hostName(),
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                Redactor.redact(commandLine),
                cpuModel());
    }

    /** The first {@code model name} of /proc/cpuinfo; empty where there is none (not Linux). */
    public static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name") && line.contains(":")) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: unknown
        }
        return "";
    }

    /** This machine's host name: {@code $HOSTNAME}, else what the OS resolves, else {@code unknown}. */
    public static String hostName() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) {
            return env;
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return "unknown";
        }
    }
}
