package dev.vbench.cli;

import dev.vbench.app.ExitCodes;
import dev.vbench.app.HistoryQueryUseCase;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code vbench history series}: one line per series. */
@Command(
        name = "series",
        sortOptions = false,
        description = {
            "List the series: one per machine and cell configuration.",
            "",
            "List the series: one per machine and cell configuration (workload, parameters, executor,",
            "tasks, concurrency, load shape, JVM label and options), with their runs and first and last date.",
            "",
            "Examples:",
            "  vbench history series",
            "  vbench history series --testbed ci-runner-1"
        })
final class HistorySeriesCommand extends HistoryVerb {

    @Option(names = "--testbed", paramLabel = "NAME", description = "Only series of this machine.")
    String testbed;

    @Override
    int execute() {
        out().print(HistoryQueryUseCase.series(url, testbed));
        out().flush();
        return ExitCodes.OK;
    }
}
