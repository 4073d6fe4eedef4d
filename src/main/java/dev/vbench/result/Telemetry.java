package dev.vbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * JVM counters sampled before and after a trial (never on the task path).
 *
 * <p>The last three components were added after the first release of {@code vbench-result/1};
 * files written before them read back with {@code gcPauses} and {@code scheduler} null and no
 * pinned stacks, and those absent values are left out when written, so such a file is written back
 * byte for byte as it was.
 *
 * @param processCpuNanos CPU time of the whole vbench process during the trial
 * @param gcCount collections during the trial, all collectors
 * @param gcTimeMillis accumulated collection time during the trial, all collectors (with ZGC and
 *     Shenandoah this includes concurrent cycles; see {@code gcPauses} for pauses only)
 * @param allocatedBytes bytes allocated on the heap by all threads during the trial, or -1 when unknown.
 *     Virtual threads allocate in their carrier's TLAB, so their allocation is included
 * @param peakThreads peak live platform threads during the trial (carrier threads included, virtual
 *     threads not), or -1 when unknown
 * @param pinnedEvents JFR {@code jdk.VirtualThreadPinned} events during the trial, or -1 when not recorded
 * @param gcPauses stop-the-world pauses during the trial, or null when not recorded
 * @param pinnedStacks the most frequent distinct stacks of those pinned events, most frequent first;
 *     empty when none or not recorded
 * @param scheduler the virtual-thread scheduler in effect, for cells on virtual threads; else null
 * @param machine the machine's load and usable CPUs around the trial; null (omitted) in results written
 *     before it was recorded
 * @param inFlight tasks in service at once (ceiling and mean), from the tasks' timestamps; null when the trial
 *     sampled its latencies, and in files written before it was recorded
 */
public record Telemetry(
        long processCpuNanos,
        long gcCount,
        long gcTimeMillis,
        long allocatedBytes,
        int peakThreads,
        long pinnedEvents,
        @JsonInclude(JsonInclude.Include.NON_NULL) GcPauses gcPauses,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<PinnedStack> pinnedStacks,
        @JsonInclude(JsonInclude.Include.NON_NULL) SchedulerInfo scheduler,
        @JsonInclude(JsonInclude.Include.NON_NULL) MachineState machine,
        @JsonInclude(JsonInclude.Include.NON_NULL) InFlight inFlight) {

    public static final Telemetry NONE = new Telemetry(-1, -1, -1, -1, -1, -1);

    public Telemetry {
        pinnedStacks = pinnedStacks == null ? List.of() : List.copyOf(pinnedStacks);
    }

    /** A copy with the process CPU time the trial used. */
    public Telemetry withProcessCpuNanos(long nanos) {
        return new Telemetry(
                nanos,
                gcCount,
                gcTimeMillis,
                allocatedBytes,
                peakThreads,
                pinnedEvents,
                gcPauses,
                pinnedStacks,
                scheduler,
                machine,
                inFlight);
    }

    /** A copy with the collections and their time. */
    public Telemetry withGc(long count, long timeMillis) {
        return new Telemetry(
                processCpuNanos,
                count,
                timeMillis,
                allocatedBytes,
                peakThreads,
                pinnedEvents,
                gcPauses,
                pinnedStacks,
                scheduler,
                machine,
                inFlight);
    }

    /** A copy with the bytes allocated. */
    public Telemetry withAllocatedBytes(long bytes) {
        return new Telemetry(
                processCpuNanos,
                gcCount,
                gcTimeMillis,
                bytes,
                peakThreads,
                pinnedEvents,
                gcPauses,
                pinnedStacks,
                scheduler,
                machine,
                inFlight);
    }

    /** A copy with the peak live thread count. */
    public Telemetry withPeakThreads(int threads) {
        return new Telemetry(
                processCpuNanos,
                gcCount,
                gcTimeMillis,
                allocatedBytes,
                threads,
                pinnedEvents,
                gcPauses,
                pinnedStacks,
                scheduler,
                machine,
                inFlight);
    }

    /** The counters the trial runner samples itself; the probes' fields start empty. */
    public Telemetry(
            long processCpuNanos,
            long gcCount,
            long gcTimeMillis,
            long allocatedBytes,
            int peakThreads,
            long pinnedEvents) {
        this(
                processCpuNanos,
                gcCount,
                gcTimeMillis,
                allocatedBytes,
                peakThreads,
                pinnedEvents,
                null,
                List.of(),
                null,
                null,
                null);
    }

    /** The counters and what the probes recorded, before the machine's state was recorded. */
    public Telemetry(
            long processCpuNanos,
            long gcCount,
            long gcTimeMillis,
            long allocatedBytes,
            int peakThreads,
            long pinnedEvents,
            GcPauses gcPauses,
            List<PinnedStack> pinnedStacks,
            SchedulerInfo scheduler) {
        this(
                processCpuNanos,
                gcCount,
                gcTimeMillis,
                allocatedBytes,
                peakThreads,
                pinnedEvents,
                gcPauses,
                pinnedStacks,
                scheduler,
                null,
                null);
    }

    /** A copy with the pinning a JFR probe recorded. */
    public Telemetry withPinning(long events, List<PinnedStack> stacks) {
        return new Telemetry(
                processCpuNanos,
                gcCount,
                gcTimeMillis,
                allocatedBytes,
                peakThreads,
                events,
                gcPauses,
                stacks,
                scheduler,
                machine,
                inFlight);
    }

    /** A copy with the collector pauses a probe recorded. */
    public Telemetry withGcPauses(GcPauses pauses) {
        return new Telemetry(
                processCpuNanos,
                gcCount,
                gcTimeMillis,
                allocatedBytes,
                peakThreads,
                pinnedEvents,
                pauses,
                pinnedStacks,
                scheduler,
                machine,
                inFlight);
    }

    /** A copy with the virtual-thread scheduler settings of the trial. */
    public Telemetry withScheduler(SchedulerInfo info) {
        return new Telemetry(
                processCpuNanos,
                gcCount,
                gcTimeMillis,
                allocatedBytes,
                peakThreads,
                pinnedEvents,
                gcPauses,
                pinnedStacks,
                info,
                machine,
                inFlight);
    }

    /** A copy with the machine's state around the trial. */
    public Telemetry withMachine(MachineState state) {
        return new Telemetry(
                processCpuNanos,
                gcCount,
                gcTimeMillis,
                allocatedBytes,
                peakThreads,
                pinnedEvents,
                gcPauses,
                pinnedStacks,
                scheduler,
                state,
                inFlight);
    }

    /** A copy with the tasks in service at once, computed after the trial. */
    public Telemetry withInFlight(InFlight measured) {
        return new Telemetry(
                processCpuNanos,
                gcCount,
                gcTimeMillis,
                allocatedBytes,
                peakThreads,
                pinnedEvents,
                gcPauses,
                pinnedStacks,
                scheduler,
                machine,
                measured);
    }
}
