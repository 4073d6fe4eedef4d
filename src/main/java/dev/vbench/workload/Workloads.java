package dev.vbench.workload;

import dev.vbench.loader.UserCode;
import dev.vbench.spi.WorkloadProvider;
import java.util.List;

/**
 * vbench's own workloads (and any {@link WorkloadProvider} on the JVM's class path), found with
 * {@link java.util.ServiceLoader} by {@link UserCode#builtIn()}; a run with {@code --classpath} looks them
 * up through its own {@link UserCode}.
 */
public final class Workloads {

    private Workloads() {}

    /** Every workload, in registration order. */
    public static List<WorkloadProvider> all() {
        return UserCode.builtIn().workloads();
    }

    /**
     * @throws IllegalArgumentException listing the valid names
     */
    public static WorkloadProvider byName(String name) {
        return UserCode.builtIn().workload(name);
    }
}
