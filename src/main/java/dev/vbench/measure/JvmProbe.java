package dev.vbench.measure;

import dev.vbench.jvm.SchedulerGauge;
import dev.vbench.result.CellConfig;
import dev.vbench.result.GcPauses;
import dev.vbench.result.SchedulerInfo;
import dev.vbench.result.SchedulerLoad;
import dev.vbench.result.TrialResult;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collector pauses and the virtual-thread scheduler around a trial. Costs a few microseconds before and
 * after the trial; during a trial of a cell on virtual threads, a {@link SchedulerSampler} thread reads the
 * scheduler's mounted and queued counts every few milliseconds (never on the task path).
 *
 * <p>Pauses: every garbage collector MXBean counts pauses except those whose name ends in
 * {@code Cycles} (ZGC's {@code ZGC Minor Cycles}, Shenandoah's {@code Shenandoah Cycles}: concurrent
 * work). G1's {@code G1 Concurrent GC} bean counts the Remark and Cleanup pauses (JDK-8297247).
 *
 * <p>Scheduler: the values the JDK computes from the {@code jdk.virtualThreadScheduler.*} properties
 * ({@code java.lang.VirtualThread.createDefaultScheduler}), with the effective parallelism and carrier
 * pool size read from the running scheduler ({@link SchedulerGauge}: {@code VirtualThreadSchedulerMXBean}
 * on JDK 24+, the scheduler's ForkJoinPool before).
 */
public final class JvmProbe implements TrialProbe {

    /** The scheduler properties the JDK reads (the custom scheduler and poller mode only on some builds). */
    public static final List<String> SCHEDULER_PROPERTIES = List.of(
            "jdk.virtualThreadScheduler.parallelism",
            "jdk.virtualThreadScheduler.maxPoolSize",
            "jdk.virtualThreadScheduler.minRunnable",
            "jdk.virtualThreadScheduler.timerQueues",
            "jdk.virtualThreadScheduler.implClass",
            "jdk.pollerMode");

    @Override
    public Running start(CellConfig cell) {
        long[] before = pauses();
        boolean virtual = "virtual".equals(cell.executor().threadKind());
        SchedulerGauge gauge = virtual ? SchedulerGauge.get() : null;
        SchedulerSampler sampler = gauge == null ? null : SchedulerSampler.start(gauge);
        return new Running() {
            @Override
            public TrialResult finish(TrialResult trial) {
                SchedulerLoad load = sampler == null ? null : sampler.stop();
                long[] after = pauses();
                var telemetry =
                        trial.telemetry().withGcPauses(new GcPauses(after[0] - before[0], after[1] - before[1]));
                if (virtual) {
                    telemetry = telemetry.withScheduler(scheduler().withLoad(load));
                }
                return trial.withTelemetry(telemetry);
            }

            @Override
            public void abort() {
                if (sampler != null) {
                    sampler.stop();
                }
            }
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
        int parallelism = intProperty(
                "jdk.virtualThreadScheduler.parallelism", Runtime.getRuntime().availableProcessors());
        Integer maxProperty = intPropertyOrNull("jdk.virtualThreadScheduler.maxPoolSize");
        int maxPoolSize = maxProperty != null ? maxProperty : Math.max(parallelism, 256);
        if (maxProperty != null) {
            parallelism = Math.min(parallelism, maxPoolSize);
        }
        int minRunnable = intProperty("jdk.virtualThreadScheduler.minRunnable", Math.max(parallelism / 2, 1));
        int poolSize = -1;
        String source = "properties";
        SchedulerGauge gauge = SchedulerGauge.get();
        if (gauge != null && gauge.parallelism() > 0) {
            parallelism = gauge.parallelism();
            poolSize = gauge.poolSize();
            source = gauge.source();
        }
        return new SchedulerInfo(parallelism, maxPoolSize, minRunnable, poolSize, set, source, null);
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
}
