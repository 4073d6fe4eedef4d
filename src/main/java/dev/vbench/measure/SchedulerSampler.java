package dev.vbench.measure;

import dev.vbench.jvm.SchedulerGauge;
import dev.vbench.result.SchedulerLoad;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Samples the virtual-thread scheduler ({@link SchedulerGauge}) during one trial, every
 * {@value #INTERVAL_MICROS} µs, from a platform daemon thread of its own: how many virtual threads are
 * mounted on carriers and how many are queued for one. Nothing runs on the task path; the thread costs
 * a wake-up per interval (a few field reads and a walk over the pool's queues), and it is one more live
 * platform thread in the trial's peak-thread count.
 *
 * <p>The samples are kept in two preallocated arrays of {@value #CAPACITY}; when they fill up, adjacent
 * samples are averaged in place and the interval doubles, so a trial of any length keeps at most that
 * many samples at an even spacing, and {@link #stop()} folds them into {@value #SERIES_POINTS} points of
 * the mounted count over the trial.
 *
 * <pre>{@code
 * SchedulerSampler s = SchedulerSampler.start(SchedulerGauge.get());
 * ... the trial ...
 * SchedulerLoad load = s.stop();
 * }</pre>
 */
public final class SchedulerSampler {

    /** The first sampling interval: 5 ms (doubles whenever the arrays fill). */
    static final long INTERVAL_MICROS = 5_000;
    /** Samples kept at most. */
    static final int CAPACITY = 4_096;
    /** Points of the mounted count over the trial in the result. */
    static final int SERIES_POINTS = 20;

    private final SchedulerGauge gauge;
    private final double[] mounted = new double[CAPACITY];
    private final double[] queued = new double[CAPACITY];
    private final Thread thread;
    private volatile boolean stopped;
    /** Written by the sampler thread only; read after {@link Thread#join()}. */
    private int count;

    private long taken;
    private int mountedMax;
    private long queuedMax;

    private SchedulerSampler(SchedulerGauge gauge) {
        this.gauge = gauge;
        this.thread =
                Thread.ofPlatform().daemon().name("vbench-scheduler-sampler").unstarted(this::loop);
    }

    /** Starts sampling now; the first sample is taken as soon as the thread runs, even if that is after {@link #stop()}. */
    public static SchedulerSampler start(SchedulerGauge gauge) {
        SchedulerSampler s = new SchedulerSampler(gauge);
        s.thread.start();
        return s;
    }

    private void loop() {
        long intervalNanos = INTERVAL_MICROS * 1_000;
        long next = System.nanoTime();
        do { // at least one sample, even when the trial ended before this thread first ran (a loaded machine)
            sample();
            if (count == CAPACITY) {
                halve();
                intervalNanos *= 2;
            }
            next += intervalNanos;
            long wait = next - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(this, wait);
            } else {
                next = System.nanoTime(); // fell behind (a loaded machine): no burst of catch-up samples
            }
        } while (!stopped);
    }

    private void sample() {
        int m = gauge.mounted();
        long q = gauge.queued();
        if (m < 0 || q < 0) {
            return;
        }
        mountedMax = Math.max(mountedMax, m);
        queuedMax = Math.max(queuedMax, q);
        mounted[count] = m;
        queued[count] = q;
        count++;
        taken++;
    }

    /** Averages adjacent samples in place: half as many, each standing for twice the time. */
    private void halve() {
        for (int i = 0; i < count / 2; i++) {
            mounted[i] = (mounted[2 * i] + mounted[2 * i + 1]) / 2;
            queued[i] = (queued[2 * i] + queued[2 * i + 1]) / 2;
        }
        count /= 2;
    }

    /** Stops sampling and returns what was seen; null when the scheduler gave no figures. */
    public SchedulerLoad stop() {
        stopped = true;
        LockSupport.unpark(thread);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
        if (count == 0) {
            return null;
        }
        double mountedSum = 0;
        double queuedSum = 0;
        for (int i = 0; i < count; i++) {
            mountedSum += mounted[i];
            queuedSum += queued[i];
        }
        return new SchedulerLoad(
                taken, mountedSum / count, mountedMax, queuedSum / count, queuedMax, series(), gauge.source());
    }

    /** The mounted count over the trial in at most {@value #SERIES_POINTS} even slices, each a mean. */
    private List<Double> series() {
        int points = Math.min(SERIES_POINTS, count);
        List<Double> out = new ArrayList<>(points);
        for (int p = 0; p < points; p++) {
            int from = (int) ((long) p * count / points);
            int to = (int) ((long) (p + 1) * count / points);
            double sum = 0;
            for (int i = from; i < to; i++) {
                sum += mounted[i];
            }
            out.add(Math.round(sum / (to - from) * 10) / 10.0);
        }
        return out;
    }
}
