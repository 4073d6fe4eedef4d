package dev.vbench.measure;

/**
 * Source of monotonic nanosecond timestamps. {@link #SYSTEM} in real runs; tests substitute a
 * deterministic clock so end-to-end output can be asserted exactly.
 */
@FunctionalInterface
public interface NanoClock {

    long nanoTime();

    NanoClock SYSTEM = System::nanoTime;
}
