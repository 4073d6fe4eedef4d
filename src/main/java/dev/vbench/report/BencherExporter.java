package dev.vbench.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Bencher Metric Format (BMF) JSON, for {@code bencher run --adapter json --file FILE}: benchmark → measure →
 * {@code value}, {@code lower_value}, {@code upper_value}. A benchmark is a cell (its label); its measures are
 * every metric the cell has (the metric's key: {@code throughput} is Bencher's own built-in measure, operations
 * per second; the others Bencher creates on first use), each the median of the trials with the 95% CI of the
 * median as its bounds (left out below 6 trials). Bencher's thresholds know each measure's direction.
 */
final class BencherExporter implements Exporter {

    BencherExporter(ReportOptions options) {
        // every metric is written; options do not change the document
    }

    /** One metric of one benchmark; the bounds are left out when unknown. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Value(double value, Double lower_value, Double upper_value) {}

    @Override
    public String render(RunResult result) {
        Map<String, Map<String, Value>> doc = new LinkedHashMap<>();
        for (CellResult cell : result.cells()) {
            Map<String, Value> measures = new LinkedHashMap<>();
            for (Metric m : Metric.values()) {
                MetricSummary s = cell.summary(m);
                if (s == null || !Double.isFinite(s.median())) {
                    continue;
                }
                boolean interval = Double.isFinite(s.ciLow()) && Double.isFinite(s.ciHigh());
                measures.put(m.key(), new Value(s.median(), interval ? s.ciLow() : null, interval ? s.ciHigh() : null));
            }
            if (!measures.isEmpty()) {
                doc.put(cell.config().label(), measures);
            }
        }
        try {
            return ResultCodec.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(doc) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise the Bencher Metric Format document", e);
        }
    }
}
