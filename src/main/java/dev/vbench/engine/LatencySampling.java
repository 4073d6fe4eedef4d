package dev.vbench.engine;

import dev.vbench.result.TrialResult;

/**
 * Which tasks of one trial have their latency timed. Three clock reads per task cost more than an empty task
 * on a pool (JMH samples such operations too, in its SampleTime mode), and about 4% of a 1 µs task. A closed
 * or timed trial without a timeout therefore times its first {@value #PILOT_TASKS} tasks, and when their
 * median service time is below {@value #SAMPLE_BELOW_NANOS} ns it times only one task in N on average from
 * then on ({@link #sampleOneIn}: the shorter the task, the larger N, so that the sample costs about the same
 * small share of every task): the tasks of a {@link SampleSequence}, whose gaps are drawn from a hash, so no
 * periodic input pattern aliases with it, while the submitter ({@link TrialRunner}) knows where the next
 * sampled task is ({@link #nextTimed}) and submits the tasks before it in a loop of their own. The latency
 * histograms then hold the tasks of that sequence (pilot tasks included by the same rule); counts, failures,
 * makespan and throughput still cover every task, which always reads the clock at its end. The result says so
 * ({@link TrialResult#latencySampledOneIn()}). A sampled task costs two more clock reads, so N is chosen for
 * them to stay near 0.5% of the task: one in 512 for an empty task, one in 32 for a 1 µs task.
 *
 * <p>One per trial, asked by the submitter only (and by the recorder after the trial), so its state needs no
 * synchronisation; the pilot's end times are read with acquire loads that pair with the tasks' release stores.
 *
 * <pre>{@code
 * LatencySampling sampling = new LatencySampling(load, slots);
 * for (long i = 0; i < tasks; i++) {
 *     boolean timed = sampling.timedNext(i);   // in order, once per index (or per run of untimed ones)
 * }
 * }</pre>
 */
final class LatencySampling {

    /** Tasks timed at the start of a trial that may sample, to decide whether it does. */
    static final int PILOT_TASKS = 1024;
    /** A trial samples latencies when its pilot tasks' median service time is below this. */
    static final long SAMPLE_BELOW_NANOS = 2_000;
    /**
     * What a sampled task's extra clock reads may cost, as ns of budget × tasks: one in N is timed where
     * N ≥ this ÷ the pilot's mean short service time, i.e. two extra reads of ~25 ns each cost ≤ 0.5% of a task.
     */
    static final long SAMPLE_BUDGET_NANOS = 10_000;
    /** Bounds on N (powers of two): at least a few thousand latencies per million tasks even for empty tasks. */
    static final int SAMPLE_ONE_IN_MIN = 32;

    static final int SAMPLE_ONE_IN_MAX = 1024;
    /** A fixed N instead (a power of two; 1: time every task), for experiments: {@code -Dvbench.sample.oneIn=128}. */
    private static final int SAMPLE_ONE_IN_FIXED = Integer.getInteger("vbench.sample.oneIn", 0);

    private final TaskSlots slots;
    /** Whether the submitter is still timing every task until the pilot decides. */
    private boolean deciding;
    /** Tasks from this index on are timed only when in the sample. */
    private long sampleFrom = Long.MAX_VALUE;
    /** N once the trial samples ({@link #sampleOneIn}), else 0: every task is in the sample. */
    private int sampledOneIn;
    /** The submitter's walk of the sample from {@link #sampleFrom} on; null until the trial samples. */
    private SampleSequence sample;
    /** Pilot tasks seen ended, how many of them took less than {@value #SAMPLE_BELOW_NANOS} ns, and their total time. */
    private int pilotEnded;

    private int pilotShort;
    private long pilotShortNanos;

    /** The sampling of a trial in {@code load} whose tasks write {@code slots}: a closed trial too short for a pilot never samples. */
    LatencySampling(LoadShape load, TaskSlots slots) {
        this.slots = slots;
        this.deciding = !(load instanceof LoadShape.OpenRate)
                && load.timeoutNanos() == 0
                && SAMPLE_ONE_IN_FIXED != 1
                && (load instanceof LoadShape.Timed || load.tasks() >= 2L * PILOT_TASKS);
    }

