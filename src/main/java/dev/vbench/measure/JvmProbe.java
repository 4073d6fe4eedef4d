package dev.vbench.measure;

import dev.vbench.result.CellConfig;
import dev.vbench.result.GcPauses;
import dev.vbench.result.SchedulerInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Collector pauses and virtual-thread scheduler settings around a trial, from MXBeans. Costs a
 * few microseconds before and after the trial and nothing during it.
 *
 * <p>Pauses: every garbage collector MXBean counts pauses except those whose name ends in
 * {@code Cycles} (ZGC's {@code ZGC Minor Cycles}, Shenandoah's {@code Shenandoah Cycles}: concurrent
 * work). G1's {@code G1 Concurrent GC} bean counts the Remark and Cleanup pauses (JDK-8297247).
 *
 * <p>Scheduler: the effective values the JDK computes from the {@code jdk.virtualThreadScheduler.*}
 * properties ({@code java.lang.VirtualThread.createDefaultScheduler}); on JDK 24+ the target
 * parallelism and the carrier pool size come from {@code VirtualThreadSchedulerMXBean}, read
 * through the platform MBean server so the bytecode stays at Java 21.
 */
public final class JvmProbe implements TrialProbe {

    /** The scheduler properties the JDK reads. */
    public static final List<String> SCHEDULER_PROPERTIES = List.of("jdk.virtualThreadScheduler.parallelism",
            "jdk.virtualThreadScheduler.maxPoolSize", "jdk.virtualThreadScheduler.minRunnable",
            "jdk.virtualThreadScheduler.timerQueues");

    private static final String SCHEDULER_BEAN = "jdk.management:type=VirtualThreadScheduler";

    @Override
    public Running start(CellConfig cell) {
        long[] before = pauses();
        boolean virtual = "virtual".equals(cell.executor().threadKind());
        return trial -> {
            long[] after = pauses();
            var telemetry = trial.telemetry().withGcPauses(new GcPauses(after[0] - before[0], after[1] - before[1]));
            if (virtual) {
                telemetry = telemetry.withScheduler(scheduler());
            }
            return trial.withTelemetry(telemetry);
        };
    }

    /** {pause count, pause millis} summed over the pause-counting collector beans. */
    static long[] pauses() {
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc.getName().endsWith("Cycles")) {
                continue;
            }
            count += Math.max(0, gc.getCollectionCount());
            millis += Math.max(0, gc.getCollectionTime());
        }
        return new long[] {count, millis};
    }

    /** The scheduler settings in effect now. */
    public static SchedulerInfo scheduler() {
        Map<String, String> set = new LinkedHashMap<>();
        for (String name : SCHEDULER_PROPERTIES) {
            String value = System.getProperty(name);
            if (value != null) {
                set.put(name, value);
            }
        }
        int parallelism = intProperty("jdk.virtualThreadScheduler.parallelism", Runtime.getRuntime().availableProcessors());
        Integer maxProperty = intPropertyOrNull("jdk.virtualThreadScheduler.maxPoolSize");
        int maxPoolSize = maxProperty != null ? maxProperty : Math.max(parallelism, 256);
        if (maxProperty != null) {
            parallelism = Math.min(parallelism, maxPoolSize);
        }
        int minRunnable = intProperty("jdk.virtualThreadScheduler.minRunnable", Math.max(parallelism / 2, 1));
        int poolSize = -1;
        Object beanParallelism = attribute("Parallelism");
        if (beanParallelism instanceof Integer p) {
            parallelism = p;
        }
        if (attribute("PoolSize") instanceof Integer size) {
            poolSize = size;
        }
        return new SchedulerInfo(parallelism, maxPoolSize, minRunnable, poolSize, set);
    }

    private static int intProperty(String name, int fallback) {
        Integer v = intPropertyOrNull(name);
        return v == null ? fallback : v;
    }

    private static Integer intPropertyOrNull(String name) {
        String v = System.getProperty(name);
        if (v == null) {
            return null;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            return null; // the JDK fails at startup on a bad value; nothing to record here
        }
    }

    /** An attribute of the JDK 24+ scheduler MXBean, or null before JDK 24. */
    private static Object attribute(String name) {
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            ObjectName bean = new ObjectName(SCHEDULER_BEAN);
            return server.isRegistered(bean) ? server.getAttribute(bean, name) : null;
        } catch (Exception | LinkageError e) {
            return null;
        }
    }
}
