package dev.vbench.jvm;

import dev.vbench.result.JvmInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One column of the JVM axis: a {@code java} with an option set, under one label, and (once probed)
 * what the JVM reported about itself. Its cells run in forks started with this {@code java} and
 * these options.
 *
 * @param label column label: the {@code --jvm} label, the {@code --jvm-args} label, or both as
 *     {@code j21/g1} when both axes are given; null for the JVM vbench runs on when the run has no JVM
 *     axis and a cell's executor needs a JVM started for it ({@code -e virtual:parallelism=2}): no column then
 * @param java the {@code java} executable
 * @param options the option set (after the options vbench's own JVM was started with)
 * @param info what probing found; null before {@link JvmProber#probe}
 */
public record JvmTarget(String label, Path java, List<String> options, JvmInfo info) {

    public JvmTarget {
        options = List.copyOf(options);
    }

    /**
     * The JVM vbench runs on, under no label, for cells that need a JVM started with {@code options}
     * when the run has no JVM axis.
     */
    public static JvmTarget thisJvm(List<String> options) {
        return new JvmTarget(null, JavaCommand.thisJava(), options, null);
    }

    /**
     * This target with {@code extra} options after its own, under the same label and probe: what an
     * executor needs of the JVM ({@code -Djdk.virtualThreadScheduler.parallelism=2}) is not part of the
     * column's option set, and the result records it with the executor.
     */
    public JvmTarget withOptions(List<String> extra) {
        if (extra.isEmpty()) {
            return this;
        }
        List<String> all = new ArrayList<>(options);
        all.addAll(extra);
        return new JvmTarget(label, java, all, info);
    }

    /** This target with its probe. */
    public JvmTarget withInfo(JvmInfo probed) {
        return new JvmTarget(label, java, options, probed);
    }
}
