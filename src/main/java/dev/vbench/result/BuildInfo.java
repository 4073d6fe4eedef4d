package dev.vbench.result;

import java.util.List;

/**
 * What a result records of one build of the user's code ({@code --build LABEL=CLASSPATH}): its label and
 * its class path entries with their SHA-256, so that a result says exactly which bytes each column ran.
 *
 * @param label the build's column label
 * @param code its class path entries (then {@code --classpath}'s), each with its SHA-256
 */
public record BuildInfo(String label, List<CodeEntry> code) {

    public BuildInfo {
        code = code == null ? List.of() : List.copyOf(code);
    }
}
