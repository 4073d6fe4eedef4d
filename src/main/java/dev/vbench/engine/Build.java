package dev.vbench.engine;

import dev.vbench.result.CodeEntry;
import java.util.List;

/**
 * One build of the user's code as a column ({@code --build LABEL=CLASSPATH}): its cells run in forks of
 * their own with this class path, so that two builds of the same benchmark are compared in one run,
 * their trials interleaved round by round, instead of two runs at two times.
 *
 * <pre>{@code
 * Build old = new Build("old", List.of("/abs/old/classes"), code.code());
 * CellPlan cell = planned.onBuild("c2", old);
 * }</pre>
 *
 * @param label the column label
 * @param classPath absolute class path entries the build's forks load (its own, then {@code --classpath}'s);
 *     null for a build that is vbench's own code in this JVM (the A and B of {@code vbench noise})
 * @param code the build's entries with their SHA-256, as the result records them
 */
public record Build(String label, List<String> classPath, List<CodeEntry> code) {

    public Build {
        classPath = classPath == null ? null : List.copyOf(classPath);
        code = code == null ? List.of() : List.copyOf(code);
    }

    /** Whether the build's cells run in forks with its class path (every build but an A/A side). */
    public boolean forks() {
        return classPath != null;
    }
}
