package dev.vbench.diagnose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.diagnose.ComparedPair.View;
import dev.vbench.diagnose.FrameTree.Node;
import dev.vbench.result.Profile;
import dev.vbench.testing.ProfileFixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

class FrameTreeTest {

    @Test
    void rootFirstTreeSumsEveryStackThroughAFrame() {
        FrameTree t = FrameTree.of(ProfileFixtures.virtualTasks(), View.ROOT_FIRST);
        assertEquals(10_000, t.root().samples());
        assertEquals(1.0, t.root().share(t));
        Node run = t.find("com.acme.StoreTask.run");
        assertEquals(9900, run.samples(), "every stack but the one outside tasks");
        Node put = t.find("com.acme.StoreTask.run", "com.acme.Store.put");
        assertEquals(4100 + 1500 + 1200 + 100, put.samples());
        assertEquals(
                0.41,
                t.find("com.acme.StoreTask.run", "com.acme.Store.put", Profile.STATE_BLOCKED)
                        .share(t),
                1e-12);
        assertEquals(0.01, t.find(Profile.OUTSIDE_TASKS).share(t), 1e-12);
        assertEquals(
                List.of("[waiting for a carrier]", "com.acme.Codec.encode", "com.acme.Store.put"),
                run.children().stream().map(Node::frame).toList(),
                "children sorted by frame, so two trees line up");
        assertEquals(
                7, t.depth(), "StoreTask.run, Store.put, ReentrantLock.lock, AQS, LockSupport, Unsafe.park, [parked]");
    }

    @Test
    void leafFirstTreePutsTheStateOnTop() {
        FrameTree t = FrameTree.of(ProfileFixtures.virtualTasks(), View.LEAF_FIRST);
        Node blocked = t.find(Profile.STATE_BLOCKED);
        assertEquals(4100, blocked.samples());
        assertEquals(
                4100,
                t.find(Profile.STATE_BLOCKED, "com.acme.Store.put", "com.acme.StoreTask.run")
                        .samples());
        assertEquals(1500 + 1200 + 2000 + 600, t.find(Profile.STATE_RUNNING).samples());
        assertNull(t.find("com.acme.StoreTask.run"), "no task root at the top in the leaf-first view");
    }

    @Test
    void differentialTreeNormalisesEachProfileToItsTotal() {
        FrameTree t = FrameTree.diff(ProfileFixtures.fixedTasks(), ProfileFixtures.virtualTasks(), View.LEAF_FIRST);
        assertTrue(t.differential());
        assertEquals(10_000, t.total());
        assertEquals(12_000, t.baseTotal());
        Node blocked = t.find(Profile.STATE_BLOCKED, "com.acme.Store.put");
        assertEquals(0.41, blocked.share(t), 1e-12);
        assertEquals(0.03, blocked.baseShare(t), 1e-12, "360 of 12,000 on the pool");
        Node carrier = t.find(Profile.STATE_WAITING_FOR_CARRIER);
        assertEquals(0.04, carrier.share(t), 1e-12);
        assertEquals(0, carrier.baseShare(t), "the pool has no carriers to wait for");
        Node queue = t.find(Profile.STATE_PARKED, "java.util.concurrent.LinkedBlockingQueue.take");
        assertEquals(0, queue.share(t), "a frame only the base has: no width");
        assertEquals(1840.0 / 12_000, queue.baseShare(t), 1e-12);
    }
}
