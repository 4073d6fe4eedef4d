package dev.vbench.app;

import dev.vbench.text.Numbers;

/**
 * Heap sizes as the messages that name a fix write them: the size as every size is written
 * ({@link Numbers#bytes}: {@code 8 MiB}, {@code 1 GiB}) and the {@code -Xmx} option that holds a size.
 *
 * <pre>{@code
 * Heap.size(1L << 30);         // "1 GiB"
 * Heap.option(3L << 30);       // "-Xmx4g"
 * }</pre>
 */
public final class Heap {

    private Heap() {}

    /** A heap's size for a message, through the one byte formatter: {@code 8 MiB}, {@code 5.9 GiB}. */
    public static String size(long bytes) {
        return Numbers.bytes(bytes);
    }

    /** The smallest {@code -Xmx} of a power-of-two size in MiB that holds {@code bytes}: -Xmx16m, -Xmx2g. */
    public static String option(long bytes) {
        // whole MiB for the JVM's option syntax, not for display (sizes in text are Numbers.bytes)
        long mib = Long.highestOneBit(Math.max(1, (bytes + (1L << 20) - 1) >> 20));
        mib = mib << 20 < bytes ? mib << 1 : mib;
        return mib >= 1024 ? "-Xmx" + (mib >> 10) + "g" : "-Xmx" + mib + "m";
    }
}
