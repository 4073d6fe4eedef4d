package dev.vbench.cli;

import dev.vbench.app.ExitCodes;
import dev.vbench.app.HistoryQueryUseCase;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code vbench history analyze [SERIES…]}: change points, one line each. */
@Command(
        name = "analyze",
        sortOptions = false,
        description = {
            "Find change points per series and metric.",
            "",
            "Find change points per series and metric: e-divisive means with a t-test as Apache Otava",
            "computes them (window 50, p 0.001), over the median of each run; excluded runs are left out.",
            "One line per change point: series, metric, the first run after it (date, run id, commit), the change",
            "of the mean in %%, better/worse, p, machine and configuration. Nothing else is printed per run; see",
            "'vbench history show' for a whole series.",
            "",
            "Examples:",
            "  vbench history analyze",
            "  vbench history analyze 3 --metric makespan --min-points-after 3",
            "  vbench history analyze -P 0.01 -M 2%%"
        })
final class HistoryAnalyzeCommand extends HistoryVerb {

    @Parameters(
            arity = "0..*",
            paramLabel = "SERIES",
            description = "Series ids (or texts of their configuration); default all.")
    List<String> refs = new ArrayList<>();

    @Option(
            names = "--metric",
            paramLabel = "METRIC",
            description = "Only this metric (makespan, throughput, p99, …; JMH: thrpt, avgt, …).")
    String metric;

    @Option(names = "--testbed", paramLabel = "NAME", description = "Only series of this machine.")
    String testbed;

    @Mixin
    HistoryAnalysisOptions analysis;

    @Override
    int execute() {
        HistoryQueryUseCase.Analyzed analyzed =
                HistoryQueryUseCase.analyze(url, refs, metric, testbed, analysis.settings());
        analyzed.lines().forEach(out()::println);
        out().flush();
        err().println("vbench: " + analyzed.found() + " change point(s) in " + analyzed.analysed()
                + " series × metric(s)");
        err().flush();
        return ExitCodes.OK;
    }
}
