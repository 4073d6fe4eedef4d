package dev.vbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One profile of one cell for one event, summed over the cell's measured trials: the heaviest
 * collapsed stacks with their sample counts, enough to redraw a flame graph or to diff two cells.
 *
 * <p>A stack's frames are root first, separated by {@code ;}, as in the collapsed-stack format of
 * flame-graph tools ({@code java.lang.Thread.run;com.acme.Store.put;[blocked on monitor]}). Frames in
 * square brackets are not code: the task sampler ({@code event = "tasks"}) ends every stack with the
 * task's state ({@link #STATE_RUNNING}, …); the lock event may end with the monitor's class
 * ({@link #monitorFrame}).
 *
 * <p>Stacks are cut at the task boundary: a stack that runs inside a task starts at the first frame of
 * the task's own code (the workload's {@code Task.run} or the user's method), so the executors' and
 * vbench's own frames never hide the difference between two cells. A sample of a task thread outside
 * any task (a pool worker taking its next task, a carrier scheduling) starts with {@link #OUTSIDE_TASKS}.
 *
 * <pre>{@code
 * Profile p = cell.profiles().get(0);
 * double share = (double) p.stacks().get(0).samples() / p.totalSamples();
 * }</pre>
 *
 * @param event what was sampled: {@code cpu}, {@code wall}, {@code lock}, {@code alloc} or {@code tasks}
 * @param profiler who sampled it: {@code async-profiler}, {@code jfr} or {@code vbench} (the task sampler)
 * @param intervalNanos the sampling interval (for {@code alloc} and {@code lock} the profiler's
 *     threshold in its own unit, as recorded in {@code notes}); 0 when not applicable
 * @param threads which threads were sampled, in words (e.g. {@code task threads: ForkJoinPool carriers})
 * @param totalSamples all samples taken, including those of stacks not kept in {@code stacks}
 * @param stacks the heaviest stacks, heaviest first (bounded; the full set goes beside the result file)
 * @param slowTail the same event restricted to tasks slower than the cell's p99, or null
 * @param notes what the reader must know, one sentence each (fallbacks, dropped samples)
 */
public record Profile(
        String event,
        String profiler,
        long intervalNanos,
        String threads,
        long totalSamples,
        List<ProfileStack> stacks,
        @JsonInclude(JsonInclude.Include.NON_NULL) Profile slowTail,
        List<String> notes) {

    /** Task-sampler state frames: the last frame of every {@code tasks} stack is one of these. */
    public static final String STATE_RUNNING = "[running]";

    public static final String STATE_BLOCKED = "[blocked on monitor]";
    public static final String STATE_PARKED = "[parked]";
    public static final String STATE_SLEEPING = "[sleeping]";
    public static final String STATE_WAITING = "[waiting]";
    public static final String STATE_WAITING_FOR_CARRIER = "[waiting for a carrier]";

    /** Root frame of a sample taken on a task thread while it ran no task (scheduling, taking work). */
    public static final String OUTSIDE_TASKS = "[outside tasks]";

    /** The leaf frame that names a contended monitor's class, e.g. {@code [monitor java.lang.Object]}. */
    public static String monitorFrame(String className) {
        return "[monitor " + className + "]";
    }

    /** Bound on {@link #stacks()} kept in a result. */
    public static final int MAX_STACKS = 200;

    public Profile {
        threads = threads == null ? "" : threads;
        stacks = stacks == null ? List.of() : List.copyOf(stacks);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /**
     * A profile of {@code event} by {@code profiler} at {@code intervalNanos}, of no named threads, with no samples,
     * no slow tail and no notes: the start of a profile built by name; the {@code withX} methods set the rest.
     */
    public static Profile of(String event, String profiler, long intervalNanos) {
        return new Profile(event, profiler, intervalNanos, "", 0, List.of(), null, List.of());
    }

    /** This profile of the threads described by {@code description}. */
    public Profile withThreads(String description) {
        return new Profile(event, profiler, intervalNanos, description, totalSamples, stacks, slowTail, notes);
    }

    /** This profile with {@code total} samples taken, of which these stacks are kept. */
    public Profile withStacks(long total, List<ProfileStack> kept) {
        return new Profile(event, profiler, intervalNanos, threads, total, kept, slowTail, notes);
    }

    /** This profile with the same event restricted to the slowest tasks. */
    public Profile withSlowTail(Profile tail) {
        return new Profile(event, profiler, intervalNanos, threads, totalSamples, stacks, tail, notes);
    }

    /** This profile with these notes. */
    public Profile withNotes(List<String> newNotes) {
        return new Profile(event, profiler, intervalNanos, threads, totalSamples, stacks, slowTail, newNotes);
    }

    /** This profile with at most {@link #MAX_STACKS} stacks (the heaviest), its slow tail bounded alike. */
    public Profile bounded() {
        List<ProfileStack> kept = stacks.size() <= MAX_STACKS ? stacks : stacks.subList(0, MAX_STACKS);
        return new Profile(
                event,
                profiler,
                intervalNanos,
                threads,
                totalSamples,
                kept,
                slowTail == null ? null : slowTail.bounded(),
                notes);
    }

    /** The stacks in the collapsed-stack text format of flame-graph tools: {@code frame;frame;frame count} per line. */
    public String collapsedText() {
        StringBuilder out = new StringBuilder();
        for (ProfileStack s : stacks) {
            out.append(s.frames()).append(' ').append(s.samples()).append('\n');
        }
        return out.toString();
    }

    /** One collapsed stack and how many samples it had. */
    public record ProfileStack(String frames, long samples) {}
}
