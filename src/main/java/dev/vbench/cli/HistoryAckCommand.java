package dev.vbench.cli;

import dev.vbench.app.ExitCodes;
import dev.vbench.app.HistoryQueryUseCase;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code vbench history ack SERIES RUN --reason TEXT}: acknowledges a change. */
@Command(
        name = "ack",
        sortOptions = false,
        description = {
            "Acknowledge a change: analyze and show mark it, check starts its baseline there.",
            "",
            "Acknowledge the change that starts at RUN in SERIES (the run 'history analyze' names): analyze",
            "and show mark it, and check takes the runs from there on as the new baseline.",
            "",
            "Example:",
            "  vbench history ack 3 57 --metric makespan --reason 'JDK 25 update: expected'"
        })
final class HistoryAckCommand extends HistoryVerb {

    @Parameters(index = "0", paramLabel = "SERIES", description = "Series id (or a text of its configuration).")
    String series;

    @Parameters(index = "1", paramLabel = "RUN", description = "The first run after the change.")
    long run;

    @Option(
            names = "--metric",
            paramLabel = "METRIC",
            defaultValue = "*",
            description = "The metric whose change is acknowledged; default every metric.")
    String metric;

    @Option(names = "--reason", paramLabel = "TEXT", required = true, description = "Why the change is expected.")
    String reason;

    @Override
    int execute() {
        out().println(HistoryQueryUseCase.ack(url, series, run, metric, reason));
        out().flush();
        return ExitCodes.OK;
    }
}
