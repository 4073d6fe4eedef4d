package dev.vbench.report;

import dev.vbench.result.Metric;

/**
 * Choices that shape rendered tables.
 *
 * @param metric the metric compared across executors (null: the default, makespan)
 * @param verbose add detail columns and sample counts
 * @param sweepMetric the metric of the concurrency-sweep table (null: throughput)
 * @param slo the latency objective that picks the best concurrency of a sweep (null: none, the
 *     highest throughput wins)
 */
public record ReportOptions(Metric metric, boolean verbose, Metric sweepMetric, Slo slo) {

    public static final ReportOptions DEFAULT = new ReportOptions(null, false);

    public ReportOptions(Metric metric, boolean verbose) {
        this(metric, verbose, null, null);
    }

    public Metric metricOrDefault() {
        return metric == null ? Metric.MAKESPAN : metric;
    }

    public Metric sweepMetricOrDefault() {
        return sweepMetric == null ? Metric.THROUGHPUT : sweepMetric;
    }
}
