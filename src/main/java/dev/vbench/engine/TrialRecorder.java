package dev.vbench.engine;

import dev.vbench.measure.Histograms;
import dev.vbench.result.InFlight;
import dev.vbench.result.LatencySummary;
import dev.vbench.result.Telemetry;
import dev.vbench.result.TrialHistograms;
import dev.vbench.result.TrialResult;
import java.util.Arrays;
import org.HdrHistogram.Histogram;

/**
 * Turns a finished trial's timestamp slots into a {@link TrialResult}, after the executor has
 * terminated: histograms, counts, makespan and throughput. Runs off the measured path.
 *
 * <p>Makespan and throughput by load shape:
 * <ul>
 *   <li>closed count: first submit → last end; throughput = completed / makespan;
 *   <li>timed: the window itself; throughput = tasks completed inside the window / window (tasks
 *       still running at the end are awaited and recorded in the histograms, not counted);
 *   <li>open rate: t₀ (task 0's intended start) → last end; throughput = completed / makespan.
 *       Latency is the corrected one (intended start → end), the uncorrected one (submit → end)
 *       is kept alongside; dropped tasks never ran and are in no histogram.
 * </ul>
 */
final class TrialRecorder {

    private TrialRecorder() {}

    /** Per-trial tallies gathered in one pass over the slots; without histograms for {@link #makespan}. */
    private static final class Tally {
        final Histogram queueWait;
        final Histogram service;
        final Histogram endToEnd;
        final Histogram intended;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        long completed;
        long dropped;
        long timedOut;
        long insideWindow;
        long sink;

        Tally(boolean openModel, boolean histograms) {
            queueWait = histograms ? Histograms.newHistogram() : null;
            service = histograms ? Histograms.newHistogram() : null;
            endToEnd = histograms ? Histograms.newHistogram() : null;
            intended = histograms && openModel ? Histograms.newHistogram() : null;
        }
    }

    /**
     * A finished closed-model trial's makespan as {@link #toResult} reads it (first submit → last end), in one pass
     * that records no histogram; its tasks' values are folded into {@code trial.sink} as there.
     */
    static long makespan(TrialRunner.Trial trial) {
        Tally t = tally(trial, false);
        trial.sink = t.sink;
        return closedMakespan(t);
    }

    /** First submit → last end; 0 when no task ended. */
    private static long closedMakespan(Tally t) {
        return t.last == Long.MIN_VALUE ? 0 : Math.max(0, t.last - t.first);
    }

    static TrialResult toResult(TrialRunner.Trial trial, int index, Telemetry telemetry) {
        Tally t = tally(trial, true);
        trial.sink = t.sink;
        long offered = trial.slots.used();
        long makespan;
        long counted = t.completed;
        switch (trial.load) {
            case LoadShape.Closed c -> makespan = closedMakespan(t);
            case LoadShape.Timed w -> {
                makespan = Math.max(0, trial.windowEnd - trial.t0);
                counted = t.insideWindow;
            }
            case LoadShape.OpenRate r -> makespan = t.last == Long.MIN_VALUE ? 0 : Math.max(0, t.last - trial.t0);
        }
        double throughput = makespan == 0 ? 0 : counted / (makespan / 1e9);
        boolean open = t.intended != null;
        LatencySummary latency = Histograms.summarize(open ? t.intended : t.endToEnd);
        TrialHistograms histograms = new TrialHistograms(
                Histograms.encode(t.queueWait),
                Histograms.encode(t.service),
                Histograms.encode(t.endToEnd),
                open ? Histograms.encode(t.intended) : null);
        double achieved = open ? trial.schedule.achievedRate(trial.submitted, trial.t0, trial.lastSubmit) : 0;
        InFlight inFlight = trial.sampling.sampledOneIn() > 0 ? null : inFlight(trial, makespan);
        return new TrialResult(
                        index,
                        0,
                        offered,
                        t.completed,
                        trial.failures.count(),
                        trial.failures.samples(),
                        makespan,
                        throughput,
                        latency,
                        histograms,
                        inFlight == null ? telemetry : telemetry.withInFlight(inFlight),
                        t.dropped,
                        t.timedOut,
                        achieved,
                        open ? Histograms.summarize(t.endToEnd) : null,
                        trial.sampling.sampledOneIn())
                .withFailureCounts(trial.failures.sampleCounts());
    }

