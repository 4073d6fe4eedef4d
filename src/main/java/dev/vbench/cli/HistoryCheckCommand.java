package dev.vbench.cli;

import dev.vbench.app.CheckFormat;
import dev.vbench.app.HistoryCheckUseCase;
import dev.vbench.app.Percentages;
import dev.vbench.config.Defaults;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code vbench history check}: the cron gate. */
@Command(
        name = "check",
        sortOptions = false,
        description = {
            "The gate for cron and CI: the newest run of each series against its history.",
            "",
            "The gate for cron and CI: the newest run of each series against the current segment of its",
            "history (the runs since the last change point or acknowledged change, at most 64): a Student-t",
            "prediction interval over their medians (Mann-Whitney over the trials against the previous run",
            "when fewer than 5), Holm-corrected across all series checked. Each series is checked on the metric",
            "its tables show (makespan for a task count, throughput for --duration, p99 for --rate; a JMH series",
            "its mode); --metric all checks every stored metric. Prints the rows that changed.",
            "With --fail-on-regression, exit 1 and list the regressions larger than the threshold.",
            "--baseline picks another baseline: the previous run, the median of the last N runs on the",
            "branch, or the runs of the merge-base of HEAD and a branch (the pull request's fork point).",
            "",
            "Examples:",
            "  vbench history check --fail-on-regression 5%%",
            "  vbench history check --metric all --testbed ci-runner-1 --verbose",
            "  vbench history check --baseline merge-base:origin/main \\",
            "      --fail-on-regression 5%% --ci github",
            "  vbench history check --baseline median:5 --format junit -o history.xml"
        })
final class HistoryCheckCommand extends HistoryVerb {

    @Option(
            names = "--fail-on-regression",
            paramLabel = "PERCENT",
            description = "Exit 1 when a significant regression is larger than PERCENT (e.g. 5%%).")
    String failOnRegression;

    @Option(
            names = "--noise",
            paramLabel = "PERCENT",
            defaultValue = Defaults.NOISE_PERCENT + "%",
            description = "Noise band: smaller changes are within variance even when significant.")
    String noise;

    @Option(
            names = "--metric",
            paramLabel = "METRIC",
            description =
                    "The metric to check (makespan, throughput, p99, alloc,"
                            + " …; JMH: thrpt, avgt, …), or all for every stored metric; default: the one each series' tables show.")
    String metric;

    @Option(names = "--testbed", paramLabel = "NAME", description = "Only series of this machine.")
    String testbed;

    @Option(names = "--verbose", description = "Print every row, not only the changed ones.")
    boolean verbose;

    @Option(
            names = "--baseline",
            paramLabel = "BASELINE",
            description =
                    "What the newest run is compared with: segment (the runs since the last change point; default),"
                            + " previous (the run before), median:N (the last N runs on its branch), merge-base[:BRANCH] (the"
                            + " runs of the merge-base of HEAD and BRANCH, by git in the working directory, against HEAD's run;"
                            + " without BRANCH: origin/HEAD, main or master).")
    String baseline;

    @Option(
            names = "--gates",
            paramLabel = "FILE",
            description =
                    "Per-benchmark gates: a vbench-gates.yaml or a suite file with 'gates:' (thresholds per series"
                            + " and metric that replace --fail-on-regression, series to ignore).")
    Path gates;

    @Option(
            names = {"-f", "--format"},
            paramLabel = "FORMAT",
            completionCandidates = EnumNames.CheckFormats.class,
            description =
                    "Output format: ${COMPLETION-CANDIDATES}. Default: by the -o extension (.md, .xml), else text.")
    CheckFormat format;

    @Mixin
    OutputFileOption output;

    @Mixin
    CiOptions ci;

    @Mixin
    HistoryAnalysisOptions analysis;

    @Override
    int execute() {
        double noiseBand = Percentages.parse("--noise", noise, "1%");
        Double threshold =
                failOnRegression == null ? null : Percentages.parse("--fail-on-regression", failOnRegression, "5%");
        output.checkWritable();
        CheckFormat chosen = format != null ? format : byExtension(output.fileName());
        HistoryCheckUseCase.Outcome outcome = HistoryCheckUseCase.check(new HistoryCheckUseCase.Request(
                url,
                metric,
                testbed,
                noiseBand,
                threshold,
                verbose,
                analysis.settings(),
                baseline,
                null,
                gates,
                chosen,
                ci.ci()));
        output.write(out(), outcome.text());
        boolean machineStdout = output.file() == null && chosen == CheckFormat.JUNIT;
        PrintWriter commands = machineStdout ? err() : out();
        commands.print(outcome.ci().stdout());
        commands.flush();
        outcome.ci().warnings().forEach(line -> err().println("vbench: warning: " + line));
        outcome.gateLines().forEach(line -> err().println("vbench: " + line));
        err().flush();
        return outcome.exitCode();
    }

    private static CheckFormat byExtension(String fileName) {
        if (fileName == null) {
            return CheckFormat.TEXT;
        }
        String lower = fileName.toLowerCase(Locale.ROOT);
        return lower.endsWith(".xml")
                ? CheckFormat.JUNIT
                : lower.endsWith(".md") || lower.endsWith(".markdown") ? CheckFormat.MARKDOWN : CheckFormat.TEXT;
    }
}
