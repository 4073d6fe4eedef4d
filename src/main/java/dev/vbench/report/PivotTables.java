package dev.vbench.report;

import dev.vbench.compare.CellComparison;
import dev.vbench.compare.CellDimension;
import dev.vbench.compare.Layout;
import dev.vbench.config.Defaults;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import dev.vbench.text.Numbers;
import java.util.List;

/**
 * Suite tables: executors as columns in the layout a suite file names ({@link Layout}), in the
 * shape of the source report: {@code speedup} ({@code Files | Sequential | Virtual | Speedup},
 * seed 000; optionally an average-per-task column per executor, seed 004's "average: N ms"),
 * {@code chain} ({@code Threads | Vanilla | L1 | L4 | Vanilla → L1 | L1 → L4}, seed 001) or
 * {@code baseline} ({@code Benchmark | Mode | Units | a | b | a% | b%}, seed 002). The numbers and
 * verdicts come from {@link CellComparison}, the layout from {@link ComparisonTables}.
 */
public final class PivotTables {

    private PivotTables() {}

    /**
     * @param unit display unit; for time metrics its prefix before '/' (ns, us, ms, s) converts the
     *     value, for rates it is a label (req/s, maps/s); null = the metric's unit
     * @param perTask add an average-per-task column after each executor (median makespan / tasks)
     * @param jvmColumns the JVMs (and option sets) the cells ran on are the columns, and executors label
     *     the rows ({@code columns: jvm} in a suite table; seed 001's JDK builds, seed 002's original vs patched)
     * @param verbose add {@code (p=… n=…)} to every change ({@code run --verbose})
     * @return the table, or null when no cell measured {@code metric}
     */
    public static Table render(
            String title,
            List<CellResult> cells,
            Layout layout,
            Metric metric,
            String unit,
            boolean perTask,
            boolean jvmColumns,
            boolean verbose) {
        return render(
                title, cells, model(cells, layout, metric, unit, jvmColumns), layout, metric, unit, perTask, verbose);
    }

    /** The comparison behind {@link #render}, or null when no cell measured {@code metric}. */
    static CellComparison model(List<CellResult> cells, Layout layout, Metric metric, String unit, boolean jvmColumns) {
        return jvmColumns
                ? RunTables.compare(
                        cells, CellDimension.JVM, RunTables.rowsOfFirstJvm(cells), metric, unit, layout, Defaults.NOISE)
                : RunTables.compare(cells, RunTables.rowsOfFirstExecutor(cells), metric, unit, layout, Defaults.NOISE);
    }

    /** The table of {@code c} ({@link #model}), or null when {@code c} is null. */
    static Table render(
            String title,
            List<CellResult> cells,
            CellComparison c,
            Layout layout,
            Metric metric,
            String unit,
            boolean perTask,
            boolean verbose) {
        if (c == null) {
            return null;
        }
        String shownUnit = unit == null ? metric.unit() : unit;
        ComparisonTables.Style style = ComparisonTables.Style.run(verbose).capitalized();
        if (perTask) {
            style = style.withExtraColumn(
                    "avg/task", (row, column) -> perTaskValue(c.cells().get(row).get(column)));
        }
        Table.Builder b = ComparisonTables.builder(
                c.comparison().withTitle(layout == Layout.CHAIN ? title + " (" + shownUnit + ")" : title), style);
        RunTables.jvmFootnotes(b, cells);
        return b.build();
    }

    private static String perTaskValue(CellResult c) {
        MetricSummary s = c == null ? null : c.summary(Metric.MAKESPAN);
        if (s == null || c.config().tasks() == 0) {
            return "—";
        }
        return Numbers.fixed(s.median() / c.config().tasks(), 4) + " ms";
    }
}
