package dev.vbench.workload.thumbnail;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;

/**
 * Generates the test photos: 1920×1080, three components, with real texture so the JPEG sizes
 * land in the source's 65–340 KB: a two-colour diagonal gradient, translucent gradient-filled
 * ellipses and rounded rectangles, a few thick lines, then per-pixel luminance noise whose
 * amplitude grows with the photo's number ({@link #noiseAmplitude}), which spreads the ten sizes
 * over the range. Encoded as progressive JPEG ({@link ImageWriteParam#MODE_DEFAULT}, the default
 * quality 0.75) by the JDK's ImageIO writer.
 *
 * <pre>{@code
 * PhotoGenerator.write(dir.resolve("photo_00.jpg"), seed, 0);
 * }</pre>
 */
final class PhotoGenerator {

    static final int WIDTH = 1920;
    static final int HEIGHT = 1080;

    private PhotoGenerator() {}

    /** Noise amplitude (± grey levels) of photo {@code k} in [0, 10): 1 for the first, 13 for the last. */
    static int noiseAmplitude(int k) {
        return 1 + (k * 12 + 4) / 9;
    }

    /** Writes photo {@code k} of the seed's set as a progressive JPEG. */
    static void write(Path file, long seed, int k) throws IOException {
        BufferedImage image = image(seed, k);
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        try (OutputStream out = Files.newOutputStream(file);
                ImageOutputStream ios = ImageIO.createImageOutputStream(out)) {
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setProgressiveMode(ImageWriteParam.MODE_DEFAULT);
            writer.setOutput(ios);
            writer.write(null, new IIOImage(image, null, null), param);
        } finally {
            writer.dispose();
        }
    }

    /** The pixels of photo {@code k}. */
    static BufferedImage image(long seed, int k) {
        SplittableRandom random = new SplittableRandom(seed);
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setPaint(new GradientPaint(0, 0, color(random, false), WIDTH, HEIGHT, color(random, false)));
            g.fillRect(0, 0, WIDTH, HEIGHT);
            int shapes = 30 + random.nextInt(30);
            for (int i = 0; i < shapes; i++) {
                drawShape(g, random);
            }
            g.setStroke(new BasicStroke(3 + random.nextInt(12), BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            for (int i = 0; i < 12; i++) {
                g.setColor(color(random, true));
                g.draw(new Line2D.Float(
                        random.nextInt(WIDTH), random.nextInt(HEIGHT), random.nextInt(WIDTH), random.nextInt(HEIGHT)));
            }
        } finally {
            g.dispose();
        }
        addNoise(image, random, noiseAmplitude(k));
        return image;
    }

    private static void drawShape(Graphics2D g, SplittableRandom random) {
        float x = random.nextInt(WIDTH);
        float y = random.nextInt(HEIGHT);
        float w = 40 + random.nextInt(520);
        float h = 40 + random.nextInt(420);
        g.setPaint(new GradientPaint(
                x - w / 2, y - h / 2, color(random, true), x + w / 2, y + h / 2, color(random, true)));
        if (random.nextBoolean()) {
            g.fill(new Ellipse2D.Float(x - w / 2, y - h / 2, w, h));
        } else {
            g.fill(new RoundRectangle2D.Float(x - w / 2, y - h / 2, w, h, 24, 24));
        }
    }

    private static Color color(SplittableRandom random, boolean translucent) {
        return new Color(
                random.nextInt(256),
                random.nextInt(256),
                random.nextInt(256),
                translucent ? 96 + random.nextInt(160) : 255);
    }

    /** Adds the same uniform offset in [-amplitude, amplitude] to the three channels of every pixel. */
    private static void addNoise(BufferedImage image, SplittableRandom random, int amplitude) {
        int[] pixels = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
        for (int i = 0; i < pixels.length; i++) {
            int n = random.nextInt(2 * amplitude + 1) - amplitude;
            int c = pixels[i];
            int r = clamp(((c >> 16) & 0xff) + n);
            int gr = clamp(((c >> 8) & 0xff) + n);
            int b = clamp((c & 0xff) + n);
            pixels[i] = (r << 16) | (gr << 8) | b;
        }
    }

    private static int clamp(int v) {
        return v < 0 ? 0 : Math.min(v, 255);
    }
}
