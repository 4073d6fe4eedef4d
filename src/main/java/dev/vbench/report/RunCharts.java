package dev.vbench.report;

import dev.vbench.compare.CellDimension;
import dev.vbench.report.ReportDocument.Figure;
import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;

/**
 * The charts of a run report, as {@link Figure}s of the {@link ReportDocument}: bars of the compared
 * metric with 95% CI whiskers, latency percentile curves per executor (HdrHistogram style, from the
 * merged per-trial histograms), and throughput against concurrency when concurrency was swept. The
 * SVG is drawn only when a format that shows charts asks for it.
 */
final class RunCharts {

    private RunCharts() {}

    /** Bars of the compared metric: one group per row, one bar per executor; median and 95% CI whiskers. */
    static Figure bars(String workload, List<CellResult> cells, Metric metric) {
        return new Figure(
                "Median " + metric.key() + " per executor; whiskers: 95% confidence interval of the median"
                        + " (none with fewer than 6 trials).",
                () -> barsSvg(workload, cells, metric));
    }

    static String barsSvg(String workload, List<CellResult> cells, Metric metric) {
        List<String> executors = RunTables.executors(cells);
        Map<String, Map<String, CellResult>> rows = rows(cells, executors);
        List<String> categories = new ArrayList<>(rows.keySet());
        List<SvgChart.Line> series = new ArrayList<>();
        double top = 0;
        for (String executor : executors) {
            double[] ys = new double[categories.size()];
            double[] lows = new double[categories.size()];
            double[] highs = new double[categories.size()];
            for (int i = 0; i < categories.size(); i++) {
                CellResult c = rows.get(categories.get(i)).get(executor);
                MetricSummary s = c == null ? null : c.summary(metric);
                ys[i] = s == null ? Double.NaN : s.median();
                lows[i] = s == null ? Double.NaN : s.ciLow();
                highs[i] = s == null ? Double.NaN : s.ciHigh();
                top = Math.max(top, finiteOr(highs[i], ys[i]));
            }
            series.add(new SvgChart.Line(executor, null, ys, lows, highs));
        }
        SvgChart.Axis y = SvgChart.Axis.linear(metric.key() + " (" + metric.unit() + ")", 0, top <= 0 ? 1 : top * 1.05);
        return SvgChart.bars(workload + " — " + metric.key() + " by executor", categories, y, series);
    }

    /** One percentile chart per row (parameter values), a curve per executor. */
    static List<Figure> latencies(String workload, List<CellResult> cells) {
        List<Figure> figures = new ArrayList<>();
        List<String> executors = RunTables.executors(cells);
        for (Map.Entry<String, Map<String, CellResult>> row :
                rows(cells, executors).entrySet()) {
            List<String> names = new ArrayList<>();
            List<Histogram> histograms = new ArrayList<>();
            for (String executor : executors) {
                CellResult c = row.getValue().get(executor);
                if (c == null || c.trials().isEmpty()) {
                    continue;
                }
                Histogram merged = LatencyCurves.mergedEndToEnd(c);
                if (merged.getTotalCount() > 0) {
                    names.add(executor);
                    histograms.add(merged);
                }
            }
            String title = workload + (row.getKey().isEmpty() ? "" : " " + row.getKey()) + " — latency by percentile";
            LatencyCurves.Chart chart = LatencyCurves.chart(title, "end-to-end latency", names, histograms);
            if (chart == null) {
                continue;
            }
            figures.add(new Figure(
                    "End-to-end latency (" + LatencyCurves.measuredFrom(cells)
                            + ") of every task, all measured trials merged;"
                            + " x: percentile on a log scale of 1/(1−p), as HdrHistogram plots it"
                            + (chart.logY()
                                    ? "; y on a log scale because the executors differ by more than "
                                            + (int) LatencyCurves.LOG_Y_SPREAD + "x."
                                    : "."),
                    chart::svg));
        }
        return figures;
    }

