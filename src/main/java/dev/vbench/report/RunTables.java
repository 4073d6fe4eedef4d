package dev.vbench.report;

import dev.vbench.compare.CellComparison;
import dev.vbench.compare.CellComparison.DisplayUnit;
import dev.vbench.compare.CellDimension;
import dev.vbench.compare.Layout;
import dev.vbench.compare.Notes;
import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.JvmInfo;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import dev.vbench.result.RunResult;
import dev.vbench.text.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a run into tables, one group per workload:
 * <ul>
 *   <li>a detail table, one row per cell (makespan, throughput, latency percentiles, failures);
 *   <li>when the workload ran on two or more executors, a comparison table with the dimensions
 *       that vary as rows, executors as columns and a speedup column against the first executor
 *       (seed 000's {@code Files | Sequential | Virtual | Speedup}), built from the comparison model
 *       of {@code vbench compare} ({@link CellComparison}) and laid out by {@link ComparisonTables}.
 * </ul>
 */
public final class RunTables {

    private RunTables() {}

    /** Cells grouped by workload, in run order. */
    public static Map<String, List<CellResult>> byWorkload(RunResult result) {
        Map<String, List<CellResult>> groups = new LinkedHashMap<>();
        for (CellResult c : result.cells()) {
            groups.computeIfAbsent(c.config().workload(), k -> new ArrayList<>())
                    .add(c);
        }
        return groups;
    }

    /** Executor specs of {@code cells}, in first-appearance order. */
    public static List<String> executors(List<CellResult> cells) {
        return CellDimension.EXECUTOR.values(cells);
    }

    /** The row dimensions of a table with executors as columns: those that vary among the first executor's cells. */
    static List<CellDimension> rowsOfFirstExecutor(List<CellResult> cells) {
        String first = executors(cells).get(0);
        return CellDimension.varying(cells.stream()
                .filter(c -> c.config().executor().spec().equals(first))
                .toList());
    }

    /**
     * The comparison of {@code cells} with executors as columns, or null when no cell measured the
     * metric (nothing to compare).
     */
    static CellComparison compare(
            List<CellResult> cells, List<CellDimension> rows, Metric metric, String unit, Layout layout, double noise) {
        return compare(cells, CellDimension.EXECUTOR, rows, metric, unit, layout, noise);
    }

    /** The comparison of {@code cells} with the values of {@code columns} as columns, or null when no cell measured the metric. */
    static CellComparison compare(
            List<CellResult> cells,
            CellDimension columns,
            List<CellDimension> rows,
            Metric metric,
            String unit,
            Layout layout,
            double noise) {
        if (cells.stream().noneMatch(c -> c.summary(metric) != null)) {
            return null;
        }
        return CellComparison.of(cells, columns, rows, metric, DisplayUnit.of(metric, unit), layout, noise);
    }

    /** Whether {@code cells} ran on two or more JVMs (or option sets): their tables then have JVMs as columns. */
    public static boolean jvmAxis(List<CellResult> cells) {
        return CellDimension.JVM.values(cells).stream()
                        .filter(v -> !v.isEmpty())
                        .count()
                >= 2;
    }

    /** Whether {@code cells} ran two or more builds ({@code --build}) or A/A sides: their tables then have them as columns. */
    public static boolean buildAxis(List<CellResult> cells) {
        return CellDimension.BUILD.values(cells).stream()
                        .filter(v -> !v.isEmpty())
                        .count()
                >= 2;
    }

    /**
     * The row dimensions of a table with builds as columns: those that vary among the first build's cells
     * (the JVM among them), then the executor when there are several.
     */
    static List<CellDimension> rowsOfFirstBuild(List<CellResult> cells) {
        String first = CellDimension.BUILD.values(cells).get(0);
        List<CellResult> ofFirst = cells.stream()
                .filter(c -> CellDimension.BUILD.value(c.config()).equals(first))
                .toList();
        List<CellDimension> rows = new ArrayList<>(CellDimension.varying(ofFirst));
        if (executors(cells).size() > 1) {
            if (rows.size() == 1 && rows.get(0).values(ofFirst).size() == 1) {
                rows.clear(); // the task count would label every row alike
            }
            rows.add(CellDimension.EXECUTOR);
        }
        return rows;
    }

    /**
     * The row dimensions of a table with JVMs as columns: those that vary among the first JVM's cells,
     * then the executor when there are several.
     */
    static List<CellDimension> rowsOfFirstJvm(List<CellResult> cells) {
        String first = CellDimension.JVM.values(cells).get(0);
        List<CellResult> ofFirst = cells.stream()
                .filter(c -> CellDimension.JVM.value(c.config()).equals(first))
                .toList();
        List<CellDimension> rows = new ArrayList<>(CellDimension.varying(ofFirst));
        if (executors(cells).size() > 1) {
            boolean nothingVaries =
                    rows.size() == 1 && rows.get(0).values(ofFirst).size() == 1;
            if (nothingVaries) {
                rows.clear(); // the task count would label every row alike
            }
            rows.add(CellDimension.EXECUTOR);
        }
        return rows;
    }

    /** Detail table: one row per cell. */
    public static Table detail(String workload, List<CellResult> cells, int warmup) {
        List<CellDimension> dims = CellDimension.varying(cells);
        Table.Builder b = new Table.Builder(title(workload, cells, warmup));
        dims.forEach(d -> b.text(d.name()));
        boolean perOperation = cells.stream().anyMatch(c -> c.config().operationsPerTask() > 1);
        b.text("executor").number("makespan").number("±").number("throughput");
        if (perOperation) {
            b.number("time/op");
        }
        b.number("mean")
                .number("p50")
                .number("p90")
                .number("p99")
                .number("p99.9")
                .number("max")
                .number("failures");
        for (CellResult c : cells) {
            List<String> row = new ArrayList<>();
            dims.forEach(d -> row.add(d.value(c.config())));
            row.add(c.config().executor().spec()
                    + (c.shedLoad() ? " " + LoadTables.SHED_MARK : "")
                    + (c.nearHarnessFloor() ? " " + FLOOR_MARK : ""));
            MetricSummary makespan = c.summary(Metric.MAKESPAN);
            row.add(median(makespan));
            row.add(makespan == null ? "" : Numbers.plusMinusPercent(makespan.ciRelative()));
            MetricSummary throughput = c.summary(Metric.THROUGHPUT);
            long ops = c.config().operationsPerTask();
            row.add(
                    throughput == null
                            ? "—"
                            : ops > 1 ? Numbers.rate(throughput.median() * ops, "ops/s") : median(throughput));
            if (perOperation) {
                row.add(Double.isNaN(c.nanosPerOperation()) ? "—" : Numbers.nanos(c.nanosPerOperation()));
            }
            for (Metric m : List.of(Metric.MEAN, Metric.P50, Metric.P90, Metric.P99, Metric.P999, Metric.MAX)) {
                MetricSummary s = c.summary(m);
                row.add(s == null ? "—" : Numbers.latency(s.median())); // in ms; sub-ms tasks in us or ns
            }
            row.add(String.valueOf(c.failures()));
            b.row(row);
        }
        footnotes(b, cells);
        b.footnote(
                "latency percentiles: end-to-end (submit → end) per task, median over trials; makespan ± is the 95% CI of the median");
        return b.build();
    }

    /**
     * Comparison table: JVMs as columns with chained changes ({@code A | B | C | A → B | B → C}, seed
     * 001) when the cells ran on two or more JVMs, else executors as columns with a speedup; null when
     * there is nothing to compare.
     */
    public static Table comparison(
            String workload, List<CellResult> cells, Metric metric, int warmup, double noise, boolean verbose) {
        return comparison(workload, cells, comparisonModel(cells, metric, noise), metric, warmup, verbose);
    }

    /**
     * The model behind {@link #comparison}: builds as columns when the cells ran two or more builds (the
     * change layout for two, {@code old → new} with its verdict word; chain for more), else JVMs as columns
     * (chain layout) when they ran on two or more JVMs, else executors as columns (speedup layout); null when
     * there is nothing to compare.
     */
    public static CellComparison comparisonModel(List<CellResult> cells, Metric metric, double noise) {
        if (buildAxis(cells)) {
            int builds = CellDimension.BUILD.values(cells).size();
            return compare(
                    cells,
                    CellDimension.BUILD,
                    rowsOfFirstBuild(cells),
                    metric,
                    null,
                    builds == 2 ? Layout.CHANGE : Layout.CHAIN,
                    noise);
        }
        boolean jvms = jvmAxis(cells);
        if (!jvms && executors(cells).size() < 2) {
            return null;
        }
        return jvms
                ? compare(cells, CellDimension.JVM, rowsOfFirstJvm(cells), metric, null, Layout.CHAIN, noise)
                : compare(cells, rowsOfFirstExecutor(cells), metric, null, Layout.SPEEDUP, noise);
    }

    /** The comparison table of {@code c} ({@link #comparisonModel}), or null when {@code c} is null. */
    static Table comparison(
            String workload, List<CellResult> cells, CellComparison c, Metric metric, int warmup, boolean verbose) {
        if (c == null) {
            return null;
        }
        String by = buildAxis(cells) ? " by build" : jvmAxis(cells) ? " by JVM" : "";
        Table.Builder b = ComparisonTables.builder(
                c.comparison()
                        .withTitle(title(workload, cells, warmup) + " — " + metric.key() + " (" + metric.unit() + ")"
                                + by),
                ComparisonTables.Style.run(verbose));
        footnotes(b, cells);
        return b.build();
    }

    /** Marks a cell whose time per task is within {@link CellResult#FLOOR_FACTOR}× vbench's own cost per task. */
    public static final String FLOOR_MARK = "‡";

    /** The footnotes of {@code --batch} and {@code @OperationsPerInvocation}, and of cells at the harness floor. */
    private static void perOperationFootnotes(Table.Builder b, List<CellResult> cells) {
        for (CellResult c : cells) {
            long ops = c.config().operationsPerTask();
            if (ops > 1) {
                int batch = Math.max(1, c.config().batch());
                int perCall = Math.max(1, c.config().operationsPerCall());
                b.footnote(who(c) + ": one task = " + (batch > 1 ? batch + " calls (--batch)" : "one call")
                        + (perCall > 1 ? " × " + perCall + " operations per call (@OperationsPerInvocation)" : "")
                        + ": throughput (ops/s) and time/op are per operation; latency percentiles are per task"
                        + (batch > 1 ? ", i.e. per batch of " + batch + " calls" : ""));
            }
            if (c.nearHarnessFloor()) {
                b.footnote(FLOOR_MARK + " " + row(c, cells) + ": " + Numbers.nanos(c.taskCostNanos())
                        + " per task is within "
                        + CellResult.FLOOR_FACTOR + "x vbench's own cost per task on this executor ("
                        + Numbers.nanos(c.harnessFloorNanos())
                        + ", an empty task's, measured in this run): most of the figure is the harness, not the operation;"
                        + " --batch N (N calls per task, as JMH's measurement loop) amortizes it");
            }
        }
    }

    private static void footnotes(Table.Builder b, List<CellResult> cells) {
        perOperationFootnotes(b, cells);
        for (CellResult c : cells) {
            MetricSummary m = c.summary(Metric.MAKESPAN);
            if (m != null && m.n() < 6) {
                b.footnote(Notes.NO_CONFIDENCE_INTERVAL);
            }
            if (c.status() != CellStatus.OK) {
                b.footnote(
                        who(c) + ": cell " + c.status() + " after " + c.trials().size() + " trial(s)");
            }
            for (String note : c.notes()) {
                b.footnote(who(c) + ": " + note);
            }
        }
        jvmFootnotes(b, cells);
        LoadTables.openModelNote(b, cells);
        LoadTables.footnotes(b, cells);
        TelemetryTables.pinningFootnotes(b, cells);
    }

    /** The executor of a cell, and its JVM when the run had JVMs as an axis. */
    public static String who(CellResult c) {
        return c.config().executor().spec()
                + (c.config().jvm() == null ? "" : " on " + c.config().jvm());
    }

    /**
     * The row of {@code c} among {@code cells}, for a footnote about one cell: {@link #who}, then the values
     * that tell its row from the others' ({@code virtual (duration=10ms)}).
     */
    public static String row(CellResult c, List<CellResult> cells) {
        List<String> values = new ArrayList<>();
        for (CellDimension d : CellDimension.varying(cells)) {
            if (d != CellDimension.JVM && d.values(cells).size() > 1) {
                values.add(d.name() + "=" + d.value(c.config()));
            }
        }
        return who(c) + (values.isEmpty() ? "" : " (" + String.join(", ", values) + ")");
    }

    /**
     * One footnote per JVM of the cells, as probed before the run: {@code j21: Eclipse Adoptium
     * 21.0.8 (OpenJDK 64-Bit Server VM 21.0.8+9-LTS), G1, 2 CPUs, 1820 MiB max heap, options …}.
     */
    static void jvmFootnotes(Table.Builder b, List<CellResult> cells) {
        Map<String, JvmInfo> seen = new LinkedHashMap<>();
        cells.stream()
                .filter(c -> c.jvm() != null)
                .forEach(c -> seen.putIfAbsent(c.jvm().label(), c.jvm()));
        seen.values().forEach(j -> b.footnote(jvmText(j)));
    }

    /** What a JVM footnote says about one JVM. */
    public static String jvmText(JvmInfo j) {
        return j.label() + ": " + j.vendor() + " " + j.version() + " (" + j.vmName() + " " + j.vmVersion() + "), "
                + j.gc() + ", " + j.availableProcessors() + " CPUs, " + Numbers.bytes(j.maxHeapBytes()) + " max heap"
                + (j.options().isEmpty() ? "" : ", options " + String.join(" ", j.options()));
    }

    private static String median(MetricSummary s) {
        return s == null ? "—" : Numbers.metric(s.median(), s.unit());
    }

    static String title(String workload, List<CellResult> cells, int warmup) {
        CellResult first = cells.get(0);
        int trials = cells.stream().mapToInt(c -> c.trials().size()).max().orElse(0); // a failed first cell has none
        StringBuilder sb = new StringBuilder(workload);
        Map<String, String> fixedParams = new LinkedHashMap<>(first.config().params());
        for (CellResult c : cells) {
            fixedParams
                    .entrySet()
                    .removeIf(e -> !e.getValue().equals(c.config().params().get(e.getKey())));
        }
        fixedParams.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        CellConfig load = first.config();
        if ((load.openModel() || load.durationNanos() > 0)
                && cells.stream()
                        .allMatch(c -> loadApartFromConcurrency(c.config()).equals(loadApartFromConcurrency(load)))) {
            sb.append(" · ").append(loadApartFromConcurrency(load));
        }
        List<String> jvms = CellDimension.JVM.values(cells);
        if (jvms.size() == 1 && !jvms.get(0).isEmpty()) {
            sb.append(" · on ").append(jvms.get(0));
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
