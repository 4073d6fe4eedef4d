package dev.vbench.report;

import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import dev.vbench.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One row per cell: configuration, then median, CI low and CI high of every metric (RFC 4180
 * quoting, numbers in Locale.ROOT with full precision).
 */
final class CsvExporter implements Exporter {

    CsvExporter(ReportOptions options) {
        // options do not change CSV: every metric is always present
    }

    @Override
    public String render(RunResult result) {
        StringBuilder sb = new StringBuilder();
        List<String> header = new ArrayList<>(List.of("cell", "workload", "params", "executor", "tasks", "concurrency",
                "status", "trials", "failures"));
        for (Metric m : Metric.values()) {
            String unit = m.unit().replace(" ", "_").replace("/", "_per_");
            header.add(m.key() + "_" + unit + "_median");
            header.add(m.key() + "_" + unit + "_ci_low");
            header.add(m.key() + "_" + unit + "_ci_high");
        }
        line(sb, header);
        for (CellResult c : result.cells()) {
            List<String> row = new ArrayList<>();
            row.add(c.id());
            row.add(c.config().workload());
            row.add(c.config().params().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(";")));
            row.add(c.config().executor().spec());
            row.add(String.valueOf(c.config().tasks()));
            row.add(String.valueOf(c.config().concurrency()));
            row.add(c.status());
            row.add(String.valueOf(c.trials().size()));
            row.add(String.valueOf(c.failures()));
            for (Metric m : Metric.values()) {
                MetricSummary s = c.summary(m);
                row.add(s == null ? "" : num(s.median()));
                row.add(s == null ? "" : num(s.ciLow()));
                row.add(s == null ? "" : num(s.ciHigh()));
            }
            line(sb, row);
        }
        return sb.toString();
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "" : Double.toString(v);
    }

    private static void line(StringBuilder sb, List<String> cells) {
        sb.append(cells.stream().map(CsvExporter::quote).collect(Collectors.joining(","))).append("\r\n");
    }

    private static String quote(String s) {
        if (s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r")) {
            return "\"" + s.replace("\"", "\"\"") + "\"";
        }
        return s;
    }
}
