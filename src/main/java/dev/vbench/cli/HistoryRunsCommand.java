package dev.vbench.cli;

import dev.vbench.app.ExitCodes;
import dev.vbench.app.HistoryQueryUseCase;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code vbench history runs}: one line per stored run. */
@Command(
        name = "runs",
        sortOptions = false,
        description = {
            "List the stored runs, oldest first.",
            "",
            "One line per run: id, date (UTC), machine, branch, commit, cells, labels.",
            "",
            "Examples:",
            "  vbench history runs",
            "  vbench history runs --last 10 --testbed ci-runner-1"
        })
final class HistoryRunsCommand extends HistoryVerb {

    @Option(names = "--testbed", paramLabel = "NAME", description = "Only runs of this machine.")
    String testbed;

    @Option(names = "--last", paramLabel = "N", description = "Only the newest N runs.")
    Integer last;

    @Override
    int execute() {
        out().print(HistoryQueryUseCase.runs(url, testbed, last));
        out().flush();
        return ExitCodes.OK;
    }
}
