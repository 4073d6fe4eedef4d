package dev.vbench.report;

import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import dev.vbench.result.RunResult;
import dev.vbench.stats.Summaries;
import dev.vbench.text.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One row per cell: configuration, then median, CI low and CI high of every metric, then the load
 * shape and what an open-model cell shed (RFC 4180 quoting, numbers in Locale.ROOT with full
 * precision).
 */
final class CsvExporter implements Exporter {

    CsvExporter(ReportOptions options) {
        // options do not change CSV: every metric is always present
    }

    @Override
    public String render(RunResult result) {
        StringBuilder sb = new StringBuilder();
        List<String> header = new ArrayList<>(List.of(
                "cell", "workload", "params", "executor", "tasks", "concurrency", "status", "trials", "failures"));
        for (Metric m : Metric.values()) {
            String unit = m.unit().replace(" ", "_").replace("/", "_per_");
            header.add(m.key() + "_" + unit + "_median");
            header.add(m.key() + "_" + unit + "_ci_low");
            header.add(m.key() + "_" + unit + "_ci_high");
        }
        header.addAll(LOAD_COLUMNS);
        line(sb, header);
        for (CellResult c : result.cells()) {
            List<String> row = new ArrayList<>();
            row.add(c.id());
            row.add(c.config().workload());
            row.add(c.config().params().entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(";")));
            row.add(c.config().executor().spec());
            row.add(String.valueOf(c.config().tasks()));
            row.add(String.valueOf(c.config().concurrency()));
            row.add(c.status().key());
            row.add(String.valueOf(c.trials().size()));
            row.add(String.valueOf(c.failures()));
            for (Metric m : Metric.values()) {
                MetricSummary s = c.summary(m);
                row.add(s == null ? "" : num(s.median()));
                row.add(s == null ? "" : num(s.ciLow()));
                row.add(s == null ? "" : num(s.ciHigh()));
            }
            row.addAll(loadColumns(c));
            line(sb, row);
        }
        return sb.toString();
    }

    /** The load shape and what an open-model cell shed, after the metrics (0 / empty for closed cells). */
    private static final List<String> LOAD_COLUMNS = List.of(
            "duration_ns",
            "rate_per_s",
            "timeout_ns",
            "dropped",
            "timed_out",
            "achieved_rate_per_s_median",
            "uncorrected_p99_ms_median");

    private static List<String> loadColumns(CellResult c) {
        double[] achieved = c.trials().stream()
                .filter(t -> t.uncorrectedLatency() != null)
                .mapToDouble(t -> t.achievedRatePerSecond())
                .toArray();
        double[] uncorrectedP99 = c.trials().stream()
                .filter(t -> t.uncorrectedLatency() != null)
                .mapToDouble(t -> t.uncorrectedLatency().p99Nanos() / 1e6)
                .toArray();
        return List.of(
                String.valueOf(c.config().durationNanos()),
                num(c.config().ratePerSecond()),
                String.valueOf(c.config().timeoutNanos()),
                String.valueOf(c.trials().stream().mapToLong(t -> t.dropped()).sum()),
                String.valueOf(c.trials().stream().mapToLong(t -> t.timedOut()).sum()),
                achieved.length == 0
                        ? ""
                        : num(Summaries.summarize(achieved, "tasks/s").median()),
                uncorrectedP99.length == 0
                        ? ""
                        : num(Summaries.summarize(uncorrectedP99, "ms").median()));
    }

    private static String num(double v) {
        return Numbers.exact(v);
    }

    private static void line(StringBuilder sb, List<String> cells) {
        sb.append(cells.stream().map(CsvExporter::quote).collect(Collectors.joining(",")))
                .append("\r\n");
    }

    private static String quote(String s) {
        if (s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r")) {
            return "\"" + s.replace("\"", "\"\"") + "\"";
        }
        return s;
    }
}
