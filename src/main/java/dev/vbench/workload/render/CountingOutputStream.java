package dev.vbench.workload.render;

import java.io.OutputStream;

/**
 * Discards what is written and counts the bytes: the sink of the encoded PNG, so the measurement
 * includes encoding but not storing. One per operation (a few bytes; not shared between threads).
 *
 * <pre>{@code
 * CountingOutputStream sink = new CountingOutputStream();
 * ImageIO.write(image, "png", sink);
 * long bytes = sink.count();
 * }</pre>
 */
final class CountingOutputStream extends OutputStream {

    private long count;

    @Override
    public void write(int b) {
        count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        count += len;
    }

    long count() {
        return count;
    }
}
