package dev.vbench.engine;

import dev.vbench.measure.Histograms;
import dev.vbench.result.LatencySummary;
import dev.vbench.result.Telemetry;
import dev.vbench.result.TrialHistograms;
import dev.vbench.result.TrialResult;
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

    /** Per-trial tallies gathered in one pass over the slots. */
    private static final class Tally {
        final Histogram queueWait = Histograms.newHistogram();
        final Histogram service = Histograms.newHistogram();
        final Histogram endToEnd = Histograms.newHistogram();
        final Histogram intended;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        long completed;
        long dropped;
        long timedOut;
        long insideWindow;
        long sink;

        Tally(boolean openModel) {
            intended = openModel ? Histograms.newHistogram() : null;
        }
    }

    static TrialResult toResult(TrialRunner.Trial trial, int index, Telemetry telemetry) {
        Tally t = tally(trial);
        trial.sink = t.sink;
        long offered = trial.slots.used();
        long makespan;
        long counted = t.completed;
        switch (trial.load) {
            case LoadShape.Closed c -> makespan = t.last == Long.MIN_VALUE ? 0 : Math.max(0, t.last - t.first);
            case LoadShape.Timed w -> {
                makespan = Math.max(0, trial.windowEnd - trial.t0);
                counted = t.insideWindow;
            }
            case LoadShape.OpenRate r -> makespan = t.last == Long.MIN_VALUE ? 0 : Math.max(0, t.last - trial.t0);
        }
        double throughput = makespan == 0 ? 0 : counted / (makespan / 1e9);
        boolean open = t.intended != null;
        LatencySummary latency = Histograms.summarize(open ? t.intended : t.endToEnd);
        TrialHistograms histograms = new TrialHistograms(Histograms.encode(t.queueWait), Histograms.encode(t.service),
                Histograms.encode(t.endToEnd), open ? Histograms.encode(t.intended) : null);
        double achieved = open ? trial.schedule.achievedRate(trial.submitted, trial.t0, trial.lastSubmit) : 0;
        return new TrialResult(index, 0, offered, t.completed, trial.failures.count(), trial.failures.samples(),
                makespan, throughput, latency, histograms, telemetry, t.dropped, t.timedOut, achieved,
                open ? Histograms.summarize(t.endToEnd) : null, trial.sampledOneIn())
                .withFailureCounts(trial.failures.sampleCounts());
    }

    /**
     * Every task counts (completed, failed, dropped, inside the window) and bounds the makespan;
     * only the tasks in the latency sample (the trial's {@link TrialRunner.SampleSequence}) enter the histograms.
     */
    private static Tally tally(TrialRunner.Trial trial) {
        Tally t = new Tally(trial.schedule != null);
        long timeout = trial.timeoutNanos;
        long used = trial.slots.used();
        boolean sampling = trial.sampledOneIn() > 0;
        TrialRunner.SampleSequence sample = sampling ? new TrialRunner.SampleSequence(trial.sampledOneIn()) : null;
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
            if (trial.timed(i, inSample)) {
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
            if (!inSample) {
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
