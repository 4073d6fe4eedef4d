package dev.vbench.profile;

import dev.vbench.result.Profile;
import dev.vbench.spi.FixtureTask;
import dev.vbench.spi.Task;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * vbench's own sampler of the tasks in flight: every interval it takes the stacks of up to
 * {@value #MAX_TASKS_PER_TICK} tasks that are running at that moment, on whatever thread runs them —
 * a virtual thread mounted or not, a pool worker, the caller — with each task's state as the stack's
 * last frame: {@link Profile#STATE_RUNNING}, {@link Profile#STATE_BLOCKED} (entering a monitor),
 * {@link Profile#STATE_PARKED} (a lock, a queue, a future), {@link Profile#STATE_SLEEPING},
 * {@link Profile#STATE_WAITING} ({@code Object.wait}) or {@link Profile#STATE_WAITING_FOR_CARRIER}
 * (a virtual thread that could run but has no carrier). No profiler that samples OS threads sees the
 * last one, or a virtual thread that waits unmounted: this one samples tasks, not threads.
 *
 * <p><b>What it costs the task.</b> A task of a profiled trial runs inside {@link #wrap}: it notes its
 * thread and index in a ring of slots (its own slot, indexed by the task's number: no lock, no
 * allocation) and its service time when it ends. That is two clock reads and a few stores per task;
 * {@code vbench calibrate --profile tasks} measures it. The sampling itself runs on its own thread.
 *
 * <p><b>The slow tail.</b> Every sample is tagged with its task; after the trial, the samples of tasks
 * whose service time was above the trial's p99 make a profile of their own ({@link #slowTail}), so a
 * report can say what the slowest 1% did differently.
 *
 * <pre>{@code
 * TaskSampler sampler = new TaskSampler(10_000_000);
 * Task task = sampler.wrap(workload.task());
 * sampler.start();
 * ... run the trial with task ...
 * sampler.stop(p99ServiceNanos);
 * Profile tasks = sampler.stacks().toProfile("tasks", "vbench", ...);
 * }</pre>
 */
public final class TaskSampler {

    /** Tasks whose stacks are taken per tick at most: bounds the sampler's cost whatever the concurrency. */
    public static final int MAX_TASKS_PER_TICK = 16;
    /** Slots of the ring: tasks in flight beyond this share slots, and the later one is the one sampled. */
    static final int RING = 1 << 14;

    private static final int MASK = RING - 1;
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    private final long intervalNanos;
    private final Thread[] threads = new Thread[RING];
    /** Task index + 1 of the task running in a slot; 0: none. */
    private final long[] running = new long[RING];
    /** Task index + 1 of the task that last ended in a slot, and its service time. */
    private final long[] ended = new long[RING];

    private final long[] endedNanos = new long[RING];
    private final int[] candidates = new int[RING];

    private final CollapsedStacks stacks = new CollapsedStacks();
    private final CollapsedStacks slowTail = new CollapsedStacks();
    /** Every sample of this trial, in order. */
    private final List<Tagged> trialSamples = new ArrayList<>();
    /** Samples of this trial whose task's service time is not known yet. */
    private final List<Tagged> pending = new ArrayList<>();
    /** Records virtual threads' sleeps during the trial, to tell the sleep from the wait after it; null without JFR. */
    private SleepOverrun sleeps;

    private boolean sleepsMissing;
    private long sleepSamplesMoved;
    private long sleepSamples;
    private long ticks;
    private long inFlightSum;
    private long untagged;

    private volatile boolean stopping;
    private Thread thread;
    private long random = 0x9E3779B97F4A7C15L;

    /** @param intervalNanos time between two ticks */
    public TaskSampler(long intervalNanos) {
        this.intervalNanos = intervalNanos;
    }

    /** {@code task}, noting where each call runs for the sampler (a {@link FixtureTask}'s fixtures stay outside). */
    public Task wrap(Task task) {
        if (task instanceof FixtureTask f) {
            return new FixtureTask() {
                @Override
                public int before(long index) throws Exception {
                    return f.before(index);
                }

                @Override
                public long run(long index, int claim) throws Exception {
                    long start = begin(index);
                    try {
                        return f.run(index, claim);
                    } finally {
                        end(index, start);
                    }
                }

                @Override
                public void after(long index, int claim) throws Exception {
                    f.after(index, claim);
                }
            };
        }
        return index -> {
            long start = begin(index);
            try {
                return task.run(index);
            } finally {
                end(index, start);
            }
        };
    }

    /** Notes that task {@code index} runs on this thread; returns its start. */
    private long begin(long index) {
        int k = (int) index & MASK;
        threads[k] = Thread.currentThread();
        running[k] = index + 1;
        return System.nanoTime();
    }

    /** Notes that task {@code index}, started at {@code start}, ended. */
    private void end(long index, long start) {
        int k = (int) index & MASK;
        endedNanos[k] = System.nanoTime() - start;
        LONGS.setRelease(ended, k, index + 1);
        running[k] = 0;
        threads[k] = null;
    }

    /** Starts sampling a trial (its tasks must not have started). */
    public void start() {
        Arrays.fill(ended, 0);
        pending.clear();
        trialSamples.clear();
        sleeps = SleepOverrun.start();
        sleepsMissing |= sleeps == null;
        stopping = false;
        thread = new Thread(this::loop, "vbench-task-sampler");
        thread.setDaemon(true);
        thread.setPriority(Thread.MAX_PRIORITY);
        thread.start();
    }

    /**
     * Stops sampling after the trial (every task ended) and adds the samples of tasks slower than
     * {@code slowAboveNanos} to the slow tail; 0: no slow tail for this trial.
     */
    public void stop(long slowAboveNanos) throws InterruptedException {
        stopThread();
        resolve();
        untagged += pending.size();
        pending.clear();
        Map<String, Double> pastSleep = Map.of();
        if (sleeps != null) {
            try {
                pastSleep = sleeps.stop();
            } catch (IOException | RuntimeException e) {
                sleepsMissing = true;
            }
            sleeps = null;
        }
        Map<String, double[]> owed = new HashMap<>();
        for (Tagged s : trialSamples) {
            String stack = s.stack;
            if (stack.endsWith(SLEEPING_SUFFIX)) {
                sleepSamples++;
                Double share = pastSleep.get(stack.substring(0, stack.length() - SLEEPING_SUFFIX.length()));
                if (share != null && share > 0) {
                    double[] debt = owed.computeIfAbsent(stack, k -> new double[1]);
                    debt[0] += share;
                    if (debt[0] >= 1) { // this sample's part of the sleeping time was past the sleep: relabel it
                        debt[0] -= 1;
                        stack = stack.substring(0, stack.length() - SLEEPING_SUFFIX.length() + 1)
                                + Profile.STATE_WAITING_FOR_CARRIER;
                        sleepSamplesMoved++;
                    }
                }
            }
            stacks.add(stack, 1);
            if (slowAboveNanos > 0 && s.serviceNanos > slowAboveNanos) {
                slowTail.add(stack, 1);
            }
        }
        trialSamples.clear();
        Arrays.fill(threads, null);
        Arrays.fill(running, 0);
    }

    private static final String SLEEPING_SUFFIX = ";" + Profile.STATE_SLEEPING;

    /** Ends the sampler's thread and waits for it: no tick runs after this. */
    private void stopThread() throws InterruptedException {
        stopping = true;
        Thread t = thread;
        thread = null;
        if (t != null) {
            t.interrupt();
            t.join();
        }
    }

    /** Stops a trial that failed, keeping none of its samples. */
    public void abort() throws InterruptedException {
        stopThread();
        if (sleeps != null) {
            sleeps.abort();
            sleeps = null;
        }
        pending.clear();
        trialSamples.clear();
        Arrays.fill(threads, null);
        Arrays.fill(running, 0);
    }

    /** What the result must say about sleeping samples: how many were moved to waiting for a carrier, and why. */
    public List<String> sleepNotes() {
        List<String> notes = new ArrayList<>();
        if (sleepSamplesMoved > 0) {
            notes.add(String.format(
                    Locale.ROOT,
                    "%d of %d sleeping samples are counted as waiting for a carrier:"
                            + " by JFR's jdk.ThreadSleep, that share of the virtual threads' sleeping time was past the time asked"
                            + " (the thread waited for a carrier to wake it)",
                    sleepSamplesMoved,
                    sleepSamples));
        }
        if (sleepsMissing && sleepSamples > 0) {
            notes.add(
                    "without JFR, a virtual thread that waits for a carrier after its sleep ended is counted as sleeping");
        }
        return notes;
    }

    /** Every sample of the trials so far. */
    public CollapsedStacks stacks() {
        return stacks;
    }

    /** The samples of tasks slower than their trial's p99. */
    public CollapsedStacks slowTail() {
        return slowTail;
    }

    /** Ticks taken so far. */
    public long ticks() {
        return ticks;
    }

    /** Mean number of tasks in flight at a tick. */
    public double meanInFlight() {
        return ticks == 0 ? 0 : (double) inFlightSum / ticks;
    }

    private void loop() {
        long next = System.nanoTime() + intervalNanos;
        while (!stopping) {
            long wait = next - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
                continue;
            }
            next += intervalNanos;
            tick();
        }
    }

    /** One tick: finds the tasks in flight, takes the stacks of a spread subset, tags them. */
    void tick() {
        int n = 0;
        for (int k = 0; k < RING; k++) {
            if (threads[k] != null) {
                candidates[n++] = k;
            }
        }
        ticks++;
        inFlightSum += n;
        if (n > 0) {
            int take = Math.min(n, MAX_TASKS_PER_TICK);
            int offset = (int) Long.remainderUnsigned(nextRandom(), n);
            for (int i = 0; i < take; i++) {
                sample(candidates[(offset + (int) ((long) i * n / take)) % n]);
            }
        }
        resolve();
    }

    private void sample(int k) {
        Thread t = threads[k];
        long task = running[k];
        if (t == null || task == 0) {
            return;
        }
        Thread.State state = t.getState();
        StackTraceElement[] trace = t.getStackTrace();
        if (threads[k] != t || running[k] != task) {
            return; // the task ended while its stack was taken
        }
        String stateFrame = stateFrame(t, state, trace);
        List<String> frames = StackFrames.cut(StackFrames.rootFirst(trace));
        if (stateFrame == null || frames == null) {
            return;
        }
        frames = StackFrames.trimWaitMachinery(frames);
        frames.add(stateFrame);
        String stack = StackFrames.join(frames);
        Tagged tagged = new Tagged(task - 1, stack);
        trialSamples.add(tagged);
        pending.add(tagged);
    }

    /** Moves the pending samples whose task has ended to {@link #resolved}, with its service time. */
    private void resolve() {
        int kept = 0;
        for (Tagged s : pending) {
            int k = (int) s.task & MASK;
            long endedTask = (long) LONGS.getAcquire(ended, k);
            if (endedTask == s.task + 1) {
                s.serviceNanos = endedNanos[k];
            } else if (endedTask > s.task + 1) {
                untagged++; // a later task ended in the same slot: this one's time is gone
            } else {
                pending.set(kept++, s);
            }
        }
        pending.subList(kept, pending.size()).clear();
    }

    /** Samples whose task's service time could not be read (the ring had moved on). */
    public long untagged() {
        return untagged;
    }

    /**
     * The state frame of a task's sample: what {@link Thread#getState()} says, refined by the stack (a
     * sleep, a wait), and for a virtual thread that is runnable but shows the JDK's park machinery at its
     * top, {@link Profile#STATE_WAITING_FOR_CARRIER}: it was unparked and waits to be mounted again.
     */
    static String stateFrame(Thread t, Thread.State state, StackTraceElement[] trace) {
        return switch (state) {
            case BLOCKED -> Profile.STATE_BLOCKED;
            case WAITING, TIMED_WAITING -> {
                if (has(trace, "java.lang.Thread", "sleep")) {
                    yield Profile.STATE_SLEEPING;
                }
                yield has(trace, "java.lang.Object", "wait") ? Profile.STATE_WAITING : Profile.STATE_PARKED;
            }
            case RUNNABLE ->
                t.isVirtual() && trace.length > 0 && parkMachinery(trace[0])
                        ? Profile.STATE_WAITING_FOR_CARRIER
                        : Profile.STATE_RUNNING;
            default -> null;
        };
    }

    private static boolean has(StackTraceElement[] trace, String className, String method) {
        for (StackTraceElement e : trace) {
            if (e.getClassName().equals(className) && e.getMethodName().equals(method)) {
                return true;
            }
        }
        return false;
    }

    private static boolean parkMachinery(StackTraceElement top) {
        String c = top.getClassName();
        return c.equals("java.lang.VirtualThread") || c.startsWith("jdk.internal.vm.Continuation");
    }

    private long nextRandom() {
        long z = (random += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** One sample: its task, its stack, and once known, the task's service time. */
    private static final class Tagged {
        final long task;
        final String stack;
        long serviceNanos;

        Tagged(long task, String stack) {
            this.task = task;
            this.stack = stack;
        }
    }
}
