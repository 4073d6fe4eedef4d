package dev.vbench.report;

import dev.vbench.compare.Latencies;
import dev.vbench.measure.Histograms;
import dev.vbench.result.CellResult;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Latency percentile curves as HdrHistogram plots them: x = percentile on a log scale of
 * {@code 1/(1-p)} (0% at 0, 90% at 1, 99% at 2, 99.9% at 3 …), y = latency. Points come from
 * HdrHistogram's percentile iterator with 5 ticks per halving of the remaining distance to 100%,
 * the same points {@code outputPercentileDistribution} prints (HdrHistogram's {@code .hgrm}).
 */
public final class LatencyCurves {

    /** Percentile ticks per half distance, as in {@code outputPercentileDistribution(out, 5, …)}. */
    public static final int TICKS_PER_HALF_DISTANCE = 5;
    /** The x axis never extends past 99.9999%. */
    static final int MAX_NINES = 6;

    private LatencyCurves() {}

    /**
     * The end-to-end histograms of a cell's measured trials, merged (merging is exact). In an
     * open-model ({@code --rate}) cell this is the corrected latency, from each task's intended start,
     * as every latency metric of such a cell is (coordinated omission, docs/statistics.md rule 10).
     */
    public static Histogram mergedEndToEnd(CellResult cell) {
        Latencies.Merged merged = Latencies.merge(cell);
        return merged == null ? Histograms.newHistogram() : merged.histogram();
    }

    /** How {@link #mergedEndToEnd} measured the cells: "submit → end", or from the intended start. */
    public static String measuredFrom(List<CellResult> cells) {
        boolean open = cells.stream().anyMatch(c -> c.config().openModel());
        return open
                ? "intended start → end for --rate cells (corrected for coordinated omission), else submit → end"
                : "submit → end";
    }

    /**
     * The curve of one histogram: x in "nines" ({@code log10(1/(1-p))}), y in milliseconds.
     * The 100% point (x = ∞) is left out, as HdrHistogram's plotter does.
     */
    public static double[][] curve(Histogram h) {
        List<double[]> points = new ArrayList<>();
        if (h.getTotalCount() == 0) {
            return new double[][] {new double[0], new double[0]};
        }
        for (HistogramIterationValue v : h.percentiles(TICKS_PER_HALF_DISTANCE)) {
            double p = v.getPercentileLevelIteratedTo() / 100.0;
            if (p >= 1.0) {
                break;
            }
            points.add(new double[] {nines(p), v.getValueIteratedTo() / 1e6});
        }
        double[] xs = points.stream().mapToDouble(a -> a[0]).toArray();
        double[] ys = points.stream().mapToDouble(a -> a[1]).toArray();
        return new double[][] {xs, ys};
    }

    /** Above this ratio between the slowest tail and the fastest median, latency is drawn on a log scale. */
    public static final double LOG_Y_SPREAD = 30;

    /**
     * A percentile chart.
     *
     * @param svg the inline SVG
     * @param logY whether the latency axis is logarithmic (the curves differ by more than {@link #LOG_Y_SPREAD}x)
     */
    public record Chart(String svg, boolean logY) {}

    /**
     * One percentile chart with a curve per named histogram (nanoseconds), in the order given, so
     * each name keeps its palette colour. A null histogram gets its legend entry without a curve.
     * The latency axis is linear from 0, or base-10 logarithmic when the slowest tail is more than
     * {@link #LOG_Y_SPREAD} times the fastest median.
     *
     * @param yLabel what the y axis shows, without its unit ({@code end-to-end latency})
     * @return the chart, or null when no histogram has a value
     */
    public static Chart chart(String title, String yLabel, List<String> names, List<Histogram> histograms) {
        List<SvgChart.Line> series = new ArrayList<>();
        double maxNines = 0;
        double maxMillis = 0;
        double minMedian = Double.MAX_VALUE;
        double minMillis = Double.MAX_VALUE;
        boolean any = false;
        for (int i = 0; i < names.size(); i++) {
            Histogram h = histograms.get(i);
            double[][] curve = h == null ? new double[][] {new double[0], new double[0]} : curve(h);
            int n = curve[0].length;
            if (n > 0) {
                any = true;
                maxNines = Math.max(maxNines, curve[0][n - 1]);
                maxMillis = Math.max(maxMillis, curve[1][n - 1]);
                minMedian = Math.min(minMedian, curve[1][n / 2]);
                for (double v : curve[1]) {
                    if (v > 0) {
                        minMillis = Math.min(minMillis, v);
                    }
                }
            }
            series.add(new SvgChart.Line(names.get(i), curve[0], curve[1], null, null));
        }
        if (!any) {
            return null;
        }
        boolean logY = minMedian > 0 && maxMillis / minMedian > LOG_Y_SPREAD;
        SvgChart.Axis y = logY
                ? SvgChart.Axis.logDecades(
                        yLabel + " (ms, log scale)", minMillis == Double.MAX_VALUE ? 0.001 : minMillis, maxMillis)
                : SvgChart.Axis.linear(yLabel + " (ms)", 0, maxMillis <= 0 ? 1 : maxMillis);
        return new Chart(SvgChart.lines(title, percentileAxis(maxNines), y, series, false), logY);
    }

    /** {@code log10(1/(1-p))}: 0 for 0%, 1 for 90%, 2 for 99%. */
    public static double nines(double p) {
        return Math.log10(1 / (1 - p));
    }

    /** The percentile axis from 0% to the smallest whole number of nines covering {@code maxNines} (at least 99%). */
    public static SvgChart.Axis percentileAxis(double maxNines) {
        int top = (int) Math.min(MAX_NINES, Math.max(2, Math.ceil(maxNines - 1e-9)));
        List<SvgChart.Tick> ticks = new ArrayList<>();
        for (int n = 0; n <= top; n++) {
            ticks.add(new SvgChart.Tick(n, label(n)));
        }
        return new SvgChart.Axis("percentile (log scale of 1/(1−p))", 0, top, false, ticks);
    }

    /** {@code 0%}, {@code 90%}, {@code 99%}, {@code 99.9%} … for 0, 1, 2, 3 … nines. */
    static String label(int nines) {
        if (nines == 0) {
            return "0%";
        }
        if (nines == 1) {
            return "90%";
        }
        return nines == 2 ? "99%" : "99." + "9".repeat(nines - 2) + "%";
    }
}
