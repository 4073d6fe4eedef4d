package dev.vbench.engine;

import java.util.ArrayList;
import java.util.List;

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
 * <p>Every task writes its end time and its returned value (adjacent, in {@link Chunk#endAndValue},
 * so one cache line); a timed task (every task unless the trial samples latencies) also writes its
 * start, and the submitter its submit time.
 *
 * <pre>{@code
 * TaskSlots slots = TaskSlots.preallocated(10_000);
 * TaskSlots.Chunk c = slots.chunkFor(i);        // submitter thread only
 * c.start[TaskSlots.slot(i)] = clock.nanoTime(); // task thread, its own slot
 * }</pre>
 */
final class TaskSlots {

    /** 2^16 tasks per chunk: 2.1 MiB of timestamps, allocated in well under a millisecond. */
    static final int CHUNK_BITS = 16;
    static final int CHUNK_SIZE = 1 << CHUNK_BITS;

    /**
     * Consecutive tasks are spread over 2^SPREAD_BITS regions of a chunk, so that neighbouring tasks
     * (which different pool threads run at the same time) write different cache lines. 0: slot =
     * index within the chunk. Chosen by {@code vbench calibrate}; see the README, "Harness overhead".
     */
    static final int SPREAD_BITS = Integer.getInteger("vbench.slots.spread", 0);

    /**
     * A slot nobody marked: the task ran and returned. Only failures and drops are written, so a
     * task that succeeds stores nothing in {@code state}: 64 neighbouring tasks share one cache line
     * of this array, and a store per task made the threads of a pool false-share it. A trial is
     * tallied only after its executor terminated normally, so every submitted slot has run.
     */
    static final byte DONE = 0;
    static final byte FAILED = 2;
    static final byte DROPPED = 3;

    /** One chunk of slots; each array is indexed by {@link #slot(long)}. */
    static final class Chunk {
        final long[] submit;
        final long[] start;
        /** {@code [2 * slot]}: end time; {@code [2 * slot + 1]}: the value the task returned. */
        final long[] endAndValue;
        final byte[] state;

        Chunk(int length) {
            submit = new long[length];
            start = new long[length];
            endAndValue = new long[2 * length];
            state = new byte[length];
        }

        long end(int slot) {
            return endAndValue[2 * slot];
        }

        long value(int slot) {
            return endAndValue[2 * slot + 1];
        }
    }

    private final List<Chunk> chunks = new ArrayList<>();
    private final long capacityLimit;
    private long used;

    private TaskSlots(long capacityLimit) {
        this.capacityLimit = capacityLimit;
    }

    /** Exactly {@code tasks} slots, all allocated now. */
    static TaskSlots preallocated(long tasks) {
        TaskSlots s = new TaskSlots(tasks);
        for (long first = 0; first < tasks; first += CHUNK_SIZE) {
            s.chunks.add(new Chunk(chunkLength(tasks - first)));
        }
        return s;
    }

    /** Slots allocated a chunk at a time, up to {@code limit} tasks. */
    static TaskSlots growable(long limit) {
        TaskSlots s = new TaskSlots(limit);
        s.chunks.add(new Chunk(chunkLength(limit)));
        return s;
    }

    /** A spread layout needs whole chunks: its slots of one chunk cover the whole range. */
    private static int chunkLength(long remaining) {
        return SPREAD_BITS > 0 ? CHUNK_SIZE : (int) Math.min(CHUNK_SIZE, remaining);
    }

    static int slot(long index) {
        int i = (int) (index & (CHUNK_SIZE - 1));
        if (SPREAD_BITS == 0) {
            return i;
        }
        return ((i & ((1 << SPREAD_BITS) - 1)) << (CHUNK_BITS - SPREAD_BITS)) | (i >>> SPREAD_BITS);
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
        int c = (int) (index >>> CHUNK_BITS);
        while (c >= chunks.size()) {
            long first = (long) chunks.size() << CHUNK_BITS;
            chunks.add(new Chunk(chunkLength(capacityLimit - first)));
        }
        used = Math.max(used, index + 1);
        return chunks.get(c);
    }

    /** Number of slots handed out: tasks submitted or dropped. */
    long used() {
        return used;
    }

    /** The chunk of an already used index, for reading after the trial. */
    Chunk chunk(long index) {
        return chunks.get((int) (index >>> CHUNK_BITS));
    }
}