    /** Throughput against concurrency, a line per executor (and per other swept value), when concurrency was swept. */
    static Optional<Figure> concurrency(String workload, List<CellResult> cells) {
        TreeSet<Integer> levels = new TreeSet<>();
        cells.forEach(c -> levels.add(c.config().concurrency()));
        if (levels.size() < 2 || levels.first() <= 0) {
            return Optional.empty();
        }
        return Optional.of(new Figure(
                "Median throughput per concurrency level; whiskers: 95% CI of the median.",
                () -> concurrencySvg(workload, cells, levels)));
    }

    private static String concurrencySvg(String workload, List<CellResult> cells, TreeSet<Integer> levels) {
        List<CellDimension> others = CellDimension.varying(cells).stream()
                .filter(d -> !d.name().equals("concurrency"))
                .toList();
        Map<String, List<CellResult>> lines = new LinkedHashMap<>();
        for (CellResult c : cells) {
            lines.computeIfAbsent(lineName(c.config(), others), k -> new ArrayList<>())
                    .add(c);
        }
        List<SvgChart.Line> series = new ArrayList<>();
        double top = 0;
        for (Map.Entry<String, List<CellResult>> line : lines.entrySet()) {
            List<CellResult> points = new ArrayList<>(line.getValue());
            points.sort((a, b) ->
                    Integer.compare(a.config().concurrency(), b.config().concurrency()));
            int n = points.size();
            double[] xs = new double[n];
            double[] ys = new double[n];
            double[] lows = new double[n];
            double[] highs = new double[n];
            for (int i = 0; i < n; i++) {
                MetricSummary s = points.get(i).summary(Metric.THROUGHPUT);
                xs[i] = points.get(i).config().concurrency();
                ys[i] = s == null ? Double.NaN : s.median();
                lows[i] = s == null ? Double.NaN : s.ciLow();
                highs[i] = s == null ? Double.NaN : s.ciHigh();
                top = Math.max(top, finiteOr(highs[i], ys[i]));
            }
            series.add(new SvgChart.Line(line.getKey(), xs, ys, lows, highs));
        }
        double lo = levels.first();
        double hi = levels.last();
        List<Double> ticks = levels.stream().map(Integer::doubleValue).toList();
        if (ticks.size() > 10) {
            ticks = ticks.stream()
                    .filter(v -> Math.log10(v) == Math.rint(Math.log10(v)))
                    .toList();
        }
        SvgChart.Axis x = hi / lo >= 10
                ? SvgChart.Axis.log10("concurrency (tasks in flight, log scale)", lo, hi, ticks)
                : SvgChart.Axis.linear("concurrency (tasks in flight)", lo, hi);
        return SvgChart.lines(
                workload + " — throughput by concurrency",
                x,
                SvgChart.Axis.linear("throughput (tasks/s)", 0, top <= 0 ? 1 : top * 1.05),
                series,
                true);
    }

    /** Cells by row label (the parameter values, tasks and concurrency that vary), then by executor. */
    private static Map<String, Map<String, CellResult>> rows(List<CellResult> cells, List<String> executors) {
        List<CellDimension> dims = CellDimension.varying(cells.stream()
                .filter(c -> c.config().executor().spec().equals(executors.get(0)))
                .toList());
        Map<String, Map<String, CellResult>> rows = new LinkedHashMap<>();
        for (CellResult c : cells) {
            List<String> parts = new ArrayList<>();
            dims.forEach(d -> parts.add(d.name() + "=" + d.value(c.config())));
            rows.computeIfAbsent(String.join(" ", parts), k -> new LinkedHashMap<>())
                    .put(c.config().executor().spec(), c);
        }
        return rows;
    }

    /** Executor and the other swept values (not concurrency, the x axis). */
    private static String lineName(CellConfig config, List<CellDimension> others) {
        StringBuilder sb = new StringBuilder(config.executor().spec());
        others.forEach(d -> sb.append(' ').append(d.name()).append('=').append(d.value(config)));
        return sb.toString();
    }

    private static double finiteOr(double preferred, double fallback) {
        return Double.isFinite(preferred) ? preferred : Double.isFinite(fallback) ? fallback : 0;
    }
}
