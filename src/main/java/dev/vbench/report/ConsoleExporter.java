package dev.vbench.report;

import dev.vbench.result.CellResult;
import dev.vbench.result.Environment;
import dev.vbench.result.RunResult;
import java.util.List;
import java.util.Map;

/** Human-readable summary for a terminal: environment line, then per workload detail and comparison tables. */
final class ConsoleExporter implements Exporter {

    private final ReportOptions options;

    ConsoleExporter(ReportOptions options) {
        this.options = options;
    }

    @Override
    public String render(RunResult result) {
        StringBuilder sb = new StringBuilder();
        sb.append(environmentLine(result.environment())).append("\n\n");
        int warmup = result.settings().warmupTrials();
        for (Map.Entry<String, List<CellResult>> e : RunTables.byWorkload(result).entrySet()) {
            sb.append(ConsoleRenderer.render(RunTables.detail(e.getKey(), e.getValue(), warmup))).append('\n');
            Table comparison = RunTables.comparison(e.getKey(), e.getValue(), options.metricOrDefault(), warmup, options.noise());
            if (comparison != null) {
                sb.append(ConsoleRenderer.render(comparison)).append('\n');
            }
            for (Table extra : LoadTables.extraTables(e.getKey(), e.getValue(), options, warmup)) {
                sb.append(ConsoleRenderer.render(extra)).append('\n');
            }
            if (options.verbose()) {
                sb.append(ConsoleRenderer.render(TelemetryTables.telemetry(e.getKey(), e.getValue()))).append('\n');
                List<String> stacks = TelemetryTables.pinnedStackLines(e.getValue());
                stacks.forEach(line -> sb.append(line).append('\n'));
                if (!stacks.isEmpty()) {
                    sb.append('\n');
                }
            }
        }
        return sb.toString();
    }

    static String environmentLine(Environment env) {
        return "vbench " + env.vbenchVersion() + " · " + env.javaVendor() + " " + env.javaVersion() + " · "
                + env.availableProcessors() + " CPUs · " + env.osName() + " " + env.osArch() + " · "
                + (env.maxHeapBytes() >> 20) + " MiB max heap";
    }
}
