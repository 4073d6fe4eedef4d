package dev.vbench.jvm;

import dev.vbench.result.JvmInfo;
import java.nio.file.Path;
import java.util.List;

/**
 * One column of the JVM axis: a {@code java} with an option set, under one label, and (once probed)
 * what the JVM reported about itself. Its cells run in forks started with this {@code java} and
 * these options.
 *
 * @param label column label: the {@code --jvm} label, the {@code --jvm-args} label, or both as
 *     {@code j21/g1} when both axes are given
 * @param java the {@code java} executable
 * @param options the option set (after the options vbench's own JVM was started with)
 * @param info what probing found; null before {@link JvmProber#probe}
 */
public record JvmTarget(String label, Path java, List<String> options, JvmInfo info) {

    public JvmTarget {
        options = List.copyOf(options);
    }

    /** This target with its probe. */
    public JvmTarget withInfo(JvmInfo probed) {
        return new JvmTarget(label, java, options, probed);
    }
}
