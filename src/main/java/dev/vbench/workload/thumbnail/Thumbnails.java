package dev.vbench.workload.thumbnail;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.lang.ref.SoftReference;
import javax.imageio.ImageIO;

/**
 * The image steps of one photo, as the source's {@code FolderLoadBenchmark} and
 * {@code ThumbnailCacheTestHarness} do them: {@link ImageIO#read(File)}, scale so the longer side
 * is {@value #SIZE} px with bicubic interpolation and quality rendering into
 * {@code TYPE_INT_RGB}, and {@link ImageIO#write} as JPEG (default quality, default ImageIO
 * stream cache).
 *
 * <pre>{@code
 * byte[] jpeg = Thumbnails.encodeJpeg(Thumbnails.scale(Thumbnails.read(file)));
 * }</pre>
 */
final class Thumbnails {

    /** Longer side of a thumbnail, in pixels. */
    static final int SIZE = 150;

    /** {@link #sampleJpeg}'s bytes, by index. */
    private static SoftReference<byte[][]> samples = new SoftReference<>(null);

    private Thumbnails() {}

    /** Decodes a photo file. */
    static BufferedImage read(File file) throws IOException {
        BufferedImage image = ImageIO.read(file);
        if (image == null) {
            throw new IOException("no ImageIO reader decodes " + file);
        }
        return image;
    }

    /** Scales {@code original} so its longer side is {@link #SIZE} (1920×1080 → 150×84). */
    static BufferedImage scale(BufferedImage original) {
        int width = original.getWidth();
        int height = original.getHeight();
        double scale = (double) SIZE / Math.max(width, height);
        int scaledWidth = (int) (width * scale);
        int scaledHeight = (int) (height * scale);
        BufferedImage scaled = new BufferedImage(scaledWidth, scaledHeight, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = scaled.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            g.drawImage(original, 0, 0, scaledWidth, scaledHeight, null);
        } finally {
            g.dispose();
        }
        return scaled;
    }

    /** JPEG bytes of {@code image}. */
    static byte[] encodeJpeg(BufferedImage image) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
        if (!ImageIO.write(image, "jpeg", out)) {
            throw new IOException("no ImageIO JPEG writer");
        }
        return out.toByteArray();
    }

    /** Decodes cached JPEG bytes. */
    static BufferedImage decode(byte[] jpeg) throws IOException {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(jpeg));
        if (image == null) {
            throw new IOException("cached thumbnail of " + jpeg.length + " bytes is not a decodable image");
        }
        return image;
    }

    /**
     * The JPEG bytes of {@link #sample}{@code (i)}, encoded once per JVM: every prepare of a cache micro-operation
     * fills its cache with the same {@value ThumbnailWorkload#CACHED_THUMBNAILS}, and encoding them was most of each
     * such prepare. Held softly (about a megabyte), so a heap that needs the room takes it back.
     */
    static synchronized byte[] sampleJpeg(int i) throws IOException {
        byte[][] encoded = samples.get();
        if (encoded == null) {
            encoded = new byte[ThumbnailWorkload.CACHED_THUMBNAILS][];
            samples = new SoftReference<>(encoded);
        }
        if (i >= encoded.length) {
            return encodeJpeg(sample(i));
        }
        if (encoded[i] == null) {
            encoded[i] = encodeJpeg(sample(i));
        }
        return encoded[i];
    }

    /** A 150×150 single-colour thumbnail, colour from {@code i}, as the source's cache harness pre-inserts. */
    static BufferedImage sample(int i) {
        BufferedImage image = new BufferedImage(SIZE, SIZE, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setColor(new Color(i % 256, (i * 7) % 256, (i * 13) % 256));
            g.fillRect(0, 0, SIZE, SIZE);
        } finally {
            g.dispose();
        }
        return image;
    }
}
