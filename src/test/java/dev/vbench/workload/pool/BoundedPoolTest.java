package dev.vbench.workload.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BoundedPoolTest {

    /** A resource that fails the test if two borrowers hold it at once. */
    static final class Resource {
        final AtomicBoolean inUse = new AtomicBoolean();
        final AtomicInteger uses = new AtomicInteger();
        boolean closed;
    }

    @Test
    void neverLendsOneResourceTwiceAndGetsEveryOneBack() throws Exception {
        List<Resource> resources = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            resources.add(new Resource());
        }
        AtomicInteger overlaps = new AtomicInteger();
        try (BoundedPool<Resource> pool = new BoundedPool<>(resources, r -> r.closed = true);
                ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int t = 0; t < 64; t++) {
                threads.submit(() -> {
                    for (int i = 0; i < 500; i++) {
                        Resource r = pool.borrow();
                        if (!r.inUse.compareAndSet(false, true)) {
                            overlaps.incrementAndGet();
                        }
                        r.uses.incrementAndGet();
                        Thread.yield();
                        r.inUse.set(false);
                        pool.release(r);
                    }
                    return null;
                });
            }
            threads.shutdown();
            assertTrue(threads.awaitTermination(60, TimeUnit.SECONDS));
            assertEquals(0, overlaps.get());
            assertEquals(
                    64 * 500, resources.stream().mapToInt(r -> r.uses.get()).sum());
            // all four are back: four borrows succeed at once
            HashSet<Resource> all = new HashSet<>();
            for (int i = 0; i < 4; i++) {
                all.add(pool.borrow());
            }
            assertEquals(4, all.size());
            all.forEach(pool::release);
        }
        assertTrue(resources.stream().allMatch(r -> r.closed));
    }

    @Test
    void borrowWaitsUntilAResourceIsReleased() throws Exception {
        Resource only = new Resource();
        try (BoundedPool<Resource> pool = new BoundedPool<>(List.of(only), r -> {})) {
            Resource held = pool.borrow();
            CompletableFuture<Resource> waiter = new CompletableFuture<>();
            Thread.ofVirtual().start(() -> {
                try {
                    waiter.complete(pool.borrow());
                } catch (InterruptedException e) {
                    waiter.completeExceptionally(e);
                }
            });
            assertThrows(TimeoutException.class, () -> waiter.get(100, TimeUnit.MILLISECONDS));
            assertFalse(waiter.isDone());
            pool.release(held);
            assertEquals(only, waiter.get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void rejectsAnEmptyPool() {
        assertThrows(IllegalArgumentException.class, () -> new BoundedPool<>(List.<Resource>of(), r -> {}));
    }
}
