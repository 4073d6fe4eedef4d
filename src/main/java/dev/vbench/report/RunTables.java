package dev.vbench.report;

import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import dev.vbench.result.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Turns a run into tables, one group per workload:
 * <ul>
 *   <li>a detail table, one row per cell (makespan, throughput, latency percentiles, failures);
 *   <li>when the workload ran on two or more executors, a comparison table with the dimensions
 *       that vary as rows, executors as columns and a speedup column against the first executor
 *       (seed 000's {@code Files | Sequential | Virtual | Speedup}).
 * </ul>
 */
public final class RunTables {

    private RunTables() {}

    /** Cells grouped by workload, in run order. */
    public static Map<String, List<CellResult>> byWorkload(RunResult result) {
        Map<String, List<CellResult>> groups = new LinkedHashMap<>();
        for (CellResult c : result.cells()) {
            groups.computeIfAbsent(c.config().workload(), k -> new ArrayList<>()).add(c);
        }
        return groups;
    }

    /** Executor specs of {@code cells}, in first-appearance order. */
    public static List<String> executors(List<CellResult> cells) {
        Set<String> specs = new LinkedHashSet<>();
        cells.forEach(c -> specs.add(c.config().executor().spec()));
        return new ArrayList<>(specs);
    }

    /** The row dimensions that vary among {@code cells} (params, tasks, concurrency); never empty. */
    public static List<Dimension> rowDimensions(List<CellResult> cells) {
        List<Dimension> candidates = new ArrayList<>();
        Set<String> paramNames = new LinkedHashSet<>();
        cells.forEach(c -> paramNames.addAll(c.config().params().keySet()));
        for (String p : paramNames) {
            candidates.add(new Dimension(p, c -> c.params().getOrDefault(p, "")));
        }
        candidates.add(new Dimension("tasks", c -> String.valueOf(c.tasks())));
        candidates.add(new Dimension("concurrency", c -> c.concurrency() == 0 ? "unlimited" : String.valueOf(c.concurrency())));
        List<Dimension> varying = new ArrayList<>();
        for (Dimension d : candidates) {
            if (cells.stream().map(c -> d.value(c.config())).distinct().count() > 1) {
                varying.add(d);
            }
        }
        if (varying.isEmpty()) {
            varying.add(candidates.get(candidates.size() - 2)); // tasks
        }
        return varying;
    }

    /** A row dimension: a name and how to read it from a cell's configuration. */
    public record Dimension(String name, Function<CellConfig, String> reader) {
        public String value(CellConfig config) {
            return reader.apply(config);
        }
    }

    /** Detail table: one row per cell. */
    public static Table detail(String workload, List<CellResult> cells, int warmup) {
        List<Dimension> dims = rowDimensions(cells);
        Table.Builder b = new Table.Builder(title(workload, cells, warmup));
        dims.forEach(d -> b.text(d.name()));
        b.text("executor").number("makespan").number("±").number("throughput").number("mean").number("p50")
                .number("p90").number("p99").number("p99.9").number("max").number("failures");
        for (CellResult c : cells) {
            List<String> row = new ArrayList<>();
            dims.forEach(d -> row.add(d.value(c.config())));
            row.add(c.config().executor().spec());
            MetricSummary makespan = c.summary(Metric.MAKESPAN);
            row.add(median(makespan));
            row.add(makespan == null ? "" : Numbers.plusMinusPercent(makespan.ciRelative()));
            row.add(median(c.summary(Metric.THROUGHPUT)));
            for (Metric m : List.of(Metric.MEAN, Metric.P50, Metric.P90, Metric.P99, Metric.P999, Metric.MAX)) {
                row.add(median(c.summary(m)));
            }
            row.add(String.valueOf(c.failures()));
            b.row(row);
        }
        footnotes(b, cells);
        b.footnote("latency percentiles: end-to-end (submit → end) per task, median over trials; makespan ± is the 95% CI of the median");
        return b.build();
    }

    /** Comparison table (executors as columns) or null when fewer than two executors ran. */
    public static Table comparison(String workload, List<CellResult> cells, Metric metric, int warmup) {
        List<String> executors = executors(cells);
        if (executors.size() < 2) {
            return null;
        }
        List<Dimension> dims = rowDimensions(cells.stream()
                .filter(c -> c.config().executor().spec().equals(executors.get(0))).toList());
        Map<List<String>, Map<String, CellResult>> rows = new LinkedHashMap<>();
        for (CellResult c : cells) {
            List<String> key = dims.stream().map(d -> d.value(c.config())).toList();
            rows.computeIfAbsent(key, k -> new LinkedHashMap<>()).put(c.config().executor().spec(), c);
        }
        Table.Builder b = new Table.Builder(title(workload, cells, warmup) + " — " + metric.key() + " (" + metric.unit() + ")");
        dims.forEach(d -> b.text(d.name()));
        executors.forEach(b::number);
        for (int i = 1; i < executors.size(); i++) {
            b.number(executors.size() == 2 ? "Speedup" : "Speedup " + executors.get(i));
        }
        for (Map.Entry<List<String>, Map<String, CellResult>> row : rows.entrySet()) {
            List<String> cellsText = new ArrayList<>(row.getKey());
            for (String e : executors) {
                CellResult c = row.getValue().get(e);
                MetricSummary s = c == null ? null : c.summary(metric);
                cellsText.add(s == null ? "—" : Numbers.metric(s.median(), metric.unit()) + " " + Numbers.plusMinusPercent(s.ciRelative()));
            }
            CellResult base = row.getValue().get(executors.get(0));
            for (int i = 1; i < executors.size(); i++) {
                cellsText.add(speedup(base, row.getValue().get(executors.get(i)), metric));
            }
            b.row(cellsText);
        }
        b.footnote("Speedup: how many times better than " + executors.get(0) + " by median " + metric.key()
                + "; ± is the 95% CI of the median");
        footnotes(b, cells);
        return b.build();
    }

    static String speedup(CellResult base, CellResult other, Metric metric) {
        if (base == null || other == null || base.summary(metric) == null || other.summary(metric) == null) {
            return "—";
        }
        double a = base.summary(metric).median();
        double b = other.summary(metric).median();
        double ratio = metric.higherIsBetter() ? b / a : a / b;
        return Numbers.speedup(ratio);
    }

    private static void footnotes(Table.Builder b, List<CellResult> cells) {
        for (CellResult c : cells) {
            MetricSummary m = c.summary(Metric.MAKESPAN);
            if (m != null && m.n() < 6) {
                b.footnote("±∞: fewer than 6 trials give no 95% confidence interval for a median; use --trials 6 or more");
            }
            if (!CellResult.OK.equals(c.status())) {
                b.footnote(c.config().executor().spec() + ": cell " + c.status() + " after " + c.trials().size() + " trial(s)");
            }
            for (String note : c.notes()) {
                b.footnote(c.config().executor().spec() + ": " + note);
            }
        }
        TelemetryTables.pinningFootnotes(b, cells);
    }

    private static String median(MetricSummary s) {
        return s == null ? "—" : Numbers.metric(s.median(), s.unit());
    }

    private static String title(String workload, List<CellResult> cells, int warmup) {
        CellResult first = cells.get(0);
        int trials = first.trials().size();
        StringBuilder sb = new StringBuilder(workload);
        Map<String, String> fixedParams = new LinkedHashMap<>(first.config().params());
        for (CellResult c : cells) {
            fixedParams.entrySet().removeIf(e -> !e.getValue().equals(c.config().params().get(e.getKey())));
        }
        fixedParams.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        sb.append(" · ").append(trials).append(trials == 1 ? " trial" : " trials");
        if (warmup > 0) {
            sb.append(" + ").append(warmup).append(" warmup");
        }
        return sb.toString();
    }
}
