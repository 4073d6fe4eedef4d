package dev.vbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TaskSlotsTest {

    @Test
    void preallocatedSlotsAreSizedExactly() {
        TaskSlots slots = TaskSlots.preallocated(TaskSlots.CHUNK_SIZE + 10);
        TaskSlots.Chunk first = slots.chunkFor(0);
        TaskSlots.Chunk second = slots.chunkFor(TaskSlots.CHUNK_SIZE);
        assertEquals(TaskSlots.CHUNK_SIZE, first.state.length);
        assertEquals(10, second.state.length, "the last chunk holds only what is needed");
        assertSame(second, slots.chunkFor(TaskSlots.CHUNK_SIZE + 9));
        assertEquals(TaskSlots.CHUNK_SIZE + 10, slots.used());
        assertEquals(0, TaskSlots.slot(TaskSlots.CHUNK_SIZE));
        assertEquals(9, TaskSlots.slot(TaskSlots.CHUNK_SIZE + 9));
    }

    @Test
    void growableSlotsAllocateAChunkAtATimeUpToTheLimit() {
        long limit = TaskSlots.CHUNK_SIZE + 100;
        TaskSlots slots = TaskSlots.growable(limit);
        TaskSlots.Chunk first = slots.chunkFor(TaskSlots.CHUNK_SIZE - 1);
        TaskSlots.Chunk next = slots.chunkFor(TaskSlots.CHUNK_SIZE);
        assertNotSame(first, next);
        assertEquals(100, next.state.length, "never beyond the limit");
        assertTrue(slots.hasRoom(limit - 1));
        assertFalse(slots.hasRoom(limit));
        assertSame(next, slots.chunk(limit - 1));
    }
}
