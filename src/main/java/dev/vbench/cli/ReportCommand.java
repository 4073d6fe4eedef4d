package dev.vbench.cli;

import dev.vbench.app.ExitCodes;
import dev.vbench.app.ReportUseCase;
import dev.vbench.report.Format;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code vbench report}: renders a saved result file in any output format, without running anything. */
@Command(
        name = "report",
        sortOptions = false,
        showDefaultValues = true,
        description = {
            "Render a saved result as tables, HTML, .hgrm, CSV, JSON or dashboard JSON.",
            "",
            "FILE.json is what 'vbench run -o FILE.json' wrote; nothing is run again. Dashboards:",
            "github-action-benchmark's custom JSON and the Bencher Metric Format.",
            "",
            "Examples:",
            "  vbench report io.json",
            "  vbench report io.json --format html -o io.html",
            "  vbench report io.json --format hgrm --cell c2 -o virtual.hgrm",
            "  vbench report sweep.json --slo 'p99<20ms'",
            "  vbench report io.json --format github-action-benchmark -o bench.json",
            "  vbench report io.json --format bencher -o bmf.json"
        })
public final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Parameters(
            index = "0",
            paramLabel = "RESULT.json",
            description = "A result file written by 'vbench run -o FILE.json'.")
    Path input;

    @Mixin
    FormatOption format;

    @Mixin
    OutputFileOption output;

    @Mixin
    MetricOption metric;

    @Option(
            names = "--cell",
            paramLabel = "ID",
            description = "Only these cells (c1, c2 …; repeatable), e.g. one .hgrm per cell.")
    List<String> cells = new ArrayList<>();

    @Mixin
    SloOption slo;

    @Mixin
    VerboseOption verbosity;

    @Override
    public Integer call() {
        Format chosen = format.orByFileName(output.fileName(), Format.CONSOLE);
        output.checkWritable();
        ReportUseCase.Outcome outcome = ReportUseCase.render(
                new ReportUseCase.Request(input, chosen, metric.metric, cells, verbosity.verbose, slo.slo));
        output.write(spec.commandLine().getOut(), outcome.text());
        if (outcome.note() != null) {
            spec.commandLine().getErr().println("vbench: " + outcome.note());
            spec.commandLine().getErr().flush();
        }
        return ExitCodes.OK;
    }
}
