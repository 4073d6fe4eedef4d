package dev.vbench.engine;

import dev.vbench.measure.Histograms;
import dev.vbench.measure.JvmCounters;
import dev.vbench.measure.NanoClock;
import dev.vbench.result.Telemetry;
import dev.vbench.result.TrialHistograms;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.Task;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.HdrHistogram.Histogram;

/**
 * Runs one trial: submits {@code tasks} tasks to a fresh executor (at most {@code concurrency} in
 * flight when it is positive), waits for all of them, then builds the latency histograms.
 *
 * <p><b>Recording without distortion.</b> Each task writes its start and end timestamps into
 * slots of arrays allocated before the trial, indexed by the task: no lock, no shared counter, no
 * allocation and no I/O on the task path. Histograms are built from the arrays after the executor
 * has terminated (its termination publishes the writes). The cost is 24 bytes per task for the
 * trial's duration, which is why {@link #MAX_TASKS} exists.
 */
public final class TrialRunner {

    /** Upper bound on tasks per trial: 24 bytes of timestamps per task must fit in the heap. */
    public static final long MAX_TASKS = 50_000_000L;

    private final NanoClock clock;

    public TrialRunner(NanoClock clock) {
        this.clock = clock;
    }

    /**
     * Runs one closed-model trial.
     *
     * @throws InterruptedException when the run is interrupted (Ctrl-C); the executor is stopped
     */
    public TrialResult run(Task task, ExecutorService executor, int tasks, int concurrency, int index)
            throws InterruptedException {
        Timings timings = new Timings(tasks, concurrency, task, clock);
        JvmCounters.resetPeakThreads();
        JvmCounters before = JvmCounters.now();
        try {
            timings.submitAll(executor);
            executor.shutdown();
            while (!executor.awaitTermination(1, TimeUnit.SECONDS)) {
                // keep waiting; an interrupt (Ctrl-C) ends the wait
            }
        } catch (InterruptedException e) {
            executor.shutdownNow();
            throw e;
        }
        JvmCounters used = before.until(JvmCounters.now());
        int peakThreads = JvmCounters.peakThreads();
        return timings.toResult(index, new Telemetry(used.processCpuNanos(), used.gcCount(), used.gcTimeMillis(),
                used.allocatedBytes(), peakThreads, -1));
    }

    /** Per-trial timestamp storage and the task wrapper. */
    private static final class Timings {
        final long[] submit;
        final long[] start;
        final long[] end;
        final boolean[] failed;
        final Semaphore inFlight;
        final Task task;
        final NanoClock clock;
        final AtomicInteger failures = new AtomicInteger();
        final AtomicReferenceArray<String> failureSamples = new AtomicReferenceArray<>(TrialResult.MAX_FAILURE_SAMPLES);

        Timings(int tasks, int concurrency, Task task, NanoClock clock) {
            this.submit = new long[tasks];
            this.start = new long[tasks];
            this.end = new long[tasks];
            this.failed = new boolean[tasks];
            this.inFlight = concurrency > 0 ? new Semaphore(concurrency) : null;
            this.task = task;
            this.clock = clock;
        }

        void submitAll(ExecutorService executor) throws InterruptedException {
            for (int i = 0; i < submit.length; i++) {
                if (inFlight != null) {
                    inFlight.acquire();
                }
                Run run = new Run(this, i);
                submit[i] = clock.nanoTime();
                executor.execute(run);
            }
        }

        void fail(int index, Throwable t) {
            failed[index] = true;
            int n = failures.getAndIncrement();
            if (n < TrialResult.MAX_FAILURE_SAMPLES) {
                failureSamples.set(n, t.getClass().getName() + (t.getMessage() == null ? "" : ": " + t.getMessage()));
            }
        }

        TrialResult toResult(int index, Telemetry telemetry) {
            Histogram queueWait = Histograms.newHistogram();
            Histogram service = Histograms.newHistogram();
            Histogram endToEnd = Histograms.newHistogram();
            long first = Long.MAX_VALUE;
            long last = Long.MIN_VALUE;
            long completed = 0;
            for (int i = 0; i < submit.length; i++) {
                first = Math.min(first, submit[i]);
                last = Math.max(last, end[i]);
                if (failed[i]) {
                    continue;
                }
                completed++;
                queueWait.recordValue(Math.max(0, start[i] - submit[i]));
                service.recordValue(Math.max(0, end[i] - start[i]));
                endToEnd.recordValue(Math.max(0, end[i] - submit[i]));
            }
            long makespan = submit.length == 0 ? 0 : Math.max(0, last - first);
            double throughput = makespan == 0 ? 0 : completed / (makespan / 1e9);
            List<String> samples = new ArrayList<>();
            for (int i = 0; i < failureSamples.length(); i++) {
                if (failureSamples.get(i) != null) {
                    samples.add(failureSamples.get(i));
                }
            }
            return new TrialResult(index, 0, submit.length, completed, failures.get(), samples, makespan, throughput,
                    Histograms.summarize(endToEnd),
                    new TrialHistograms(Histograms.encode(queueWait), Histograms.encode(service),
                            Histograms.encode(endToEnd)),
                    telemetry);
        }
    }

    /** The Runnable handed to the executor: times the task and stores the timestamps in its slots. */
    private static final class Run implements Runnable {
        private final Timings timings;
        private final int index;
        /** Receives the task's result so the JIT cannot discard the work (a store to an escaped object). */
        @SuppressWarnings("unused")
        private long sink;

        Run(Timings timings, int index) {
            this.timings = timings;
            this.index = index;
        }

        @Override
        public void run() {
            Timings t = timings;
            long s = t.clock.nanoTime();
            try {
                sink = t.task.run(index);
            } catch (Throwable e) {
                t.fail(index, e);
            }
            long e = t.clock.nanoTime();
            t.start[index] = s;
            t.end[index] = e;
            if (t.inFlight != null) {
                t.inFlight.release();
            }
        }
    }
}
