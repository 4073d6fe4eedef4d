package dev.vbench.result;

import java.util.List;

/**
 * What the virtual-thread scheduler did during one trial, sampled every few milliseconds from a thread
 * of vbench's own (never on the task path): virtual threads mounted on a carrier and virtual threads
 * queued for one. Both are the JDK's estimates ({@code VirtualThreadSchedulerMXBean} on JDK 24+, the
 * same figures from the scheduler's {@code ForkJoinPool} before).
 *
 * @param samples samples taken
 * @param mountedMean mean mounted virtual threads; divided by the parallelism, the carriers' utilisation
 * @param mountedMax most mounted at one sample
 * @param queuedMean mean virtual threads queued for a carrier
 * @param queuedMax most queued at one sample
 * @param mountedOverTime mean mounted count in up to 20 even slices of the trial, in order
 * @param source {@code mxbean} or {@code carrier-pool}
 */
public record SchedulerLoad(
        long samples,
        double mountedMean,
        int mountedMax,
        double queuedMean,
        long queuedMax,
        List<Double> mountedOverTime,
        String source) {

    public SchedulerLoad {
        mountedOverTime = mountedOverTime == null ? List.of() : List.copyOf(mountedOverTime);
    }

    /** Mean share of the {@code parallelism} carriers running a virtual thread (may exceed 1 when pinning adds carriers). */
    public double utilisation(int parallelism) {
        return parallelism <= 0 ? Double.NaN : mountedMean / parallelism;
    }
}
