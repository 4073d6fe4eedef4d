package dev.vbench.report;

import dev.vbench.result.RunResult;

/**
 * The report document ({@link ReportDocument}) as markdown for reports: per workload the executor
 * comparison in the source reports' layout (seed 000/004) when two or more executors ran, else the
 * detail table; the open-model and sweep tables with their verdicts; with {@code verbose} the
 * detail, telemetry and pinned stacks too. Same blocks as the console, other syntax.
 */
final class MarkdownExporter implements Exporter {

    private final ReportOptions options;

    MarkdownExporter(ReportOptions options) {
        this.options = options;
    }

    @Override
    public String render(RunResult result) {
        return ConsoleExporter.render(ReportDocument.of(result, options), true, options.verbose());
    }
}
