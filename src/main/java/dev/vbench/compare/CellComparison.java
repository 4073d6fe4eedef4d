package dev.vbench.compare;

import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.stats.Summaries;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The comparison model of {@code vbench compare} built from the cells of one run: the values of one
 * {@link CellDimension} (the executors) are the columns, the row dimensions label the rows, and every
 * change is decided by {@link Comparisons} exactly as between files (Mann-Whitney over trials, Holm
 * per table, noise band, geomean). Run tables, suite tables and sweep tables are all built from it.
 *
 * <pre>{@code
 * CellComparison c = CellComparison.of(cells, CellDimension.EXECUTOR, CellDimension.varying(cells),
 *         Metric.MAKESPAN, DisplayUnit.of(Metric.MAKESPAN, null), Layout.SPEEDUP, Defaults.NOISE);
 * }</pre>
 *
 * @param comparison rows, changes and verdicts; its columns are labelled with the column dimension's values
 * @param rowDimensions the names of the dimensions that label a row, in order (each row's key holds exactly these)
 * @param cells per row of the comparison, per column: the cell behind it, or null where there is none
 */
public record CellComparison(Comparison comparison, List<String> rowDimensions, List<List<CellResult>> cells) {

    public CellComparison {
        rowDimensions = List.copyOf(rowDimensions);
        cells = cells.stream()
                .map(r -> Collections.unmodifiableList(new ArrayList<>(r)))
                .toList();
    }

    /**
     * A display unit and the factor from the metric's unit to it.
     *
     * @param name the unit shown ({@code us/op}, {@code maps/s})
     * @param factor multiplies the metric's values (1 for rates and labels; 1000 from ms to us)
     */
    public record DisplayUnit(String name, double factor) {

        /**
         * @param shown for time metrics its prefix before '/' (ns, us, ms, s) converts the value; for
         *     rates it is a label (req/s, maps/s); null = the metric's own unit
         */
        public static DisplayUnit of(Metric metric, String shown) {
            String name = shown == null ? metric.unit() : shown;
            if (!"ms".equals(metric.unit())) {
                return new DisplayUnit(name, 1);
            }
            String prefix = name.contains("/") ? name.substring(0, name.indexOf('/')) : name;
            double factor = switch (prefix.trim()) {
                case "ns" -> 1e6;
                case "us", "µs" -> 1e3;
                case "s" -> 1e-3;
                default -> 1;
            };
            return new DisplayUnit(name, factor);
        }
    }

    /**
     * Builds the comparison of {@code cells} with the values of {@code columns} as columns.
     *
     * @param rows the dimensions that label a row; cells with equal values of these and of the column
     *     dimension are the same cell (the first one is kept)
     * @param unit display unit of the values (scaling does not change a rank test)
     * @param layout which columns are tested against which
     * @param noise noise band as a fraction
     */
    public static CellComparison of(
            List<CellResult> cells,
            CellDimension columns,
            List<CellDimension> rows,
            Metric metric,
            DisplayUnit unit,
            Layout layout,
            double noise) {
        List<String> labels = columns.values(cells);
        Map<List<Dim>, Map<String, CellResult>> byRow = new LinkedHashMap<>();
        for (CellResult c : cells) {
            List<Dim> key = rows.stream()
                    .map(d -> new Dim(d.name(), d.value(c.config()), false))
                    .toList();
            byRow.computeIfAbsent(key, k -> new HashMap<>()).putIfAbsent(columns.value(c.config()), c);
        }
        List<Dataset> datasets = new ArrayList<>();
        String mode = layout == Layout.BASELINE ? jmhMode(metric) : metric.key();
        for (String label : labels) {
            List<Series> series = new ArrayList<>();
            byRow.forEach((key, byColumn) -> {
                CellResult c = byColumn.get(label);
                if (c != null) { // with no values (every task failed) the row stays, showing —
                    series.add(new Series(
                            key,
                            mode,
                            unit.name(),
                            metric.higherIsBetter(),
                            scaled(metric, c, unit.factor()),
                            c.shedLoad()));
                }
            });
            datasets.add(new Dataset(label, label, "vbench", Map.of(), series, List.of()));
        }
        Comparison comparison = Comparisons.compute(datasets, CompareOptions.ofOneRun(layout, noise));
        List<List<CellResult>> cellsByRow = new ArrayList<>();
        for (Row row : comparison.rows()) {
            List<CellResult> perColumn = new ArrayList<>();
            labels.forEach(l -> perColumn.add(byRow.get(row.key()).get(l)));
            cellsByRow.add(perColumn);
        }
        return new CellComparison(
                comparison, rows.stream().map(CellDimension::name).toList(), cellsByRow);
    }

    /** JMH's name for what a metric measures, for the baseline layout's Mode column (seed 002 is a JMH report). */
    private static String jmhMode(Metric metric) {
        return switch (metric) {
            case THROUGHPUT -> "thrpt";
            case MEAN -> "avgt";
            case MAKESPAN -> "ss";
            default -> metric.key();
        };
    }

    /** The cell's per-trial values ({@link Summaries#values}) in the display unit. */
    private static double[] scaled(Metric metric, CellResult cell, double factor) {
        double[] values = Summaries.values(cell.trials(), metric);
        for (int i = 0; i < values.length; i++) {
            values[i] *= factor;
        }
        return values;
    }
}
