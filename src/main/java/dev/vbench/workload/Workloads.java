package dev.vbench.workload;

import dev.vbench.spi.WorkloadProvider;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/** Finds workloads with {@link ServiceLoader}: built-ins and any on the classpath. */
public final class Workloads {

    private Workloads() {}

    /** Every workload, in registration order, first of each name wins. */
    public static List<WorkloadProvider> all() {
        Map<String, WorkloadProvider> byName = new LinkedHashMap<>();
        for (WorkloadProvider p : ServiceLoader.load(WorkloadProvider.class, Workloads.class.getClassLoader())) {
            byName.putIfAbsent(p.name(), p);
        }
        return new ArrayList<>(byName.values());
    }

    /**
     * @throws IllegalArgumentException listing the valid names
     */
    public static WorkloadProvider byName(String name) {
        List<WorkloadProvider> all = all();
        for (WorkloadProvider p : all) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown workload '" + name + "'; valid workloads: "
                + String.join(", ", all.stream().map(WorkloadProvider::name).toList()));
    }
}
