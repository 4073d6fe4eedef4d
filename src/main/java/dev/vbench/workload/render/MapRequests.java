package dev.vbench.workload.render;

import java.util.SplittableRandom;

/**
 * The seeded request list: {@code count} map sizes, width uniform in [{@value #MIN_WIDTH},
 * {@value #MAX_WIDTH}] and height uniform in [{@value #MIN_HEIGHT}, {@value #MAX_HEIGHT}] (the
 * ranges of the benchmark's {@code wms_request.py}).
 *
 * <pre>{@code
 * MapRequests r = MapRequests.generate(42, 1000);
 * int w = r.width(7), h = r.height(7);
 * }</pre>
 */
final class MapRequests {

    static final int MIN_WIDTH = 128;
    static final int MAX_WIDTH = 1024;
    static final int MIN_HEIGHT = 128;
    static final int MAX_HEIGHT = 768;

    private final int[] widths;
    private final int[] heights;

    private MapRequests(int[] widths, int[] heights) {
        this.widths = widths;
        this.heights = heights;
    }

    static MapRequests generate(long seed, int count) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] w = new int[count];
        int[] h = new int[count];
        for (int i = 0; i < count; i++) {
            w[i] = MIN_WIDTH + random.nextInt(MAX_WIDTH - MIN_WIDTH + 1);
            h[i] = MIN_HEIGHT + random.nextInt(MAX_HEIGHT - MIN_HEIGHT + 1);
        }
        return new MapRequests(w, h);
    }

    int count() {
        return widths.length;
    }

    int width(int i) {
        return widths[i];
    }

    int height(int i) {
        return heights[i];
    }
}
