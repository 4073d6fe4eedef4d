package dev.vbench.report;

import dev.vbench.text.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * Small self-written SVG charts for the HTML report: lines (with optional CI whiskers) over a
 * linear or logarithmic x axis, and grouped bars with CI whiskers. No chart library, no script:
 * the output is a standalone {@code <svg>} element that is also well-formed XML. Numbers are
 * written with {@link Locale#ROOT}.
 *
 * <pre>{@code
 * String svg = SvgChart.lines("throughput by concurrency",
 *         SvgChart.Axis.log10("concurrency", 1, 1000, List.of(1.0, 10.0, 100.0, 1000.0)),
 *         SvgChart.Axis.linear("tasks/s", 0, 5000), List.of(new SvgChart.Line("virtual", xs, ys, null, null)), true);
 * }</pre>
 */
public final class SvgChart {

    static final int WIDTH = 620;
    static final int HEIGHT = 360;
    static final int LEFT = 64;
    static final int RIGHT = 176;
    static final int TOP = 36;
    static final int BOTTOM = 56;
    /** Longest chart title before it is shortened (the full title stays in the SVG's title and aria-label). */
    static final int TITLE_CHARS = 60;
    /** Linear-axis ticks from this size on read 250k, 1.5M (wider labels would run into the axis title). */
    static final double COMPACT_FROM = 100_000;
    /** Longest legend entry before it is shortened (the tables carry the full names). */
    static final int LEGEND_CHARS = 24;
    /** Colour-blind-safe palette (Okabe–Ito), one colour per series in order. */
    static final List<String> PALETTE =
            List.of("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442");

    private SvgChart() {}

    /** A tick: where on the axis, and its label. */
    public record Tick(double value, String label) {}

    /**
     * An axis from {@code min} to {@code max}, linear or base-10 logarithmic.
     *
     * @param label axis title, with its unit
     */
    public record Axis(String label, double min, double max, boolean log, List<Tick> ticks) {

        /** A linear axis with "nice" ticks (1, 2, 5 × 10ⁿ) covering [min, max]. */
        public static Axis linear(String label, double min, double max) {
            double span = max > min ? max - min : Math.max(1, Math.abs(max));
            double step = niceStep(span / 5);
            double lo = Math.floor(min / step) * step;
            double hi = Math.ceil((max > min ? max : min + span) / step) * step;
            List<Tick> ticks = new ArrayList<>();
            int decimals = Math.max(0, (int) -Math.floor(Math.log10(step)));
            for (double v = lo; v <= hi + step / 2; v += step) {
                ticks.add(new Tick(v, Math.abs(v) >= COMPACT_FROM ? compact(v) : num(v, decimals)));
            }
            return new Axis(label, lo, hi, false, ticks);
        }

        /** A base-10 logarithmic axis with ticks at {@code tickValues}. */
        public static Axis log10(String label, double min, double max, List<Double> tickValues) {
            List<Tick> ticks = tickValues.stream()
                    .map(v -> new Tick(v, num(v, v == Math.rint(v) ? 0 : 2)))
                    .toList();
            return new Axis(label, min, max, true, ticks);
        }

        /** A base-10 logarithmic axis with a tick at every power of ten between min and max. */
        public static Axis logDecades(String label, double min, double max) {
            double lo = Math.pow(10, Math.floor(Math.log10(min)));
            double hi = Math.pow(10, Math.ceil(Math.log10(max)));
            List<Double> ticks = new ArrayList<>();
            for (double v = lo; v <= hi * 1.0001; v *= 10) {
                ticks.add(v);
            }
            return new Axis(
                    label,
                    lo,
                    hi,
                    true,
                    ticks.stream()
                            .map(v -> new Tick(v, num(v, v >= 1 ? 0 : (int) Math.ceil(-Math.log10(v)))))
                            .toList());
        }

        /** Position of {@code v} along the axis, 0 at {@code min}, 1 at {@code max}. */
        double fraction(double v) {
            if (log) {
                double lo = Math.log10(min);
                double hi = Math.log10(max);
                return hi == lo ? 0.5 : (Math.log10(v) - lo) / (hi - lo);
            }
            return max == min ? 0.5 : (v - min) / (max - min);
        }

        static double niceStep(double rough) {
            if (!(rough > 0) || Double.isInfinite(rough)) {
                return 1;
            }
            double magnitude = Math.pow(10, Math.floor(Math.log10(rough)));
            double f = rough / magnitude;
            return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * magnitude;
        }
    }

    /**
     * One named series. {@code lows}/{@code highs} are whisker ends per point (a CI), or null.
     */
    public record Line(String name, double[] xs, double[] ys, double[] lows, double[] highs) {}

    /** A line chart: one polyline per series; with {@code markers}, a dot on every point and whiskers where given. */
    public static String lines(String title, Axis x, Axis y, List<Line> series, boolean markers) {
        return lines(title, x, y, series, markers, List.of());
    }

    /**
     * A vertical marker at {@code x} with a short label at its top (a change point, a JVM update).
     *
     * @param dashed a dashed line (annotations) rather than a solid one (change points)
     */
    public record Marker(double x, String label, boolean dashed) {}

    /** {@link #lines(String, Axis, Axis, List, boolean)} with vertical markers drawn under the lines. */
    public static String lines(
            String title, Axis x, Axis y, List<Line> series, boolean markers, List<Marker> verticals) {
        Canvas c = new Canvas(title, x, y);
        for (int i = 0; i < verticals.size(); i++) {
            Marker m = verticals.get(i);
            double px = c.px(m.x());
            c.svg.append("<line x1=\"")
                    .append(num(px, 1))
                    .append("\" x2=\"")
                    .append(num(px, 1))
                    .append("\" y1=\"")
                    .append(TOP)
                    .append("\" y2=\"")
                    .append(HEIGHT - BOTTOM)
                    .append("\" stroke=\"")
                    .append(m.dashed() ? "#57606a\" stroke-dasharray=\"4 3" : "#D55E00")
                    .append("\" stroke-width=\"1\"/>\n");
            c.text(px + 3, TOP + 10 + 11 * (i % 3), "start", "tick", m.label());
        }
        for (int s = 0; s < series.size(); s++) {
            Line ser = series.get(s);
            String colour = PALETTE.get(s % PALETTE.size());
            StringBuilder points = new StringBuilder();
            for (int i = 0; i < ser.xs().length; i++) {
                if (!Double.isFinite(ser.ys()[i])) {
                    continue;
                }
                points.append(num(c.px(ser.xs()[i]), 1))
                        .append(',')
                        .append(num(c.py(ser.ys()[i]), 1))
                        .append(' ');
            }
            c.svg.append("<polyline fill=\"none\" stroke=\"")
                    .append(colour)
                    .append("\" stroke-width=\"2\" points=\"")
                    .append(points.toString().strip())
                    .append("\"/>\n");
            if (markers) {
                for (int i = 0; i < ser.xs().length; i++) {
                    if (Double.isFinite(ser.ys()[i])) {
                        c.whisker(ser, i, c.px(ser.xs()[i]), colour);
                        c.svg.append("<circle cx=\"")
                                .append(num(c.px(ser.xs()[i]), 1))
                                .append("\" cy=\"")
                                .append(num(c.py(ser.ys()[i]), 1))
                                .append("\" r=\"3\" fill=\"")
                                .append(colour)
                                .append("\"/>\n");
                    }
                }
            }
            c.legend(s, ser.name(), colour);
        }
        return c.close();
    }

    /**
     * Grouped bars: one group per category, one bar per series in each group, whiskers where given.
     * Each series holds one value per category (NaN: no bar).
     */
    public static String bars(String title, List<String> categories, Axis y, List<Line> series) {
        Axis x = new Axis(
                "",
                0,
                categories.size(),
                false,
                IntStream.range(0, categories.size())
                        .mapToObj(i -> new Tick(i + 0.5, categories.get(i)))
                        .toList());
        Canvas c = new Canvas(title, x, y);
        double groupWidth = (WIDTH - LEFT - RIGHT) / (double) Math.max(1, categories.size());
        double barWidth = groupWidth * 0.8 / Math.max(1, series.size());
        for (int s = 0; s < series.size(); s++) {
            Line ser = series.get(s);
            String colour = PALETTE.get(s % PALETTE.size());
            for (int i = 0; i < categories.size() && i < ser.ys().length; i++) {
                double v = ser.ys()[i];
                if (!Double.isFinite(v)) {
                    continue;
                }
                double left = LEFT + i * groupWidth + groupWidth * 0.1 + s * barWidth;
                double top = c.py(Math.max(v, y.min()));
                double bottom = c.py(y.min());
                c.svg.append("<rect x=\"")
                        .append(num(left, 1))
                        .append("\" y=\"")
                        .append(num(top, 1))
                        .append("\" width=\"")
                        .append(num(barWidth * 0.9, 1))
                        .append("\" height=\"")
                        .append(num(Math.max(0, bottom - top), 1))
                        .append("\" fill=\"")
                        .append(colour)
                        .append("\"/>\n");
                c.whisker(ser, i, left + barWidth * 0.45, "#333333");
                double labelY = ser.highs() != null && i < ser.highs().length && Double.isFinite(ser.highs()[i])
                        ? Math.min(top, c.py(ser.highs()[i]))
                        : top;
                c.text(left + barWidth * 0.45, labelY - 4, "middle", "value", valueLabel(v));
            }
            c.legend(s, ser.name(), colour);
        }
        return c.close();
    }

    /** A bar's value: three significant figures, no exponent. */
    static String valueLabel(double v) {
        double a = Math.abs(v);
        return num(v, a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3);
    }

    /** A large tick value with an SI suffix: {@code 250k}, {@code 1.5M}, {@code 2G}. */
    static String compact(double v) {
        double a = Math.abs(v);
        double scale = a >= 1e9 ? 1e9 : a >= 1e6 ? 1e6 : 1e3;
        String suffix = scale == 1e9 ? "G" : scale == 1e6 ? "M" : "k";
        String digits = String.format(Locale.ROOT, "%.2f", v / scale).replaceAll("\\.?0+$", "");
        return digits + suffix;
    }

    /** Formats a number with {@code decimals} decimals in Locale.ROOT ({@link Numbers#fixed}). */
    static String num(double v, int decimals) {
        return Numbers.fixed(v, decimals);
    }

    /** The frame, axes, ticks and legend of one chart. */
    private static final class Canvas {
        final StringBuilder svg = new StringBuilder();
        final Axis x;
        final Axis y;

        Canvas(String title, Axis x, Axis y) {
            this.x = x;
            this.y = y;
            svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"")
                    .append(WIDTH)
                    .append("\" height=\"")
                    .append(HEIGHT)
                    .append("\" viewBox=\"0 0 ")
                    .append(WIDTH)
                    .append(' ')
                    .append(HEIGHT)
                    .append("\" role=\"img\" aria-label=\"")
                    .append(Html.escape(title))
                    .append("\">\n");
            svg.append("<title>").append(Html.escape(title)).append("</title>\n");
            svg.append("<rect x=\"0\" y=\"0\" width=\"")
                    .append(WIDTH)
                    .append("\" height=\"")
                    .append(HEIGHT)
                    .append("\" fill=\"#ffffff\"/>\n");
            text(
                    LEFT,
                    22,
                    "start",
                    "title",
                    title.length() <= TITLE_CHARS ? title : title.substring(0, TITLE_CHARS - 1) + "…");
            for (Tick t : y.ticks()) {
                double py = py(t.value());
                svg.append("<line x1=\"")
                        .append(LEFT)
                        .append("\" x2=\"")
                        .append(WIDTH - RIGHT)
                        .append("\" y1=\"")
                        .append(num(py, 1))
                        .append("\" y2=\"")
                        .append(num(py, 1))
                        .append("\" class=\"grid\"/>\n");
                text(LEFT - 6, py + 4, "end", "tick", t.label());
            }
            for (Tick t : x.ticks()) {
                double px = px(t.value());
                if (!x.label().isEmpty()) {
                    svg.append("<line x1=\"")
                            .append(num(px, 1))
                            .append("\" x2=\"")
                            .append(num(px, 1))
                            .append("\" y1=\"")
                            .append(TOP)
                            .append("\" y2=\"")
                            .append(HEIGHT - BOTTOM)
                            .append("\" class=\"grid\"/>\n");
                }
                text(px, HEIGHT - BOTTOM + 16, "middle", "tick", t.label());
            }
            svg.append("<line x1=\"")
                    .append(LEFT)
                    .append("\" x2=\"")
                    .append(WIDTH - RIGHT)
                    .append("\" y1=\"")
                    .append(HEIGHT - BOTTOM)
                    .append("\" y2=\"")
                    .append(HEIGHT - BOTTOM)
                    .append("\" class=\"axis\"/>\n");
            svg.append("<line x1=\"")
                    .append(LEFT)
                    .append("\" x2=\"")
                    .append(LEFT)
                    .append("\" y1=\"")
                    .append(TOP)
                    .append("\" y2=\"")
                    .append(HEIGHT - BOTTOM)
                    .append("\" class=\"axis\"/>\n");
            text((LEFT + WIDTH - RIGHT) / 2.0, HEIGHT - 14, "middle", "label", x.label());
            svg.append("<text transform=\"translate(16,")
                    .append(num((TOP + HEIGHT - BOTTOM) / 2.0, 1))
                    .append(") rotate(-90)\" text-anchor=\"middle\" class=\"label\">")
                    .append(Html.escape(y.label()))
                    .append("</text>\n");
        }

        double px(double v) {
            return LEFT + clamp(x.fraction(v)) * (WIDTH - LEFT - RIGHT);
        }

        double py(double v) {
            return HEIGHT - BOTTOM - clamp(y.fraction(v)) * (HEIGHT - TOP - BOTTOM);
        }

        static double clamp(double f) {
            return Double.isNaN(f) ? 0 : Math.max(0, Math.min(1, f));
        }

        void whisker(Line s, int i, double px, String colour) {
            if (s.lows() == null
                    || s.highs() == null
                    || i >= s.lows().length
                    || !Double.isFinite(s.lows()[i])
                    || !Double.isFinite(s.highs()[i])) {
                return;
            }
            double lo = py(s.lows()[i]);
            double hi = py(s.highs()[i]);
            svg.append("<path d=\"M")
                    .append(num(px, 1))
                    .append(' ')
                    .append(num(lo, 1))
                    .append("V")
                    .append(num(hi, 1))
                    .append("M")
                    .append(num(px - 4, 1))
                    .append(' ')
                    .append(num(lo, 1))
                    .append("h8M")
                    .append(num(px - 4, 1))
                    .append(' ')
                    .append(num(hi, 1))
                    .append("h8\" stroke=\"")
                    .append(colour)
                    .append("\" stroke-width=\"1.5\" fill=\"none\"/>\n");
        }

        void legend(int index, String name, String colour) {
            double ly = TOP + 8 + index * 20;
            double lx = WIDTH - RIGHT + 14;
            svg.append("<rect x=\"")
                    .append(num(lx, 1))
                    .append("\" y=\"")
                    .append(num(ly - 9, 1))
                    .append("\" width=\"12\" height=\"12\" fill=\"")
                    .append(colour)
                    .append("\"/>\n");
            String shown = name.length() <= LEGEND_CHARS ? name : name.substring(0, LEGEND_CHARS - 1) + "…";
            text(lx + 18, ly + 1, "start", "legend", shown);
        }

        void text(double px, double py, String anchor, String cssClass, String content) {
            svg.append("<text x=\"")
                    .append(num(px, 1))
                    .append("\" y=\"")
                    .append(num(py, 1))
                    .append("\" text-anchor=\"")
                    .append(anchor)
                    .append("\" class=\"")
                    .append(cssClass)
                    .append("\">")
                    .append(Html.escape(content))
                    .append("</text>\n");
        }

        String close() {
            svg.append("</svg>\n");
            return svg.toString();
        }
    }
}
