package dev.vbench.workload.render;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Stroke;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.util.SplittableRandom;

/**
 * Draws one map with Java2D, antialiased ({@code KEY_ANTIALIASING=ON},
 * {@code KEY_FRACTIONALMETRICS=ON}, {@code KEY_STROKE_CONTROL=PURE}), from a seeded generator so
 * the same request always gives the same picture. Feature counts scale with the map's area
 * {@code a = width × height / 256²} (a 256×256 tile has a = 1; the largest request has a = 12):
 * <ul>
 *   <li>{@code 2 + round(3a)} contour lines: closed wavy polylines of 48 points, 1 px;
 *   <li>{@code 2 + round(2a)} roads: open polylines of 6–15 points, a dark casing 2 px wider than a
 *       light {@link BasicStroke} of 2–6 px, round caps and joins;
 *   <li>{@code 4 + round(10a)} buildings: filled polygons of 4–7 vertices around a centre, with a
 *       1 px outline;
 *   <li>{@code 1 + round(a / 2)} labels: {@code drawString} of a place name, SansSerif 11–14 pt.
 * </ul>
 *
 * <pre>{@code
 * BufferedImage image = new MapPainter(labels).paint(width, height, featureSeed);
 * }</pre>
 */
final class MapPainter {

    private static final Color LAND = new Color(0xF2EFE9);
    private static final Color CONTOUR = new Color(0xC8A27A);
    private static final Color CASING = new Color(0x8A8A8A);
    private static final Color[] ROAD = {new Color(0xFFFFFF), new Color(0xF7D77B), new Color(0xE8927C)};
    private static final Color BUILDING = new Color(0xD9D0C9);
    private static final Color BUILDING_OUTLINE = new Color(0xB9A99C);
    private static final Color LABEL = new Color(0x333333);
    private static final Stroke HAIRLINE = new BasicStroke(1f);
    private static final Font[] FONTS = {
        new Font(Font.SANS_SERIF, Font.PLAIN, 11), new Font(Font.SANS_SERIF, Font.PLAIN, 12),
        new Font(Font.SANS_SERIF, Font.BOLD, 13), new Font(Font.SANS_SERIF, Font.PLAIN, 14)
    };

    private final String[] labels;

    MapPainter(String[] labels) {
        this.labels = labels;
    }

    /** Area in units of a 256×256 tile. */
    static double area(int width, int height) {
        return (double) width * height / (256.0 * 256.0);
    }

    /** Paints a map of {@code width × height} into a new image (3-byte BGR, GeoServer's choice in the seed). */
    BufferedImage paint(int width, int height, long featureSeed) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
            g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(LAND);
            g.fillRect(0, 0, width, height);
            SplittableRandom random = new SplittableRandom(featureSeed);
            double a = area(width, height);
            contours(g, random, width, height, 2 + (int) Math.round(3 * a));
            buildings(g, random, width, height, 4 + (int) Math.round(10 * a));
            roads(g, random, width, height, 2 + (int) Math.round(2 * a));
            labels(g, random, width, height, 1 + (int) Math.round(a / 2));
        } finally {
            g.dispose();
        }
        return image;
    }

    private static void contours(Graphics2D g, SplittableRandom random, int width, int height, int count) {
        g.setColor(CONTOUR);
        g.setStroke(HAIRLINE);
        for (int c = 0; c < count; c++) {
            double cx = random.nextDouble() * width;
            double cy = random.nextDouble() * height;
            double radius = 20 + random.nextDouble() * Math.max(width, height) / 2.0;
            double wobble = 0.08 + random.nextDouble() * 0.2;
            double phase = random.nextDouble() * Math.PI * 2;
            Path2D.Float line = new Path2D.Float(Path2D.WIND_NON_ZERO, 48);
            for (int p = 0; p < 48; p++) {
                double t = p * Math.PI * 2 / 48;
                double r = radius * (1 + wobble * Math.sin(3 * t + phase) + wobble / 2 * Math.cos(5 * t));
                double x = cx + r * Math.cos(t);
                double y = cy + 0.7 * r * Math.sin(t);
                if (p == 0) {
                    line.moveTo(x, y);
                } else {
                    line.lineTo(x, y);
                }
            }
            line.closePath();
            g.draw(line);
        }
    }

    private static void roads(Graphics2D g, SplittableRandom random, int width, int height, int count) {
        for (int r = 0; r < count; r++) {
            int points = 6 + random.nextInt(10);
            Path2D.Float road = new Path2D.Float(Path2D.WIND_NON_ZERO, points);
            double x = random.nextDouble() * width;
            double y = random.nextDouble() * height;
            double heading = random.nextDouble() * Math.PI * 2;
            double step = Math.max(width, height) / 8.0;
            road.moveTo(x, y);
            for (int p = 1; p < points; p++) {
                heading += (random.nextDouble() - 0.5) * 0.8;
                x += Math.cos(heading) * step;
                y += Math.sin(heading) * step;
                road.lineTo(x, y);
            }
            float lineWidth = 2 + random.nextInt(5);
            g.setColor(CASING);
            g.setStroke(new BasicStroke(lineWidth + 2, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            g.draw(road);
            g.setColor(ROAD[random.nextInt(ROAD.length)]);
            g.setStroke(new BasicStroke(lineWidth, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            g.draw(road);
        }
    }

    private static void buildings(Graphics2D g, SplittableRandom random, int width, int height, int count) {
        g.setStroke(HAIRLINE);
        for (int b = 0; b < count; b++) {
            int vertices = 4 + random.nextInt(4);
            double cx = random.nextDouble() * width;
            double cy = random.nextDouble() * height;
            double size = 4 + random.nextDouble() * 18;
            double rotation = random.nextDouble() * Math.PI;
            Path2D.Float polygon = new Path2D.Float(Path2D.WIND_NON_ZERO, vertices);
            for (int v = 0; v < vertices; v++) {
                double t = rotation + v * Math.PI * 2 / vertices;
                double r = size * (0.7 + 0.3 * random.nextDouble());
                double x = cx + r * Math.cos(t);
                double y = cy + r * Math.sin(t);
                if (v == 0) {
                    polygon.moveTo(x, y);
                } else {
                    polygon.lineTo(x, y);
                }
            }
            polygon.closePath();
            g.setColor(BUILDING);
            g.fill(polygon);
            g.setColor(BUILDING_OUTLINE);
            g.draw(polygon);
        }
    }

    private void labels(Graphics2D g, SplittableRandom random, int width, int height, int count) {
        g.setColor(LABEL);
        for (int l = 0; l < count; l++) {
            g.setFont(FONTS[random.nextInt(FONTS.length)]);
            float x = (float) (random.nextDouble() * Math.max(1, width - 60));
            float y = (float) (14 + random.nextDouble() * Math.max(1, height - 20));
            g.drawString(labels[random.nextInt(labels.length)], x, y);
        }
    }
}
