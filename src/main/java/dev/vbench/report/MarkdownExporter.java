package dev.vbench.report;

import dev.vbench.result.CellResult;
import dev.vbench.result.RunResult;
import java.util.List;
import java.util.Map;

/**
 * Markdown for reports: per workload, the executor comparison table when two or more executors
 * ran (seed 000/004 layout), else the detail table; with {@code verbose} both.
 */
final class MarkdownExporter implements Exporter {

    private final ReportOptions options;

    MarkdownExporter(ReportOptions options) {
        this.options = options;
    }

    @Override
    public String render(RunResult result) {
        StringBuilder sb = new StringBuilder();
        int warmup = result.settings().warmupTrials();
        for (Map.Entry<String, List<CellResult>> e : RunTables.byWorkload(result).entrySet()) {
            Table comparison = RunTables.comparison(e.getKey(), e.getValue(), options.metricOrDefault(), warmup, options.noise());
            if (sb.length() > 0) {
                sb.append('\n');
            }
            if (comparison == null || options.verbose()) {
                sb.append(MarkdownRenderer.render(RunTables.detail(e.getKey(), e.getValue(), warmup)));
            }
            if (comparison != null) {
                if (options.verbose()) {
                    sb.append('\n');
                }
                sb.append(MarkdownRenderer.render(comparison));
            }
            for (Table extra : LoadTables.extraTables(e.getKey(), e.getValue(), options, warmup)) {
                sb.append('\n').append(MarkdownRenderer.render(extra));
            }
            if (options.verbose()) {
                sb.append('\n').append(MarkdownRenderer.render(TelemetryTables.telemetry(e.getKey(), e.getValue())));
                List<String> stacks = TelemetryTables.pinnedStackLines(e.getValue());
                if (!stacks.isEmpty()) {
                    sb.append("\n```\n");
                    stacks.forEach(line -> sb.append(line).append('\n'));
                    sb.append("```\n");
                }
            }
        }
        sb.append("\n_").append(ConsoleExporter.environmentLine(result.environment())).append("_\n");
        return sb.toString();
    }
}
