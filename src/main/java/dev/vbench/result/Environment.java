package dev.vbench.result;

import java.util.List;

/**
 * Where a run happened; {@code compare} footnotes mismatches in these fields.
 *
 * @param commandLine the command line with secrets (passwords in URLs, password= parameters) redacted
 */
public record Environment(
        String vbenchVersion,
        String javaVendor,
        String javaVersion,
        String jvmName,
        List<String> jvmArguments,
        String osName,
        String osVersion,
        String osArch,
        int availableProcessors,
        long maxHeapBytes,
        String hostName,
        String startTime,
        String commandLine) {

    public Environment {
        jvmArguments = List.copyOf(jvmArguments);
    }
}
