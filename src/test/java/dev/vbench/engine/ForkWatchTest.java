package dev.vbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.vbench.jvm.JavaProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The parent's watch over a fork: left alone while its state file says {@code running} (its own watchdog
 * ends what is stuck in it), killed when it does not get to its cell within the task timeout and the start
 * allowance, or does not exit within the task timeout once {@code done}.
 */
class ForkWatchTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    @TempDir
    Path tmp;

    private long now;
    private boolean saidWhere = true;

    @Test
    void aForkIsKilledOnlyOutsideItsCellAndOnlyAfterTheTimeout() throws Exception {
        Path state = Files.createFile(tmp.resolve("fork.state"));
        ForkRunner.ForkWatch watch = new ForkRunner.ForkWatch(state, 2 * SECOND, () -> now, () -> saidWhere);

        now = (2 + ForkRunner.ForkWatch.START_SECONDS) * SECOND - 1;
        assertNull(watch.verdict(), "a JVM starting gets the timeout and the start allowance");
        Files.writeString(state, JavaProcess.RUNNING + "\nfork 1\n\n");
        now += 3600 * SECOND;
        assertNull(watch.verdict(), "while its cell runs, the fork's own watchdog decides");
        now += 3600 * SECOND;
        assertNull(watch.verdict());

        Files.writeString(state, JavaProcess.DONE + "\n");
        assertNull(watch.verdict());
        now += 2 * SECOND - 1;
        assertNull(watch.verdict());
        now += 1;
        assertEquals(
                "did not exit within the task timeout (2 s, --task-timeout) after its cell ended", watch.verdict());
    }

    /**
     * A fork whose line of where its threads are is late (a loaded machine) gets half a timeout more, so that
     * the cell's note names the user's frame; it is killed then, line or no line.
     */
    @Test
    void aForkThatHasNotSaidWhereYetGetsHalfATimeoutMore() throws Exception {
        Path state = Files.writeString(tmp.resolve("fork.state"), JavaProcess.DONE + "\n");
        ForkRunner.ForkWatch watch = new ForkRunner.ForkWatch(state, 2 * SECOND, () -> now, () -> saidWhere);
        saidWhere = false;
        assertNull(watch.verdict(), "done now");
        now += 2 * SECOND;
        assertNull(watch.verdict(), "at the timeout, without the line");
        now += SECOND - 1;
        assertNull(watch.verdict());
        saidWhere = true;
        assertEquals(
                "did not exit within the task timeout (2 s, --task-timeout) after its cell ended",
                watch.verdict(),
                "the line came: killed at once");

        ForkRunner.ForkWatch silent = new ForkRunner.ForkWatch(state, 2 * SECOND, () -> now, () -> false);
        assertNull(silent.verdict(), "done now");
        now += 3 * SECOND - 1;
        assertNull(silent.verdict());
        now += 1;
        assertEquals(
                "did not exit within the task timeout (2 s, --task-timeout) after its cell ended",
                silent.verdict(),
                "no line after half a timeout more: killed anyway");
    }

    @Test
    void aForkThatNeverGetsToItsCellIsKilled() throws Exception {
        Path state = Files.createFile(tmp.resolve("fork.state"));
        ForkRunner.ForkWatch watch = new ForkRunner.ForkWatch(state, SECOND, () -> now, () -> saidWhere);
        now = (1 + ForkRunner.ForkWatch.START_SECONDS) * SECOND;
        assertEquals(
                "did not start its cell within the task timeout (1 s, --task-timeout) and "
                        + ForkRunner.ForkWatch.START_SECONDS + " s",
                watch.verdict());
        Files.delete(state); // between two atomic writes: the last state stands
        assertEquals(
                "did not start its cell within the task timeout (1 s, --task-timeout) and "
                        + ForkRunner.ForkWatch.START_SECONDS + " s",
                watch.verdict());
    }
}
