package dev.vbench.history;

import dev.vbench.measure.EnvironmentProbe;
import java.lang.management.ManagementFactory;

/**
 * The machine a run measured on (Bencher's testbed). Series are kept per testbed: numbers from two
 * machines are never one trend. Identified by {@code name} (the host name unless {@code --testbed}
 * gives one); the other fields are the latest known description.
 *
 * @param name the testbed's name
 * @param host host name
 * @param cpuModel CPU model (from /proc/cpuinfo), empty when unknown
 * @param cores available processors
 * @param memoryBytes physical memory, 0 when unknown
 * @param os operating system name and version
 * @param arch CPU architecture
 */
public record Testbed(String name, String host, String cpuModel, int cores, long memoryBytes, String os, String arch) {

    /** This machine, named {@code name} (or its host name when null). */
    public static Testbed probe(String name, String host) {
        long memory = 0;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            memory = os.getTotalMemorySize();
        }
        return new Testbed(
                name == null || name.isBlank() ? host : name,
                host,
                EnvironmentProbe.cpuModel(),
                Runtime.getRuntime().availableProcessors(),
                memory,
                System.getProperty("os.name") + " " + System.getProperty("os.version"),
                System.getProperty("os.arch"));
    }
}