    /**
     * Whether task {@code index} read the clock at its submit and start: it is in the latency sample,
     * or it came before sampling began. The submitter and the recorder both ask here.
     */
    boolean timed(long index, boolean inSample) {
        return inSample || index < sampleFrom;
    }

    /**
     * Whether task {@code index} is timed, for the submitter: called for every index in order, or
     * for the first index of a run of untimed ones ({@link #nextTimed()} is then where the run ends).
     * Decides about sampling once the pilot tasks have ended; the sample is asked only from then on.
     */
    boolean timedNext(long index) {
        if (deciding && index >= PILOT_TASKS && (index & 255) == 0) {
            decideSampling(index);
        }
        return index < sampleFrom || sample.contains(index);
    }

    /** The next timed index once the trial samples: after {@code timedNext(i)} returned false, the first one above {@code i}. */
    long nextTimed() {
        return sample.next();
    }

    /** Latency sampling rate for the result: 0 when every task is in the histograms. */
    int sampledOneIn() {
        return sampledOneIn;
    }

    /**
     * Called by the submitter before task {@code next}: once every pilot task has ended, samples
     * from {@code next} on when their median service time is short. Reads the pilot's slots with
     * acquire loads that pair with the tasks' release store of their end time.
     */
    void decideSampling(long next) {
        TaskSlots.Chunk c = slots.chunk(0);
        while (pilotEnded < PILOT_TASKS) {
            int k = TaskSlots.slot(pilotEnded);
            long end = TaskRun.endAcquire(c, k);
            if (end == 0) {
                return; // not ended yet: ask again 256 tasks later
            }
            long service = end - c.start(k);
            if (service < SAMPLE_BELOW_NANOS) {
                pilotShort++;
                pilotShortNanos += service;
            }
            pilotEnded++;
        }
        if (pilotShort > PILOT_TASKS / 2) { // the median is below: more than half are
            sampledOneIn = SAMPLE_ONE_IN_FIXED > 1 ? SAMPLE_ONE_IN_FIXED : sampleOneIn(pilotShortNanos / pilotShort);
            sample = SampleSequence.from(sampledOneIn, next);
            sampleFrom = next;
        }
        deciding = false;
    }

    /** The sampling rate N for tasks of this mean service time: a power of two, {@link #SAMPLE_BUDGET_NANOS} ÷ it, bounded. */
    static int sampleOneIn(long meanServiceNanos) {
        long wanted = SAMPLE_BUDGET_NANOS / Math.max(1, meanServiceNanos);
        int oneIn = wanted <= 1 ? 1 : Integer.highestOneBit((int) Math.min(wanted - 1, SAMPLE_ONE_IN_MAX)) << 1;
        return Math.max(SAMPLE_ONE_IN_MIN, Math.min(SAMPLE_ONE_IN_MAX, oneIn));
    }

    /**
     * The task indexes of a latency sample of one in {@code oneIn} on average: each gap to the next
     * sampled index is drawn uniformly from 1 … 2·oneIn − 1 by a 64-bit mixer (splitmix64's finalizer)
     * of the gap's number, so the sample shows no period for an input pattern (file i mod 10) to alias
     * with, and is the same in every trial, for the submitter and for the recorder. It is asked about
     * every index in increasing order, and answers with one comparison: a hash per task costs about 2 ns
     * of a 30 ns empty task (docs/performance.md).
     */
    static final class SampleSequence {
        private final long span;
        private long drawn;
        private long next;

        SampleSequence(int oneIn) {
            this.span = 2L * oneIn - 1;
            this.next = gap() - 1;
        }

        /** The sequence walked up to {@code index}: {@link #next()} is the first sampled index at or above it. */
        static SampleSequence from(int oneIn, long index) {
            SampleSequence s = new SampleSequence(oneIn);
            while (s.next < index) {
                s.next += s.gap();
            }
            return s;
        }

        /** The next index in the sample: after {@code contains(i)}, the first one above {@code i}. */
        long next() {
            return next;
        }

        /** Whether {@code index} is in the sample; call for every index, in increasing order. */
        boolean contains(long index) {
            if (index != next) {
                return false;
            }
            next += gap();
            return true;
        }

        private long gap() {
            long z = drawn++;
            z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
            z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
            return 1 + Long.remainderUnsigned(z ^ (z >>> 31), span);
        }
    }
}
