package dev.vbench.report;

import dev.vbench.compare.CellDimension;
import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.Environment;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import dev.vbench.result.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;

/**
 * One self-contained HTML page for a run: per workload, the executor comparison table with a bar
 * chart (median and 95% CI whiskers), latency percentile curves per executor (HdrHistogram style,
 * from the merged per-trial histograms), throughput against concurrency when concurrency was
 * swept, then the detail and telemetry tables and the pinned stacks. Inline CSS and SVG only: no
 * script, no network, opens offline.
 */
final class HtmlExporter implements Exporter {

    private final ReportOptions options;

    HtmlExporter(ReportOptions options) {
        this.options = options;
    }

    @Override
    public String render(RunResult result) {
        StringBuilder body = new StringBuilder();
        int warmup = result.settings().warmupTrials();
        Metric metric = options.metricOrDefault();
        for (Map.Entry<String, List<CellResult>> e : RunTables.byWorkload(result).entrySet()) {
            String workload = e.getKey();
            List<CellResult> cells = e.getValue();
            body.append("<section>\n<h2>").append(Html.escape(workload)).append("</h2>\n");
            Table comparison = RunTables.comparison(workload, cells, metric, warmup, options.noise());
            if (comparison != null) {
                body.append(Html.table(comparison));
                body.append(Html.figure(bars(workload, cells, metric), "Median " + metric.key() + " per executor;"
                        + " whiskers: 95% confidence interval of the median (none with fewer than 6 trials)."));
            }
            latencyFigures(body, workload, cells);
            concurrencyFigures(body, workload, cells);
            body.append(Html.table(RunTables.detail(workload, cells, warmup)));
            body.append(Html.table(TelemetryTables.telemetry(workload, cells)));
            List<String> stacks = TelemetryTables.pinnedStackLines(cells);
            if (!stacks.isEmpty()) {
                body.append(Html.details("Pinned stacks (JFR jdk.VirtualThreadPinned)", stacks));
            }
            body.append("</section>\n");
        }
        body.append(environment(result.environment()));
        Environment env = result.environment();
        return Html.page("vbench report", ConsoleExporter.environmentLine(env) + " · " + env.startTime(), body.toString());
    }

    /** Bars of the compared metric: one group per row, one bar per executor. */
    static String bars(String workload, List<CellResult> cells, Metric metric) {
        List<String> executors = RunTables.executors(cells);
        Map<String, Map<String, CellResult>> rows = rows(cells, executors);
        List<String> categories = new ArrayList<>(rows.keySet());
        List<SvgChart.Series> series = new ArrayList<>();
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
            series.add(new SvgChart.Series(executor, null, ys, lows, highs));
        }
        SvgChart.Axis y = SvgChart.Axis.linear(metric.key() + " (" + metric.unit() + ")", 0, top <= 0 ? 1 : top * 1.05);
        return SvgChart.bars(workload + " — " + metric.key() + " by executor", categories, y, series);
    }

    /** One percentile chart per row (parameter values), a curve per executor. */
    private static void latencyFigures(StringBuilder body, String workload, List<CellResult> cells) {
        List<String> executors = RunTables.executors(cells);
        for (Map.Entry<String, Map<String, CellResult>> row : rows(cells, executors).entrySet()) {
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
            body.append(Html.figure(chart.svg(), "End-to-end latency (" + LatencyCurves.measuredFrom(cells)
                    + ") of every task, all measured trials merged;"
                    + " x: percentile on a log scale of 1/(1−p), as HdrHistogram plots it"
                    + (chart.logY() ? "; y on a log scale because the executors differ by more than "
                            + (int) LatencyCurves.LOG_Y_SPREAD + "x." : ".")));
        }
    }

    /** Throughput against concurrency, a line per executor (and per other swept value), when concurrency was swept. */
    private static void concurrencyFigures(StringBuilder body, String workload, List<CellResult> cells) {
        TreeSet<Integer> levels = new TreeSet<>();
        cells.forEach(c -> levels.add(c.config().concurrency()));
        if (levels.size() < 2 || levels.first() <= 0) {
            return;
        }
        List<CellDimension> others = CellDimension.varying(cells).stream()
                .filter(d -> !d.name().equals("concurrency")).toList();
        Map<String, List<CellResult>> lines = new LinkedHashMap<>();
        for (CellResult c : cells) {
            lines.computeIfAbsent(lineName(c.config(), others), k -> new ArrayList<>()).add(c);
        }
        List<SvgChart.Series> series = new ArrayList<>();
        double top = 0;
        for (Map.Entry<String, List<CellResult>> line : lines.entrySet()) {
            List<CellResult> points = new ArrayList<>(line.getValue());
            points.sort((a, b) -> Integer.compare(a.config().concurrency(), b.config().concurrency()));
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
            series.add(new SvgChart.Series(line.getKey(), xs, ys, lows, highs));
        }
        double lo = levels.first();
        double hi = levels.last();
        List<Double> ticks = levels.stream().map(Integer::doubleValue).toList();
        if (ticks.size() > 10) {
            ticks = ticks.stream().filter(v -> Math.log10(v) == Math.rint(Math.log10(v))).toList();
        }
        SvgChart.Axis x = hi / lo >= 10 ? SvgChart.Axis.log10("concurrency (tasks in flight, log scale)", lo, hi, ticks)
                : SvgChart.Axis.linear("concurrency (tasks in flight)", lo, hi);
        String svg = SvgChart.lines(workload + " — throughput by concurrency", x,
                SvgChart.Axis.linear("throughput (tasks/s)", 0, top <= 0 ? 1 : top * 1.05), series, true);
        body.append(Html.figure(svg, "Median throughput per concurrency level; whiskers: 95% CI of the median."));
    }

    /** Cells by row label (the parameter values, tasks and concurrency that vary), then by executor. */
    private static Map<String, Map<String, CellResult>> rows(List<CellResult> cells, List<String> executors) {
        List<CellDimension> dims = CellDimension.varying(cells.stream()
                .filter(c -> c.config().executor().spec().equals(executors.get(0))).toList());
        Map<String, Map<String, CellResult>> rows = new LinkedHashMap<>();
        for (CellResult c : cells) {
            List<String> parts = new ArrayList<>();
            dims.forEach(d -> parts.add(d.name() + "=" + d.value(c.config())));
            rows.computeIfAbsent(String.join(" ", parts), k -> new LinkedHashMap<>()).put(c.config().executor().spec(), c);
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

    private static String environment(Environment env) {
        Table.Builder b = new Table.Builder("").text("field").text("value");
        b.row(List.of("vbench", env.vbenchVersion()));
        b.row(List.of("JVM", env.javaVendor() + " " + env.javaVersion() + " (" + env.jvmName() + ")"));
        b.row(List.of("JVM arguments", String.join(" ", env.jvmArguments())));
        b.row(List.of("OS", env.osName() + " " + env.osVersion() + " " + env.osArch()));
        b.row(List.of("CPUs / max heap", env.availableProcessors() + " / " + (env.maxHeapBytes() >> 20) + " MiB"));
        b.row(List.of("host", env.hostName()));
        b.row(List.of("started", env.startTime()));
        b.row(List.of("command", env.commandLine()));
        return "<section class=\"env\">\n<h2>Environment</h2>\n" + Html.table(b.build()) + "</section>\n";
    }
}
