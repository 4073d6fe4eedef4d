package example.code;

import java.util.concurrent.atomic.AtomicReference;

/** User code that keeps the stack it ran on: the frame a profile and a stuck cell must start at. */
public final class OwnStack {

    private OwnStack() {}

    /** Stores this thread's stack (innermost frame first: this method) in {@code into}. */
    public static long look(AtomicReference<StackTraceElement[]> into, long index) {
        into.set(Thread.currentThread().getStackTrace());
        return index;
    }
}
