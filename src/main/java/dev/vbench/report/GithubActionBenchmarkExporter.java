package dev.vbench.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import java.util.ArrayList;
import java.util.List;

/**
 * The custom JSON of github-action-benchmark ({@code tool: customSmallerIsBetter} or
 * {@code customBiggerIsBetter}): an array with one entry per cell, {@code name} (the cell's label and the
 * metric), {@code unit}, {@code value} (the median of the trials), {@code range} ({@code ± H}, H the larger
 * half of the 95% CI of the median, the form the action reads and rescales with the unit; left out below 6
 * trials) and {@code extra} (trials, the interval, the direction). The metric is the table's
 * ({@code --metric}, else the load shape's); its direction picks the tool ({@link #tool}): the JSON cannot
 * say it, the workflow's {@code tool:} does.
 */
final class GithubActionBenchmarkExporter implements Exporter {

    private final ReportOptions options;

    GithubActionBenchmarkExporter(ReportOptions options) {
        this.options = options;
    }

    /** One entry; {@code range} and {@code extra} are left out when empty. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Entry(String name, String unit, double value, String range, String extra) {}

    /** The github-action-benchmark tool that reads {@code metric} the right way round. */
    static String tool(Metric metric) {
        return metric.higherIsBetter() ? "customBiggerIsBetter" : "customSmallerIsBetter";
    }

    @Override
    public String render(RunResult result) {
        Metric metric = options.metricFor(result.cells());
        List<Entry> entries = new ArrayList<>();
        for (CellResult cell : result.cells()) {
            MetricSummary s = cell.summary(metric);
            if (s == null || !Double.isFinite(s.median())) {
                continue;
            }
            boolean interval = Double.isFinite(s.ciLow()) && Double.isFinite(s.ciHigh());
            String range = interval ? "± " + Math.max(s.median() - s.ciLow(), s.ciHigh() - s.median()) : null;
            String extra = "median of " + s.n() + " trials"
                    + (interval ? "; 95% CI of the median " + s.ciLow() + " to " + s.ciHigh() + " " + s.unit() : "")
                    + "\n" + (metric.higherIsBetter() ? "bigger" : "smaller") + " is better (tool: " + tool(metric)
                    + ")";
            entries.add(new Entry(cell.config().label() + " | " + metric.key(), s.unit(), s.median(), range, extra));
        }
        try {
            return ResultCodec.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(entries) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise the github-action-benchmark entries", e);
        }
    }
}