    /**
     * Tasks in service at once, from every task's start and end (a trial that samples its latencies has
     * no start time for most tasks: null then). The ceiling is a sweep over the sorted starts and ends —
     * at equal times an end comes first, so back-to-back tasks do not overlap; the mean is the service
     * time summed over the makespan. Tasks dropped before they started are not counted. Null too when
     * the two sorted copies (16 bytes per task) would not fit comfortably in the heap, or above
     * {@value #IN_FLIGHT_MAX_TASKS} tasks.
     */
    static InFlight inFlight(TrialRunner.Trial trial, long makespanNanos) {
        long used = trial.slots.used();
        Runtime rt = Runtime.getRuntime();
        long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        if (used == 0 || used > IN_FLIGHT_MAX_TASKS || 16 * used > free / 4) {
            return null;
        }
        long[] starts = new long[(int) used];
        long[] ends = new long[(int) used];
        int n = 0;
        double serviceNanos = 0;
        for (long i = 0; i < used; i++) {
            TaskSlots.Chunk c = trial.slots.chunk(i);
            int k = TaskSlots.slot(i);
            if (c.state[k] == TaskSlots.DROPPED) {
                continue;
            }
            starts[n] = c.start(k);
            ends[n] = Math.max(c.start(k), c.end(k));
            serviceNanos += ends[n] - starts[n];
            n++;
        }
        Arrays.sort(starts, 0, n);
        Arrays.sort(ends, 0, n);
        long ceiling = 0;
        int ended = 0;
        for (int s = 0; s < n; s++) {
            while (ended < n && ends[ended] <= starts[s]) {
                ended++;
            }
            ceiling = Math.max(ceiling, s + 1 - ended);
        }
        return new InFlight(ceiling, makespanNanos <= 0 ? 0 : serviceNanos / makespanNanos);
    }

    /** Most tasks of a trial whose in-flight figures are computed (two sorted copies of 64 MB each). */
    static final long IN_FLIGHT_MAX_TASKS = 8_000_000;

    /**
     * Every task counts (completed, failed, dropped, inside the window) and bounds the makespan;
     * only the tasks in the latency sample (the trial's {@link LatencySampling.SampleSequence}) enter the histograms.
     */
    private static Tally tally(TrialRunner.Trial trial, boolean histograms) {
        Tally t = new Tally(trial.schedule != null, histograms);
        long timeout = trial.timeoutNanos;
        long used = trial.slots.used();
        boolean sampling = trial.sampling.sampledOneIn() > 0;
        LatencySampling.SampleSequence sample =
                sampling ? new LatencySampling.SampleSequence(trial.sampling.sampledOneIn()) : null;
        for (long i = 0; i < used; i++) {
            TaskSlots.Chunk c = trial.slots.chunk(i);
            int k = TaskSlots.slot(i);
            boolean inSample = !sampling || sample.contains(i); // the same walk as the submitter's, from index 0
            byte state = c.state[k];
            if (state == TaskSlots.DROPPED) {
                t.dropped++;
                continue;
            }
            long end = c.end(k);
            if (trial.sampling.timed(i, inSample)) {
                t.first = Math.min(t.first, c.submit(k)); // task 0 is always timed: it is the first submit
            }
            t.last = Math.max(t.last, end);
            if (state == TaskSlots.FAILED) {
                continue;
            }
            t.completed++;
            t.sink += c.value(k);
            if (end <= trial.windowEnd) {
                t.insideWindow++;
            }
            if (!inSample || !histograms) {
                continue;
            }
            long submit = c.submit(k);
            long start = c.start(k);
            t.queueWait.recordValue(Math.max(0, start - submit));
            t.service.recordValue(Math.max(0, end - start));
            t.endToEnd.recordValue(Math.max(0, end - submit));
            if (t.intended != null) {
                long corrected = Math.max(0, end - trial.intendedNanos(i));
                t.intended.recordValue(corrected);
                if (timeout > 0 && corrected > timeout) {
                    t.timedOut++;
                }
            }
        }
        return t;
    }
}
