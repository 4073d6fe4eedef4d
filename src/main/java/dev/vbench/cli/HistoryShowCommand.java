package dev.vbench.cli;

import dev.vbench.app.ExitCodes;
import dev.vbench.app.HistoryQueryUseCase;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code vbench history show SERIES}: one series over time. */
@Command(
        name = "show",
        sortOptions = false,
        description = {
            "One series over time: a table and a sparkline, or an HTML trend.",
            "",
            "One series over time: a table of every run (median, 95%% CI, JVM when it changes, exclusions)",
            "with change points marked between the rows, and a sparkline; --format html draws the trend (medians",
            "with CI whiskers, change-point markers, JVM-version annotations).",
            "",
            "Examples:",
            "  vbench history show 3",
            "  vbench history show 'io duration=100ms | virtual' --metric p99 --last 60",
            "  vbench history show 3 --format html -o trend.html"
        })
final class HistoryShowCommand extends HistoryVerb {

    /** Output formats of {@code show}. */
    enum ShowFormat {
        text,
        html
    }

    @Parameters(index = "0", paramLabel = "SERIES", description = "Series id (or a text of its configuration).")
    String series;

    @Option(
            names = "--metric",
            paramLabel = "METRIC",
            description = "Metric shown; default the one its runs' tables showed: makespan, throughput with --duration,"
                    + " p99 with --rate (JMH: its mode).")
    String metric;

    @Option(
            names = {"-f", "--format"},
            paramLabel = "FORMAT",
            defaultValue = "text",
            description = "text or html.")
    ShowFormat format;

    @Mixin
    OutputFileOption output;

    @Option(
            names = "--last",
            paramLabel = "N",
            description = "Only the newest N runs (change points are found over all).")
    Integer last;

    @Mixin
    HistoryAnalysisOptions analysis;

    @Override
    int execute() {
        output.checkWritable();
        output.write(
                out(),
                HistoryQueryUseCase.show(url, series, metric, format == ShowFormat.html, last, analysis.settings())
                        .text());
        return ExitCodes.OK;
    }
}
