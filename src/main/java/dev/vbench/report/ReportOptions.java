package dev.vbench.report;

import dev.vbench.compare.Slo;
import dev.vbench.config.Defaults;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.TableDefaults;
import java.util.Collection;

/**
 * Choices that shape rendered tables.
 *
 * @param metric the metric compared across executors (null: the default of the cells' load shape,
 *     {@link TableDefaults})
 * @param verbose add detail columns and sample counts
 * @param sweepMetric the metric of the concurrency-sweep table (null: {@link TableDefaults#SWEEP_METRIC})
 * @param slo the latency objective that picks the best concurrency of a sweep (null: none, the
 *     highest throughput wins)
 * @param noise noise band of every comparison as a fraction (0.01 = 1%): smaller significant changes read {@code ~}
 *
 * <p>Whether the tables are a suite's is the result's to say ({@code RunResult.suite()}), not an option.
 */
public record ReportOptions(Metric metric, boolean verbose, Metric sweepMetric, Slo slo, double noise) {

    public static final ReportOptions DEFAULT = new ReportOptions(null, false);

    /** Options with the default noise band ({@link Defaults#NOISE}). */
    public ReportOptions(Metric metric, boolean verbose, Metric sweepMetric, Slo slo) {
        this(metric, verbose, sweepMetric, slo, Defaults.NOISE);
    }

    public ReportOptions(Metric metric, boolean verbose) {
        this(metric, verbose, null, null);
    }

    /** The metric of a table over {@code cells}: the one given, else their default ({@link TableDefaults}). */
    public Metric metricFor(Collection<CellResult> cells) {
        return metric != null ? metric : TableDefaults.metricOfCells(cells);
    }

    public Metric sweepMetricOrDefault() {
        return sweepMetric == null ? TableDefaults.SWEEP_METRIC : sweepMetric;
    }
}
