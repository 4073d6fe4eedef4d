package dev.vbench.engine;

import dev.vbench.config.Limits;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Per-task timestamp storage for one trial, in chunks of preallocated arrays. A task writes only
 * its own slot, through the {@link Chunk} reference it was handed at submit time: no lock, no
 * shared counter, no allocation on the task path.
 *
 * <p>When the task count is known (a closed count or an open rate), every chunk is allocated
 * before the trial starts. A timed trial cannot know its count in advance: the submitter thread
 * allocates the next chunk when the previous one is full, between tasks and never on a task
 * thread. The executor's {@code execute} publishes the chunk to the task (happens-before), and
 * the executor's termination publishes the tasks' writes back.
 *
 * <p>A slot is four adjacent longs of {@link Chunk#times} (32 bytes, so at most one cache-line boundary
 * inside it): the task's end time and its returned value, which every task writes, then its submit
 * and start times, which only a timed task (every task unless the trial samples latencies) and its
 * submitter write. Keeping a sampled task's submit and start next to its end matters: in separate
 * arrays, each of them was a cache miss of its own (one timed task in 32 touched lines nothing else
 * touched), which cost about 6 ns per task on average on empty tasks (docs/performance.md).
 *
 * <pre>{@code
 * TaskSlots slots = TaskSlots.preallocated(10_000);
 * TaskSlots.Chunk c = slots.chunkFor(i);                          // submitter thread only
 * c.times[TaskSlots.at(TaskSlots.slot(i), TaskSlots.START)] = clock.nanoTime(); // task thread, its own slot
 * }</pre>
 */
final class TaskSlots {

    /** 2^16 tasks per chunk: 2.1 MiB of timestamps, allocated in well under a millisecond. */
    static final int CHUNK_BITS = 16;

    static final int CHUNK_SIZE = 1 << CHUNK_BITS;

    /**
     * A slot nobody marked: the task ran and returned. Only failures and drops are written, so a
     * task that succeeds stores nothing in {@code state}: 64 neighbouring tasks share one cache line
     * of this array, and a store per task made the threads of a pool false-share it. A trial is
     * tallied only after its executor terminated normally, so every submitted slot has run.
     */
    static final byte DONE = 0;

    static final byte FAILED = 2;
    static final byte DROPPED = 3;

    /** Offsets within a slot of {@link Chunk#times}: end time, returned value, submit time, start time. */
    static final int END = 0;

    static final int VALUE = 1;
    static final int SUBMIT = 2;
    static final int START = 3;

    /** Bytes a slot takes: four longs of {@link Chunk#times} and a byte of {@link Chunk#state}. */
    static final int BYTES_PER_SLOT = 4 * Long.BYTES + 1;

    /** Index in {@link Chunk#times} of a slot's field ({@link #END}, {@link #VALUE}, {@link #SUBMIT}, {@link #START}). */
    static int at(int slot, int field) {
        return 4 * slot + field;
    }

    /** One chunk of slots, indexed by {@link #slot(long)}. */
    static final class Chunk {
        /** Four longs per slot, see {@link #at}. */
        final long[] times;

        final byte[] state;
        /** The task index of slot 0. */
        final long first;

        Chunk(long first, int length) {
            this.first = first;
            times = new long[4 * length];
            state = new byte[length];
        }

        long end(int slot) {
            return times[at(slot, END)];
        }

        long value(int slot) {
            return times[at(slot, VALUE)];
        }

        long submit(int slot) {
            return times[at(slot, SUBMIT)];
        }

        long start(int slot) {
            return times[at(slot, START)];
        }
    }

    /**
     * The chunks so far, in an array sized for the limit (at most 763 for {@link Limits#MAX_TASKS}):
     * the submitter appends, and the {@link Watchdog} may read it from its own thread without a lock (a
     * chunk it cannot see yet is null).
     */
    private final Chunk[] chunks;

    private int chunkCount;
    private final long capacityLimit;
    private long used;
    /** The chunk {@link #chunkFor} handed out last, and the index just past it: the submitter's fast path. */
    private Chunk current;

    private long currentEnd;

    private TaskSlots(long capacityLimit) {
        this.capacityLimit = capacityLimit;
        this.chunks = new Chunk[(int) ((Math.max(1, capacityLimit) + CHUNK_SIZE - 1) >>> CHUNK_BITS)];
    }

    private void add(Chunk c) {
        chunks[chunkCount] = c;
        chunkCount++;
    }

    /** Exactly {@code tasks} slots, all allocated now. */
    static TaskSlots preallocated(long tasks) {
        TaskSlots s = new TaskSlots(tasks);
        for (long first = 0; first < tasks; first += CHUNK_SIZE) {
            s.add(new Chunk(first, chunkLength(tasks - first)));
        }
        return s;
    }

    /** Slots allocated a chunk at a time, up to {@code limit} tasks. */
    static TaskSlots growable(long limit) {
        TaskSlots s = new TaskSlots(limit);
        s.add(new Chunk(0, chunkLength(limit)));
        return s;
    }

    private static int chunkLength(long remaining) {
        return (int) Math.min(CHUNK_SIZE, remaining);
    }

    /**
     * The slot of task {@code index} within its chunk. Kept this small (a mask) so that the JIT
     * inlines it on the task path even where the call site looks cold: a 38-byte version with an
     * optional spread layout was compiled as an out-of-line call per task (docs/performance.md).
     */
    static int slot(long index) {
        return (int) index & (CHUNK_SIZE - 1);
    }

    /** The index just past the chunk that holds {@code index}. */
    static long chunkEnd(long index) {
        return ((index >>> CHUNK_BITS) + 1) << CHUNK_BITS;
    }

    /** Whether task {@code index} can have a slot (false once the limit is reached). */
    boolean hasRoom(long index) {
        return index < capacityLimit;
    }

    /**
     * The chunk holding task {@code index}, allocating it when a growable trial reaches it. Call
     * only from the submitting thread, for indexes in increasing order.
     */
    Chunk chunkFor(long index) {
        used = index + 1;
        if (index < currentEnd) {
            return current; // the common case: same chunk as the previous task
        }
        int c = (int) (index >>> CHUNK_BITS);
        while (c >= chunkCount) {
            long first = (long) chunkCount << CHUNK_BITS;
            add(new Chunk(first, chunkLength(capacityLimit - first)));
        }
        current = chunks[c];
        currentEnd = chunkEnd(index);
        return current;
    }

    /** Number of slots handed out: tasks submitted or dropped (the {@link Watchdog} reads it racily, as progress). */
    long used() {
        return used;
    }

    /** The chunk of an already used index, for reading after the trial. */
    Chunk chunk(long index) {
        return chunks[(int) (index >>> CHUNK_BITS)];
    }

    /**
     * For the {@link Watchdog}, on its own thread while the trial runs: the first index at or after
     * {@code from} (and below {@code used}) whose task has not been seen ended or dropped. Its reads
     * are opaque and may lag the tasks' writes; nothing on the task path changes for it.
     */
    long firstNotEnded(long from, long used) {
        long i = from;
        while (i < used) {
            Chunk c = chunks[(int) (i >>> CHUNK_BITS)];
            int slot = slot(i);
            if (c == null || ((long) LONGS.getOpaque(c.times, at(slot, END)) == 0 && c.state[slot] != DROPPED)) {
                return i;
            }
            i++;
        }
        return i;
    }

    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
}
