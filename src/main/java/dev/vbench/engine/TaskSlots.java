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
 * <pre>{@code
 * TaskSlots slots = TaskSlots.preallocated(10_000);
 * TaskSlots.Chunk c = slots.chunkFor(i);        // submitter thread only
 * c.start[TaskSlots.slot(i)] = clock.nanoTime(); // task thread, its own slot
 * }</pre>
 */
final class TaskSlots {

    /** 2^16 tasks per chunk: 1.6 MiB of timestamps, allocated in well under a millisecond. */
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

    /** One chunk of slots; each array is indexed by {@link #slot(long)}. */
    static final class Chunk {
        final long[] submit;
        final long[] start;
        final long[] end;
        final byte[] state;

        Chunk(int length) {
            submit = new long[length];
            start = new long[length];
            end = new long[length];
            state = new byte[length];
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
            s.chunks.add(new Chunk((int) Math.min(CHUNK_SIZE, tasks - first)));
        }
        return s;
    }

    /** Slots allocated a chunk at a time, up to {@code limit} tasks. */
    static TaskSlots growable(long limit) {
        TaskSlots s = new TaskSlots(limit);
        s.chunks.add(new Chunk((int) Math.min(CHUNK_SIZE, limit)));
        return s;
    }

    static int slot(long index) {
        return (int) (index & (CHUNK_SIZE - 1));
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
            chunks.add(new Chunk((int) Math.min(CHUNK_SIZE, capacityLimit - first)));
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
