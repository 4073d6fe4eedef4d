package dev.vbench.workload.inputs;

/**
 * Deterministic, allocation-free pseudo-random numbers derived from a seed and an index, so a
 * task can pick "a random key" from its task index without a shared or thread-local generator.
 *
 * <pre>{@code
 * int key = Seeds.index(seed, taskIndex, 1000); // uniform-looking in [0, 1000)
 * }</pre>
 */
public final class Seeds {

    private Seeds() {}

    /**
     * The SplitMix64 finalizer (Steele, Lea, Flood: "Fast splittable pseudorandom number
     * generators", OOPSLA 2014; the constants of {@link java.util.SplittableRandom}).
     */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** A value in [0, bound) derived from {@code seed} and {@code index}. */
    public static int index(long seed, long index, int bound) {
        long h = mix(seed * 0x9e3779b97f4a7c15L + index);
        return (int) Math.floorMod(h, (long) bound);
    }

    /** A seed for sub-stream {@code stream} of {@code seed} (e.g. one per generated file). */
    public static long derive(long seed, long stream) {
        return mix(mix(seed) + 0x9e3779b97f4a7c15L * (stream + 1));
    }
}
