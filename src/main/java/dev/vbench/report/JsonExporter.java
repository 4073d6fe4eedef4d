package dev.vbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import java.util.List;

/**
 * The result document itself ({@code vbench-result/1}), followed by {@code "comparisons"}: the verdicts of each
 * table that compares columns, one {@link ComparisonJson} document per table, so that a script reads every row's
 * change, p, verdict and minimum detectable effect without running {@code compare}. The comparisons are derived:
 * {@code report}, {@code merge} and {@code history add} read the measurements and decide again.
 */
final class JsonExporter implements Exporter {

    private final ReportOptions options;

    JsonExporter(ReportOptions options) {
        this.options = options;
    }

    @Override
    public String render(RunResult result) {
        List<ComparisonJson.Document> comparisons = ReportDocument.comparing(result, options).comparisons().stream()
                .map(t -> ComparisonJson.document(t.comparison()))
                .toList();
        if (comparisons.isEmpty()) {
            return ResultCodec.toJson(result);
        }
        ObjectMapper mapper = ResultCodec.mapper();
        ObjectNode document = mapper.valueToTree(result);
        document.set("comparisons", mapper.valueToTree(comparisons));
        try {
            return mapper.writeValueAsString(document) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise the comparisons", e);
        }
    }
}
