package dev.vbench.loader;

import dev.vbench.spi.FixtureTask;
import dev.vbench.spi.Task;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The three tasks of a JMH benchmark, each calling the method through its {@link FrameCall} with a frame built
 * before the trial ({@link JmhInstance}): {@link Shared} when every task uses the one frame, {@link Client} when
 * there is a frame per client (claimed with one compare-and-set, released with a release store: no lock and no
 * allocation per task), {@link Invocation} when the states have {@code Level.Invocation} fixtures (run by the
 * engine around the task, outside its timed region).
 *
 * <pre>{@code
 * Task t = new JmhTasks.Client(call, frames, 1);   // frames: one per client
 * long value = t.run(taskIndex);
 * }</pre>
 */
final class JmhTasks {

    /** Ints between two claim flags: 64 bytes, so clients on different cores do not share a cache line. */
    private static final int PAD = 16;

    private JmhTasks() {}

    /** The Level.Invocation setups ({@code setup} true) or teardowns of the states of the frame at {@code slot}. */
    @FunctionalInterface
    interface Fixtures {
        void run(int slot, boolean setup);
    }

    /** The task of a benchmark whose frame every task shares: {@code calls} calls of the method ({@code --batch}). */
    static final class Shared implements Task {
        private final FrameCall call;
        private final Object[] frame;
        private final int calls;

        Shared(FrameCall call, Object[] frame, int calls) {
            this.call = call;
            this.frame = frame;
            this.calls = calls;
        }

        @Override
        public long run(long taskIndex) throws Exception {
            return JmhTasks.call(call, frame, calls);
        }
    }

    /** The task of a benchmark with a frame per client: claims one for its calls. */
    static final class Client implements Task {
        private final FrameCall call;
        final Object[][] frames;
        private final AtomicIntegerArray claimed;
        private final int clients;
        private final int calls;

        Client(FrameCall call, Object[][] frames, int calls) {
            this.call = call;
            this.frames = frames;
            this.clients = frames.length;
            this.claimed = new AtomicIntegerArray(frames.length * PAD);
            this.calls = calls;
        }

        @Override
        public long run(long taskIndex) throws Exception {
            int slot = claim(taskIndex);
            try {
                return JmhTasks.call(call, frames[slot], calls);
            } finally {
                release(slot);
            }
        }

        /**
         * The frame of slot {@code index mod clients}, or the next free one when another task holds it (at most
         * {@code clients} tasks are in flight, so one is free).
         */
        int claim(long taskIndex) {
            int slot = (int) Long.remainderUnsigned(taskIndex, clients);
            while (!claimed.compareAndSet(slot * PAD, 0, 1)) {
                slot = slot + 1 == clients ? 0 : slot + 1;
                Thread.onSpinWait();
            }
            return slot;
        }

        void release(int slot) {
            claimed.setRelease(slot * PAD, 0);
        }
    }

    /**
     * The task of a benchmark whose states have Level.Invocation fixtures: the engine runs them around the
     * task, outside its timed region ({@link FixtureTask}); {@code before} claims the frame, {@code after}
     * releases it.
     */
    static final class Invocation implements FixtureTask {
        private final Client claims;
        private final FrameCall call;
        private final Fixtures fixtures;

        Invocation(FrameCall call, Object[][] frames, Fixtures fixtures) {
            this.call = call;
            this.fixtures = fixtures;
            claims = new Client(call, frames, 1);
        }

        @Override
        public int before(long taskIndex) {
            int slot = claims.claim(taskIndex);
            try {
                fixtures.run(slot, true);
            } catch (RuntimeException | Error e) {
                claims.release(slot);
                throw e;
            }
            return slot;
        }

        @Override
        public long run(long taskIndex, int slot) throws Exception {
            return JmhTasks.call(call, claims.frames[slot], 1);
        }

        @Override
        public void after(long taskIndex, int slot) {
            try {
                fixtures.run(slot, false);
            } finally {
                claims.release(slot);
            }
        }
    }

    /** One call of the method, or {@code calls} in its own loop. */
    static long call(FrameCall call, Object[] frame, int calls) throws Exception {
        try {
            return calls == 1 ? call.call(frame) : call.batch(frame, calls);
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new UndeclaredThrowableException(t);
        }
    }
}
