package dev.vbench.cli;

import dev.vbench.app.HistoryChecks;
import dev.vbench.app.Percentages;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code vbench history check}: the cron gate. */
@Command(name = "check", sortOptions = false,
        description = {"The gate for cron and CI: the newest run of each series against its history.", "",
            "The gate for cron and CI: the newest run of each series against the current segment of its",
            "history (the runs since the last change point or acknowledged change, at most 64): a Student-t",
            "prediction interval over their medians (Mann-Whitney over the trials against the previous run",
            "when fewer than 5), Holm-corrected across all series checked. Each series is checked on the metric",
            "its tables show (makespan for a task count, throughput for --duration, p99 for --rate; a JMH series",
            "its mode); --metric all checks every stored metric. Prints the rows that changed.",
            "With --fail-on-regression, exit 1 and list the regressions larger than the threshold.", "",
            "Examples:",
            "  vbench history check --fail-on-regression 5%%",
            "  vbench history check --metric all --testbed ci-runner-1 --verbose"})
final class HistoryCheckCommand extends HistoryVerb {

    @Option(names = "--fail-on-regression", paramLabel = "PERCENT",
            description = "Exit 1 when a significant regression is larger than PERCENT (e.g. 5%%).")
    String failOnRegression;

    @Option(names = "--noise", paramLabel = "PERCENT", defaultValue = "1%",
            description = "Noise band: smaller changes are within variance even when significant.")
    String noise;

    @Option(names = "--metric", paramLabel = "METRIC", description = "The metric to check (makespan, throughput, p99, alloc,"
            + " …; JMH: thrpt, avgt, …), or all for every stored metric; default: the one each series' tables show.")
    String metric;

    @Option(names = "--testbed", paramLabel = "NAME", description = "Only series of this machine.")
    String testbed;

    @Option(names = "--verbose", description = "Print every row, not only the changed ones.")
    boolean verbose;

    @Mixin
    HistoryAnalysisOptions analysis;

    @Override
    int execute() {
        double noiseBand = Percentages.parse("--noise", noise, "1%");
        Double threshold = failOnRegression == null ? null
                : Percentages.parse("--fail-on-regression", failOnRegression, "5%");
        HistoryChecks.Outcome outcome = HistoryChecks.check(new HistoryChecks.Request(url, metric, testbed, noiseBand,
                threshold, verbose, analysis.settings()));
        out().print(outcome.text());
        out().flush();
        outcome.gateLines().forEach(line -> err().println("vbench: " + line));
        err().flush();
        return outcome.exitCode();
    }
}
