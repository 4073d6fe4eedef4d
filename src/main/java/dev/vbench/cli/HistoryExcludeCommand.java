package dev.vbench.cli;

import dev.vbench.app.ExitCodes;
import dev.vbench.app.HistoryQueryUseCase;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code vbench history exclude RUN… --reason TEXT}: leaves runs out of analysis. */
@Command(
        name = "exclude",
        sortOptions = false,
        description = {
            "Leave runs out of analyze, check and the trend; they stay stored, marked.",
            "",
            "Example:",
            "  vbench history exclude 41 --reason 'backup job ran at the same time'"
        })
final class HistoryExcludeCommand extends HistoryVerb {

    @Parameters(arity = "1..*", paramLabel = "RUN", description = "Run ids from 'vbench history runs'.")
    List<Long> runs = new ArrayList<>();

    @Option(
            names = "--reason",
            paramLabel = "TEXT",
            required = true,
            description = "Why; stored and shown with the run.")
    String reason;

    @Override
    int execute() {
        HistoryQueryUseCase.exclude(url, runs, reason).forEach(out()::println);
        out().flush();
        return ExitCodes.OK;
    }
}
