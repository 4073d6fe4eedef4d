package dev.vbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.vbench.spi.Redactor;
import java.util.List;

/**
 * The JVM a cell ran on when the run had JVMs as an axis ({@code --jvm}, {@code --jvm-args}): its
 * label, where it is, the options it got and what probing it once before the run found. Absent from
 * cells of a run without {@code --jvm}, so such result files do not change.
 *
 * @param label the column label ({@code j21}, {@code g1}, {@code j21/g1})
 * @param javaHome the JDK home (the {@code java.home} the JVM reports)
 * @param options the option set given with {@code --jvm-args} (empty: none)
 * @param version {@code java.version}, e.g. {@code 21.0.8}
 * @param vendor {@code java.vendor}, e.g. {@code Eclipse Adoptium}
 * @param vmName {@code java.vm.name}
 * @param vmVersion {@code java.vm.version}, e.g. {@code 21.0.8+9-LTS}
 * @param availableProcessors CPUs the JVM sees with these options
 * @param gc the collector in use with these options ({@code G1}, {@code Parallel}, {@code ZGC} …)
 * @param maxHeapBytes the maximum heap with these options ({@code Runtime.maxMemory()})
 */
public record JvmInfo(
        String label,
        String javaHome,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> options,
        String version,
        String vendor,
        String vmName,
        String vmVersion,
        int availableProcessors,
        String gc,
        long maxHeapBytes) {

    public JvmInfo {
        options = options == null
                ? List.of()
                : options.stream().map(Redactor::redact).toList();
        label = Redactor.redact(label);
    }

    /** This info under another label (the same probe serves every label of one JVM and option set). */
    public JvmInfo withLabel(String newLabel) {
        return new JvmInfo(
                newLabel, javaHome, options, version, vendor, vmName, vmVersion, availableProcessors, gc, maxHeapBytes);
    }
}
