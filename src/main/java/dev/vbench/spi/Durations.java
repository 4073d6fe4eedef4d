package dev.vbench.spi;

import java.time.Duration;

/**
 * Formats durations the way they are written on the command line ({@code 200ms}, {@code 2min}), in
 * a form {@link Quantities#duration} reads back.
 */
public final class Durations {

    private Durations() {}

    /** Shortest exact form among ns, us, ms, s, min, h. */
    public static String format(Duration d) {
        long nanos = d.toNanos();
        if (nanos != 0 && nanos % 3_600_000_000_000L == 0) {
            return nanos / 3_600_000_000_000L + "h";
        }
        if (nanos != 0 && nanos % 60_000_000_000L == 0) {
            return nanos / 60_000_000_000L + "min";
        }
        if (nanos != 0 && nanos % 1_000_000_000L == 0) {
            return nanos / 1_000_000_000L + "s";
        }
        if (nanos != 0 && nanos % 1_000_000L == 0) {
            return nanos / 1_000_000L + "ms";
        }
        if (nanos != 0 && nanos % 1_000L == 0) {
            return nanos / 1_000L + "us";
        }
        return nanos + "ns";
    }
}
