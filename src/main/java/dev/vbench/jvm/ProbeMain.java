package dev.vbench.jvm;

import dev.vbench.executor.ExecutorStrategies;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Started by {@link JvmProber#probe} in the target JVM with the target's options: prints what the JVM
 * reports about itself as {@code vbench.probe.KEY=VALUE} lines and exits. Needs nothing beyond
 * {@code java.base} and {@code java.management}.
 *
 * <p>What the executors that need a JVM of their own ask ({@link JvmFeatures}): the scheduler
 * properties its JDK reads (the names in the constant pools of {@code java.lang.VirtualThread}, which creates
 * the scheduler, and of {@code sun.nio.ch.Poller}: a JDK that does not name a property ignores it),
 * whether it has JDK 25's {@code StructuredTaskScope}, and its scheduler as it runs with these options:
 * a virtual thread is started (a custom scheduler that cannot load fails here), and with
 * {@code jdk.pollerMode} set, one blocks on a pipe (a mode the JDK does not know fails here).
 */
public final class ProbeMain {

    /** The prefix of every line the prober reads. */
    static final String PREFIX = "vbench.probe.";

    /** HotSpot flags and the collector each selects. */
    private static final Map<String, String> GC_FLAGS = Map.of(
            "UseSerialGC",
            "Serial",
            "UseParallelGC",
            "Parallel",
            "UseG1GC",
            "G1",
            "UseZGC",
            "ZGC",
            "UseShenandoahGC",
            "Shenandoah",
            "UseEpsilonGC",
            "Epsilon");

    private ProbeMain() {}

    public static void main(String[] args) {
        for (String key : List.of("java.version", "java.vendor", "java.vm.name", "java.vm.version", "java.home")) {
            print(key, System.getProperty(key, ""));
        }
        print("cpus", String.valueOf(Runtime.getRuntime().availableProcessors()));
        print("maxHeapBytes", String.valueOf(Runtime.getRuntime().maxMemory()));
        print("gc", collector());
        print("schedulerProperties", schedulerProperties());
        String structured = ExecutorStrategies.structuredScopeUnavailable();
        print("structuredScope", structured == null ? "" : structured);
        scheduler();
        System.out.flush();
    }

    /** Prefixes of the property names {@link #schedulerProperties} looks for. */
    private static final List<String> PROPERTY_PREFIXES = List.of("jdk.virtualThreadScheduler.", "jdk.pollerMode");

    /**
     * The class files that read the scheduler's and the poller's properties in the JDKs vbench knows (21 to 25
     * and Loom's builds): {@code java.lang.VirtualThread} creates the scheduler, {@code sun.nio.ch.Poller} the
     * pollers; a name absent from a JDK is skipped.
     */
    private static final List<String> SCHEDULER_CLASSES = List.of(
            "/java/lang/VirtualThread.class",
            "/java/lang/VirtualThread$DelayedTaskSchedulers.class",
            "/sun/nio/ch/Poller.class",
            "/sun/nio/ch/Poller$Pollers.class");

    /**
     * The scheduler and poller property names in the constant pools of {@link #SCHEDULER_CLASSES} (a class
     * file's resource is never encapsulated), comma-separated; {@code ?} when none could be read.
     */
    static String schedulerProperties() {
        Set<String> found = new TreeSet<>();
        int read = 0;
        for (String name : SCHEDULER_CLASSES) {
            try (InputStream in = Object.class.getResourceAsStream(name)) {
                if (in == null) {
                    continue;
                }
                read++;
                String text = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
                for (String p : PROPERTY_PREFIXES) {
                    for (int at = text.indexOf(p); at >= 0; at = text.indexOf(p, at + 1)) {
                        int end = at;
                        while (end < text.length()
                                && (Character.isLetterOrDigit(text.charAt(end))
                                        || text.charAt(end) == '.'
                                        || text.charAt(end) == '_')) {
                            end++;
                        }
                        String property = text.substring(at, end);
                        if (!property.endsWith(".")) {
                            found.add(property);
                        }
                    }
                }
            } catch (IOException | RuntimeException e) {
                // unreadable: as if absent
            }
        }
        return read == 0 ? "?" : String.join(",", found);
    }

    /** The scheduler with these options: a virtual thread's start, its parallelism, and the poller when a mode is set. */
    private static void scheduler() {
        try {
            Thread.ofVirtual().start(() -> {}).join();
        } catch (Throwable e) {
            print("scheduler.error", rootCause(e));
            return;
        }
        SchedulerGauge gauge = SchedulerGauge.get();
        if (gauge != null) {
            print("scheduler.parallelism", String.valueOf(gauge.parallelism()));
            print("scheduler.source", gauge.source());
        }
        if (System.getProperty("jdk.pollerMode") != null) {
            String failed = blockOnAPipe();
            if (failed != null) {
                print("poller.error", failed);
            }
        }
    }

    /** A virtual thread's blocking read of a pipe, which starts the poller; why it failed, or null. */
    private static String blockOnAPipe() {
        Throwable[] failure = new Throwable[1];
        try {
            Pipe pipe = Pipe.open();
            Thread reader = Thread.ofVirtual().start(() -> {
                try {
                    pipe.source().read(ByteBuffer.allocate(1));
                } catch (Throwable e) {
                    failure[0] = e;
                }
            });
            Thread.sleep(20); // the reader parks on the empty pipe: its poller starts
            pipe.sink().write(ByteBuffer.wrap(new byte[] {1}));
            reader.join(10_000);
        } catch (Throwable e) {
            return rootCause(e);
        }
        return failure[0] == null ? null : rootCause(failure[0]);
    }

    /** What the innermost cause says: its message (a missing class named as such), else its type. */
    private static String rootCause(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null
                ? ""
                : root.getMessage().lines().findFirst().orElse("");
        if (root instanceof ClassNotFoundException || root instanceof NoClassDefFoundError) {
            return "class " + message.replace('/', '.') + " not found on the system class path";
        }
        return message.isEmpty() ? root.getClass().getSimpleName() : message;
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
        return String.join(
                ", ",
                ManagementFactory.getGarbageCollectorMXBeans().stream()
                        .map(GarbageCollectorMXBean::getName)
                        .toList());
    }
}
