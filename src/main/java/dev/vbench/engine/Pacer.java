package dev.vbench.engine;

import dev.vbench.measure.NanoClock;
import java.util.concurrent.locks.LockSupport;

/**
 * Waits until a point in time: how the open-model submitter holds each task until its intended
 * start. {@link #parkThenSpin} in real runs; tests pass a pacer that moves a fake clock.
 *
 * <pre>{@code
 * Pacer pacer = Pacer.parkThenSpin(NanoClock.SYSTEM);
 * pacer.awaitNanos(t0 + schedule.offsetNanos(i));
 * }</pre>
 */
@FunctionalInterface
public interface Pacer {

    /**
     * The last stretch before a deadline is spun rather than parked. {@code LockSupport.parkNanos}
     * overshoots by the kernel's timer slack: about 55 µs at the median and 65–180 µs at p99 on
     * the Linux machine vbench was developed on (50 µs default slack plus wake-up). Parking until
     * 100 µs before the deadline and spinning the rest puts a submit within a few µs of its
     * intended time when the submitter is not descheduled; the price is up to ~50 µs of spinning
     * per task, so above ~10,000 tasks/s the submitter keeps one core busy.
     */
    long SPIN_NANOS = 100_000;

    /**
     * Returns once {@code deadlineNanos} (in the clock's time) has passed; at once when it
     * already has.
     *
     * @throws InterruptedException when the waiting thread is interrupted (Ctrl-C)
     */
    void awaitNanos(long deadlineNanos) throws InterruptedException;

    /** Parks until {@link #SPIN_NANOS} before the deadline, then spins with {@link Thread#onSpinWait()}. */
    static Pacer parkThenSpin(NanoClock clock) {
        return deadline -> {
            while (true) {
                long remaining = deadline - clock.nanoTime();
                if (remaining <= 0) {
                    return;
                }
                if (remaining > SPIN_NANOS) {
                    LockSupport.parkNanos(remaining - SPIN_NANOS);
                    if (Thread.interrupted()) {
                        throw new InterruptedException();
                    }
                } else {
                    Thread.onSpinWait();
                }
            }
        };
    }
}
