package dev.vbench.cli;

import dev.vbench.app.CompareUseCase;
import dev.vbench.app.NoiseBands;
import dev.vbench.app.Percentages;
import dev.vbench.compare.Layout;
import dev.vbench.config.Defaults;
import dev.vbench.report.compare.CompareFormat;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code vbench compare A.json B.json [C.json …]}: matches cells across result files, tests every
 * change with a Mann-Whitney U test over the trials (Holm-corrected across rows), prints a table in
 * one of the seed layouts and, with {@code --fail-on-regression}, exits 1 when a row got
 * significantly worse by more than the threshold.
 */
@Command(
        name = "compare",
        sortOptions = false,
        showDefaultValues = true,
        description = {
            "Compare result files of vbench (-o FILE.json) or JMH (-rf json).",
            "",
            "Cells are matched by configuration (workload, parameters, executor, tasks,",
            "concurrency). Each change is tested with a two-sided Mann-Whitney U test over",
            "the trials, Holm-corrected across the rows, and called faster or slower only",
            "when it is significant and larger than the noise band; otherwise it is",
            "within variance.",
            "",
            "Examples:",
            "  vbench compare before.json after.json",
            "  vbench compare a.json b.json --match-ignore duration --verbose",
            "  vbench compare v1.json v2.json v3.json --layout chain --format markdown",
            "  vbench compare before.json after.json -o report.html   # tables and charts",
            "  vbench compare base.json new.json --fail-on-regression 5%%   # cron, CI",
            "  vbench compare base.json new.json --fail-on-regression 5%% --ci github \\",
            "      --comment-file comment.md",
            "  vbench compare base.json new.json --format junit -o benchmarks.xml"
        },
        footer = {
            "",
            "Exit codes: 0 no regression beyond --fail-on-regression or --gates (or no gate),",
            "1 a row regressed beyond it, 2 bad usage or input (unreadable file, nothing",
            "matches), 4 internal error."
        })
public final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Parameters(
            paramLabel = "FILE",
            arity = "0..*",
            showDefaultValue = Visibility.NEVER,
            description = "Result files: two or more, the first is the base.")
    List<Path> files = new ArrayList<>();

    @Option(
            names = "--layout",
            paramLabel = "LAYOUT",
            completionCandidates = EnumNames.Layouts.class,
            description =
                    "Table layout: change (Benchmark | a | b | Change), baseline (… | a%% | b%%, integer %% against"
                            + " the first file), chain (… | A → B | B → C), speedup (… | a | b | Speedup)."
                            + " Default: change for two files, baseline for more.")
    Layout layout;

    @Mixin
    MetricOption metric;

    @Option(
            names = {"--noise", "--noise-band"},
            paramLabel = "PERCENT|auto",
            defaultValue = Defaults.NOISE_PERCENT + "%",
            description = "Noise band: significant changes smaller than this read 'within variance'. auto: the floor"
                    + " 'vbench noise --history' measured on this testbed (with --history and --testbed).")
    String noise;

    @Option(
            names = "--history",
            paramLabel = "URL",
            description = "With --noise auto: the results history that holds the noise measurement (default:"
                    + " $VBENCH_HISTORY, else the local store).")
    String history;

    @Option(
            names = "--testbed",
            paramLabel = "NAME",
            description = "With --noise auto: the testbed whose noise to use (default: this machine's host name).")
    String testbed;

    @Option(
            names = "--match-ignore",
            paramLabel = "NAME",
            split = ",",
            showDefaultValue = Visibility.NEVER,
            description =
                    "Match cells that differ only in these parameters or fields (e.g. duration), comma-separated.")
    List<String> matchIgnore = new ArrayList<>();

    @Option(
            names = "--fail-on-regression",
            paramLabel = "PERCENT",
            description = "Exit 1 and list the rows that are significantly slower by more than PERCENT (e.g. 5%%);"
                    + " with three files or more, significant across every change the gate looks at (Holm).")
    String failOnRegression;

    @Option(
            names = "--gates",
            paramLabel = "FILE",
            description =
                    "Per-benchmark gates: a vbench-gates.yaml or a suite file with 'gates:' (thresholds per row and"
                            + " metric that replace --fail-on-regression, rows to ignore).")
    Path gates;

    @Mixin
    CiOptions ci;

    @Option(
            names = {"-f", "--format"},
            paramLabel = "FORMAT",
            completionCandidates = EnumNames.CompareFormats.class,
            description = "Output format: ${COMPLETION-CANDIDATES}. Default: by the -o extension, else text.")
    CompareFormat format;

    @Mixin
    OutputFileOption output;

    @Option(
            names = "--labels",
            paramLabel = "NAME",
            split = ",",
            showDefaultValue = Visibility.NEVER,
            description = "Column names, one per file (e.g. --labels Pre,Post). Default: the file names without .json.")
    List<String> labels = new ArrayList<>();

    @Mixin
    VerboseOption verbosity;

    @Override
    public Integer call() {
        NoiseBands.Band band = NoiseBands.resolve("--noise", noise, history, testbed, NoiseBands.hostName());
        double noiseBand = band.fraction();
        Double threshold =
                failOnRegression == null ? null : Percentages.parse("--fail-on-regression", failOnRegression, "5%");
        CompareFormat byExtension = output.fileName() == null ? null : CompareFormat.fromFileName(output.fileName());
        CompareFormat outputFormat = format != null ? format : byExtension != null ? byExtension : CompareFormat.TEXT;
        CompareUseCase.Outcome outcome = CompareUseCase.compare(new CompareUseCase.Request(
                files,
                labels,
                layout,
                metric.metric,
                noiseBand,
                new LinkedHashSet<>(matchIgnore),
                threshold,
                outputFormat,
                verbosity.verbose,
                output.file(),
                gates,
                ci.ci(),
                band.note()));
        output.write(spec.commandLine().getOut(), outcome.text());
        PrintWriter err = spec.commandLine().getErr();
        boolean machineStdout =
                output.file() == null && outputFormat != CompareFormat.TEXT && outputFormat != CompareFormat.MARKDOWN;
        PrintWriter commands = machineStdout ? err : spec.commandLine().getOut();
        commands.print(outcome.ci().stdout());
        commands.flush();
        outcome.ci().warnings().forEach(line -> err.println("vbench: warning: " + line));
        outcome.gateLines().forEach(line -> err.println("vbench: " + line));
        err.flush();
        return outcome.exitCode();
    }
}
