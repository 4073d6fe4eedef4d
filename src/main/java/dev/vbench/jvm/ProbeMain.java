package dev.vbench.jvm;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;

/**
 * Started by {@link JvmProber#probe} in the target JVM with the target's options: prints what the JVM
 * reports about itself as {@code vbench.probe.KEY=VALUE} lines and exits. Needs nothing beyond
 * {@code java.base} and {@code java.management}.
 */
public final class ProbeMain {

    /** The prefix of every line the prober reads. */
    static final String PREFIX = "vbench.probe.";

    /** HotSpot flags and the collector each selects. */
    private static final Map<String, String> GC_FLAGS = Map.of("UseSerialGC", "Serial", "UseParallelGC", "Parallel",
            "UseG1GC", "G1", "UseZGC", "ZGC", "UseShenandoahGC", "Shenandoah", "UseEpsilonGC", "Epsilon");

    private ProbeMain() {}

    public static void main(String[] args) {
        for (String key : List.of("java.version", "java.vendor", "java.vm.name", "java.vm.version", "java.home")) {
            print(key, System.getProperty(key, ""));
        }
        print("cpus", String.valueOf(Runtime.getRuntime().availableProcessors()));
        print("maxHeapBytes", String.valueOf(Runtime.getRuntime().maxMemory()));
        print("gc", collector());
        System.out.flush();
    }

    private static void print(String key, String value) {
        System.out.println(PREFIX + key + "=" + value.replace('\n', ' '));
    }

    /** The collector in use: from HotSpot's flags, else the names of the collector beans. */
    static String collector() {
        try {
            var hotspot = ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
            for (var flag : GC_FLAGS.entrySet()) {
                try {
                    if ("true".equals(hotspot.getVMOption(flag.getKey()).getValue())) {
                        return flag.getValue();
                    }
                } catch (IllegalArgumentException absent) {
                    // this VM has no such flag (e.g. no Shenandoah in the build)
                }
            }
        } catch (RuntimeException | LinkageError notHotspot) {
            // fall through to the bean names
        }
        return String.join(", ", ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(GarbageCollectorMXBean::getName).toList());
    }
}
