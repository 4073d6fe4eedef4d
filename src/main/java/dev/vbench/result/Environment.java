package dev.vbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vbench.spi.Redactor;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where a run happened; {@code compare} footnotes mismatches in these fields.
 *
 * @param commandLine the command line with secrets (passwords in URLs, password= parameters) redacted
 * @param cpuModel the CPU model ({@code model name} of /proc/cpuinfo); null or empty (absent) where
 *     unknown, as in results written before it was recorded
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
        String commandLine,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) String cpuModel) {

    /** Every secret of the command line and the JVM's arguments is masked, also in a result file read from elsewhere. */
    public Environment {
        jvmArguments = jvmArguments.stream().map(Redactor::redact).toList();
        commandLine = Redactor.redact(commandLine);
    }

    /** An environment whose CPU model is not known. */
    public Environment(
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
        this(
                vbenchVersion,
                javaVendor,
                javaVersion,
                jvmName,
                jvmArguments,
                osName,
                osVersion,
                osArch,
                availableProcessors,
                maxHeapBytes,
                hostName,
                startTime,
                commandLine,
                null);
    }

    /**
     * How the machine and JDK of {@code other} differ from this one's, as a testbed — CPU model and
     * count, OS (name, version, architecture) and JDK (vendor and version) — one {@code what: this vs
     * other} phrase per difference; empty when they are the same testbed. A CPU model that either
     * side did not record is not compared. The host name is not compared: identical machines have
     * different names.
     */
    public List<String> testbedDifferences(Environment other) {
        List<String> out = new ArrayList<>();
        if (cpuModel != null
                && !cpuModel.isEmpty()
                && other.cpuModel != null
                && !other.cpuModel.isEmpty()
                && !cpuModel.equals(other.cpuModel)) {
            out.add("CPU " + cpuModel + " vs " + other.cpuModel);
        }
        if (availableProcessors != other.availableProcessors) {
            out.add("CPUs " + availableProcessors + " vs " + other.availableProcessors);
        }
        String os = osName + " " + osVersion + " " + osArch;
        String otherOs = other.osName + " " + other.osVersion + " " + other.osArch;
        if (!os.equals(otherOs)) {
            out.add("OS " + os + " vs " + otherOs);
        }
        String jdk = javaVendor + " " + javaVersion;
        String otherJdk = other.javaVendor + " " + other.javaVersion;
        if (!Objects.equals(jdk, otherJdk)) {
            out.add("JDK " + jdk + " vs " + otherJdk);
        }
        return out;
    }
}
