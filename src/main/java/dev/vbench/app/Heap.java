package dev.vbench.app;

/**
 * Heap sizes as the messages that name a fix write them: {@code 8 MiB} (rounded up, so a size is never
 * shown smaller than it is) and the {@code -Xmx} option that holds a size.
 *
 * <pre>{@code
 * Heap.mebibytes(1);           // "1 MiB"
 * Heap.option(3L << 30);       // "-Xmx4g"
 * }</pre>
 */
public final class Heap {

    private Heap() {}

    /** "8 MiB", "1024 MiB": how the README and result headers show a heap. */
    public static String mebibytes(long bytes) {
        return (bytes + (1L << 20) - 1 >> 20) + " MiB";
    }

    /** The smallest {@code -Xmx} of a power-of-two size in MiB that holds {@code bytes}: -Xmx16m, -Xmx2g. */
    public static String option(long bytes) {
        long mib = Long.highestOneBit(Math.max(1, (bytes + (1L << 20) - 1) >> 20));
        mib = mib << 20 < bytes ? mib << 1 : mib;
        return mib >= 1024 ? "-Xmx" + (mib >> 10) + "g" : "-Xmx" + mib + "m";
    }
}
