package dev.vbench.executor;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a configured executor needs of the JVM its trials run in, decided when the JVM starts and so
 * out of reach of a JVM already running: the virtual-thread scheduler's system properties
 * ({@code -e virtual:parallelism=2}) and preview APIs ({@code -e structured}). The planner runs a cell
 * that needs any in forks started with {@link #options()}, after checking that the JDK reads each
 * property and has each API.
 *
 * <pre>{@code
 * JvmNeeds needs = ExecutorStrategies.parse("virtual:parallelism=2").jvmNeeds();
 * needs.options(); // [-Djdk.virtualThreadScheduler.parallelism=2]
 * }</pre>
 *
 * @param properties system properties by name, in the order given
 * @param preview whether the JVM must run with {@code --enable-preview}
 * @param structuredScope whether the executor uses {@code StructuredTaskScope.open} (JDK 25's preview API)
 */
public record JvmNeeds(Map<String, String> properties, boolean preview, boolean structuredScope) {

    /** Nothing: the executor runs in any JVM of vbench, this one included. */
    public static final JvmNeeds NONE = new JvmNeeds(Map.of(), false, false);

    public JvmNeeds {
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    /** Whether the executor needs a JVM started for it. */
    public boolean any() {
        return !properties.isEmpty() || preview || structuredScope;
    }

    /** The JVM options that give it: {@code --enable-preview} first, then one {@code -Dname=value} per property. */
    public List<String> options() {
        List<String> out = new ArrayList<>();
        if (preview) {
            out.add("--enable-preview");
        }
        properties.forEach((name, value) -> out.add("-D" + name + "=" + value));
        return out;
    }
}
