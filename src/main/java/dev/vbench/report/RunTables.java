package dev.vbench.report;

import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import dev.vbench.result.RunResult;
import dev.vbench.stats.Holm;
import dev.vbench.stats.MannWhitney;
import dev.vbench.stats.Summaries;
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
 *       (seed 000's {@code Files | Sequential | Virtual | Speedup}); a speedup is printed only when
 *       the two executors' trials differ significantly (two-sided Mann-Whitney, Holm-adjusted across the
 *       rows, p &lt; 0.05), else {@code ~}.
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
        candidates.add(new Dimension("rate", c -> c.openModel() ? CellConfig.formatRate(c.ratePerSecond()) : "closed"));
        candidates.add(new Dimension("tasks", c -> String.valueOf(c.tasks())));
        candidates.add(new Dimension("concurrency", c -> c.concurrency() == 0 ? "unlimited" : String.valueOf(c.concurrency())));
        List<Dimension> varying = new ArrayList<>();
        for (Dimension d : candidates) {
            if (cells.stream().map(c -> d.value(c.config())).distinct().count() > 1) {
                varying.add(d);
            }
        }
        varying.removeIf(d -> d.name().equals("tasks") && followsAnother(d, varying, cells));
        if (varying.isEmpty()) {
            boolean timed = cells.stream().allMatch(c -> c.config().tasks() == 0); // --duration: no task count
            varying.add(candidates.get(candidates.size() - (timed ? 1 : 2))); // tasks, else concurrency
        }
        return varying;
    }

    /**
     * Whether {@code d}'s value is a function of another varying dimension's value (the thumbnail
     * workload's default task count is its {@code files} parameter): such a column repeats information.
     */
    private static boolean followsAnother(Dimension d, List<Dimension> varying, List<CellResult> cells) {
        for (Dimension other : varying) {
            if (other == d) {
                continue;
            }
            java.util.Map<String, String> seen = new java.util.HashMap<>();
            boolean function = true;
            for (CellResult c : cells) {
                String previous = seen.putIfAbsent(other.value(c.config()), d.value(c.config()));
                if (previous != null && !previous.equals(d.value(c.config()))) {
                    function = false;
                    break;
                }
            }
            if (function) {
                return true;
            }
        }
        return false;
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
            row.add(c.config().executor().spec() + (LoadTables.shedLoad(c) ? " " + LoadTables.SHED_MARK : ""));
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
        List<double[]> adjusted = new ArrayList<>();
        for (int i = 1; i < executors.size(); i++) {
            adjusted.add(significance(rows.values(), executors.get(0), executors.get(i), metric));
        }
        boolean anyNotSignificant = false;
        int r = 0;
        for (Map.Entry<List<String>, Map<String, CellResult>> row : rows.entrySet()) {
            List<String> cellsText = new ArrayList<>(row.getKey());
            for (String e : executors) {
                CellResult c = row.getValue().get(e);
                MetricSummary s = c == null ? null : c.summary(metric);
                cellsText.add(s == null ? "—" : Numbers.metric(s.median(), metric.unit()) + " " + Numbers.plusMinusPercent(s.ciRelative()));
            }
            CellResult base = row.getValue().get(executors.get(0));
            for (int i = 1; i < executors.size(); i++) {
                String speedup = speedup(base, row.getValue().get(executors.get(i)), metric);
                boolean significant = adjusted.get(i - 1)[r] < MannWhitney.ALPHA;
                anyNotSignificant |= !significant && !speedup.equals("—");
                cellsText.add(significant || speedup.equals("—") ? speedup : "~");
            }
            b.row(cellsText);
            r++;
        }
        b.footnote("Speedup: how many times better than " + executors.get(0) + " by median " + metric.key()
                + ", shown when the trials differ significantly (two-sided Mann-Whitney, Holm-adjusted p < 0.05);"
                + " ± is the 95% CI of the median");
        if (anyNotSignificant) {
            b.footnote("~: no significant difference between the executors' trials (Holm-adjusted Mann-Whitney p ≥ 0.05);"
                    + " more trials (--trials) can resolve smaller differences");
        }
        footnotes(b, cells);
        return b.build();
    }

    /**
     * Holm-adjusted p-values (STATS.md rules 4 and 5) of the Mann-Whitney test between the trials
     * of executor {@code a} and executor {@code b}, one per row; NaN where a side is missing.
     */
    static double[] significance(java.util.Collection<Map<String, CellResult>> rows, String a, String b, Metric metric) {
        double[] p = new double[rows.size()];
        int i = 0;
        for (Map<String, CellResult> row : rows) {
            CellResult x = row.get(a);
            CellResult y = row.get(b);
            p[i++] = x == null || y == null ? Double.NaN
                    : MannWhitney.test(Summaries.values(x.trials(), metric), Summaries.values(y.trials(), metric)).p();
        }
        return Holm.adjust(p);
    }

    static String speedup(CellResult base, CellResult other, Metric metric) {
        if (base == null || other == null || base.summary(metric) == null || other.summary(metric) == null) {
            return "—";
        }
        if (LoadTables.shedLoad(base) || LoadTables.shedLoad(other)) {
            return "n/a " + LoadTables.SHED_MARK; // a strategy that shed load is never reported as faster
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
        LoadTables.openModelNote(b, cells);
        LoadTables.footnotes(b, cells);
        TelemetryTables.pinningFootnotes(b, cells);
    }

    private static String median(MetricSummary s) {
        return s == null ? "—" : Numbers.metric(s.median(), s.unit());
    }

    static String title(String workload, List<CellResult> cells, int warmup) {
        CellResult first = cells.get(0);
        int trials = first.trials().size();
        StringBuilder sb = new StringBuilder(workload);
        Map<String, String> fixedParams = new LinkedHashMap<>(first.config().params());
        for (CellResult c : cells) {
            fixedParams.entrySet().removeIf(e -> !e.getValue().equals(c.config().params().get(e.getKey())));
        }
        fixedParams.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        CellConfig load = first.config();
        if ((load.openModel() || load.durationNanos() > 0)
                && cells.stream().allMatch(c -> loadApartFromConcurrency(c.config()).equals(loadApartFromConcurrency(load)))) {
            sb.append(" · ").append(loadApartFromConcurrency(load));
        }
        sb.append(" · ").append(trials).append(trials == 1 ? " trial" : " trials");
        if (warmup > 0) {
            sb.append(" + ").append(warmup).append(" warmup");
        }
        return sb.toString();
    }

    /** The load shape as text without the concurrency (a column or sweep axis of its own). */
    static String loadApartFromConcurrency(CellConfig config) {
        return config.loadText().replaceAll(" ?concurrency=\\d+", "").strip();
    }
}
