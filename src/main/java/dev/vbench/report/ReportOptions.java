package dev.vbench.report;

import dev.vbench.result.Metric;

/**
 * Choices that shape rendered tables.
 *
 * @param metric the metric compared across executors (null: the default, makespan)
 * @param verbose add detail columns and sample counts
 */
public record ReportOptions(Metric metric, boolean verbose) {

    public static final ReportOptions DEFAULT = new ReportOptions(null, false);

    public Metric metricOrDefault() {
        return metric == null ? Metric.MAKESPAN : metric;
    }
}
