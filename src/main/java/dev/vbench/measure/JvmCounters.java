package dev.vbench.measure;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * A snapshot of process-wide JVM counters, taken before and after a trial; the difference is the
 * trial's telemetry. Reading these beans costs microseconds and happens only outside the timed
 * region.
 */
public record JvmCounters(long processCpuNanos, long gcCount, long gcTimeMillis, long allocatedBytes) {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    public static JvmCounters now() {
        long gcCount = 0;
        long gcTime = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            gcCount += Math.max(0, gc.getCollectionCount());
            gcTime += Math.max(0, gc.getCollectionTime());
        }
        return new JvmCounters(readProcessCpuNanos(), gcCount, gcTime, readAllocatedBytes());
    }

    /** This process's CPU time so far in nanoseconds, all threads; -1 where the JVM cannot tell. */
    static long readProcessCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    private static long readAllocatedBytes() {
        if (THREADS instanceof com.sun.management.ThreadMXBean sun
                && sun.isThreadAllocatedMemorySupported()
                && sun.isThreadAllocatedMemoryEnabled()) {
            return sun.getTotalThreadAllocatedBytes();
        }
        return -1;
    }

    /** Peak live platform threads since the last {@link #resetPeakThreads()}. */
    public static int peakThreads() {
        return THREADS.getPeakThreadCount();
    }

    public static void resetPeakThreads() {
        THREADS.resetPeakThreadCount();
    }

    /** {@code after − this}, with −1 where either side is unknown. */
    public JvmCounters until(JvmCounters after) {
        return new JvmCounters(
                diff(processCpuNanos, after.processCpuNanos),
                diff(gcCount, after.gcCount),
                diff(gcTimeMillis, after.gcTimeMillis),
                diff(allocatedBytes, after.allocatedBytes));
    }

    private static long diff(long before, long after) {
        return before < 0 || after < 0 ? -1 : after - before;
    }
}
