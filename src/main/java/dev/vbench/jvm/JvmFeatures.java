package dev.vbench.jvm;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a JVM (with an option set) offers the executors that need more than any JVM: which
 * virtual-thread scheduler properties its JDK reads, whether it has JDK 25's {@code StructuredTaskScope},
 * and its scheduler as it runs with these options. Found by {@link JvmProber#features} in the same start
 * as the rest of the probe ({@link ProbeMain}).
 *
 * <pre>{@code
 * JvmFeatures f = prober.features(target, prober.identify(java, origin), origin);
 * f.reads("jdk.pollerMode");   // false on JDK 21
 * }</pre>
 *
 * @param schedulerProperties the {@code jdk.virtualThreadScheduler.*} and {@code jdk.pollerMode} names the
 *     JDK's scheduler and poller classes read; null when their class files could not be read
 * @param structuredScope null when the JVM has {@code StructuredTaskScope.open(Joiner)} and the joiners vbench
 *     uses, else why not
 * @param schedulerParallelism the scheduler's parallelism as it runs with these options; -1 when not read
 * @param schedulerSource where that was read ({@code mxbean}, {@code carrier-pool}); null when not read
 * @param schedulerError why a virtual thread could not start with these options (a custom scheduler that does
 *     not load); null when it started
 * @param pollerError why blocking I/O on a virtual thread failed with these options (a poller mode the JDK does
 *     not know); null when it worked or was not tried (no {@code jdk.pollerMode})
 */
public record JvmFeatures(
        Set<String> schedulerProperties,
        String structuredScope,
        int schedulerParallelism,
        String schedulerSource,
        String schedulerError,
        String pollerError) {

    public JvmFeatures {
        schedulerProperties =
                schedulerProperties == null ? null : Collections.unmodifiableSet(new TreeSet<>(schedulerProperties));
    }

    /** Whether the JDK reads {@code property}; true when its class files could not be read (nothing to refuse on). */
    public boolean reads(String property) {
        return schedulerProperties == null || schedulerProperties.contains(property);
    }

    /**
     * The scheduler properties the JDK of this JVM reads ({@link ProbeMain}'s scan, in this process), or
     * null when its class files cannot be read: what {@code vbench list} marks.
     */
    public static Set<String> readByThisJdk() {
        return of(Map.of("schedulerProperties", ProbeMain.schedulerProperties()))
                .schedulerProperties();
    }

    /** The features from the probe's {@code key=value} lines. */
    static JvmFeatures of(Map<String, String> values) {
        String props = values.get("schedulerProperties");
        Set<String> names =
                props == null || props.equals("?") ? null : props.isEmpty() ? Set.of() : Set.of(props.split(","));
        String structured = values.getOrDefault("structuredScope", "");
        int parallelism = -1;
        try {
            parallelism = Integer.parseInt(values.getOrDefault("scheduler.parallelism", "-1"));
        } catch (NumberFormatException e) {
            // left -1: not read
        }
        return new JvmFeatures(
                names,
                structured.isEmpty() ? null : structured,
                parallelism,
                empty(values.get("scheduler.source")),
                empty(values.get("scheduler.error")),
                empty(values.get("poller.error")));
    }

    private static String empty(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
