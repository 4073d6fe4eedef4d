package dev.vbench.cli;

import dev.vbench.compare.Change;
import dev.vbench.compare.CompareOptions;
import dev.vbench.compare.Comparison;
import dev.vbench.compare.Comparison.Regression;
import dev.vbench.compare.Comparisons;
import dev.vbench.compare.Dataset;
import dev.vbench.compare.Inputs;
import dev.vbench.compare.JmhView;
import dev.vbench.compare.Latencies;
import dev.vbench.compare.Layout;
import dev.vbench.diagnose.ComparedPair;
import dev.vbench.diagnose.ComparedPairs;
import dev.vbench.text.Numbers;
import dev.vbench.report.compare.CompareFormat;
import dev.vbench.result.Metric;
import dev.vbench.result.ResultFormatException;
import dev.vbench.result.RunResult;
import dev.vbench.stats.MannWhitney;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
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
@Command(name = "compare", sortOptions = false, showDefaultValues = true,
        description = {"Compare result files: vbench results (-o FILE.json) or JMH results (-rf json).", "",
            "Cells are matched by configuration (workload, parameters, executor, tasks,",
            "concurrency). Each change is tested with a two-sided Mann-Whitney U test over",
            "the trials, Holm-corrected across the rows, and called faster or slower only",
            "when it is significant and larger than the noise band; otherwise it is",
            "within variance.", "",
            "Examples:",
            "  vbench compare before.json after.json",
            "  vbench compare a.json b.json --match-ignore duration --verbose",
            "  vbench compare v1.json v2.json v3.json --layout chain --format markdown",
            "  vbench compare before.json after.json -o report.html   # tables and charts",
            "  vbench compare base.json new.json --fail-on-regression 5%%   # cron, CI"},
        footer = {"", "Exit codes: 0 no regression beyond --fail-on-regression (or no gate),",
            "1 a row regressed beyond it, 2 bad usage or input (unreadable file, nothing",
            "matches), 4 internal error."})
public final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Parameters(paramLabel = "FILE", arity = "0..*", showDefaultValue = Visibility.NEVER,
            description = "Result files: two or more, the first is the base.")
    List<Path> files = new ArrayList<>();

    @Option(names = "--layout", paramLabel = "LAYOUT", completionCandidates = EnumNames.Layouts.class,
            description = "Table layout: change (Benchmark | a | b | Change), baseline (… | a%% | b%%, integer %% against"
                    + " the first file), chain (… | A → B | B → C), speedup (… | a | b | Speedup)."
                    + " Default: change for two files, baseline for more.")
    Layout layout;

    @Mixin
    MetricOption metric;

    @Option(names = "--noise", paramLabel = "PERCENT", defaultValue = "1%",
            description = "Noise band: significant changes smaller than this read 'within variance'.")
    String noise;

    @Option(names = "--match-ignore", paramLabel = "NAME", split = ",", showDefaultValue = Visibility.NEVER,
            description = "Match cells that differ only in these parameters or fields (e.g. duration), comma-separated.")
    List<String> matchIgnore = new ArrayList<>();

    @Option(names = "--fail-on-regression", paramLabel = "PERCENT",
            description = "Exit 1 and list the rows that are significantly slower by more than PERCENT (e.g. 5%%).")
    String failOnRegression;

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", completionCandidates = EnumNames.CompareFormats.class,
            description = "Output format: ${COMPLETION-CANDIDATES}. Default: by the -o extension, else text.")
    CompareFormat format;

    @Mixin
    OutputFileOption output;

    @Option(names = "--labels", paramLabel = "NAME", split = ",", showDefaultValue = Visibility.NEVER,
            description = "Column names, one per file (e.g. --labels Pre,Post). Default: the file names without .json.")
    List<String> labels = new ArrayList<>();

    @Mixin
    VerboseOption verbosity;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        double noiseBand = Percentages.parse("--noise", noise, "1%");
        Double threshold = failOnRegression == null ? null : Percentages.parse("--fail-on-regression", failOnRegression, "5%");
        Metric m = metric.metric;
        CompareFormat byExtension = output.fileName() == null ? null : CompareFormat.fromFileName(output.fileName());
        CompareFormat outputFormat = format != null ? format : byExtension != null ? byExtension : CompareFormat.TEXT;
        if (files.size() == 1) {
            return compareJvms(out, err, m, outputFormat, noiseBand, threshold);
        }
        if (files.size() < 2) {
            throw new UsageException("compare needs two or more result files, or one run with several JVMs (--jvm)"
                    + " (got " + files.size() + "); e.g. vbench compare before.json after.json");
        }
        List<String> names = columnLabels();
        output.checkWritable();
        List<Dataset> inputs = new ArrayList<>();
        List<RunResult> runs = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            Inputs.Input input = Inputs.read(files.get(i), names.get(i), m);
            Dataset d = input.dataset();
            runs.add(input.run());
            if (m != null && d.kind().equals("jmh")) {
                throw new UsageException(files.get(i) + " is a JMH result, which has one metric (its primary score);"
                        + " drop --metric " + m.cliName());
            }
            inputs.add(d);
        }
        if (inputs.stream().anyMatch(d -> d.kind().equals("jmh"))) {
            asJmh(inputs, runs, names);
        }
        Layout chosen = parseLayout(inputs.size());
        return compareAndWrite(out, err, inputs, runs, chosen, outputFormat, noiseBand, threshold);
    }

    /**
     * Beside a JMH result, each vbench result is seen as JMH sees its benchmarks ({@link JmhView}): its
     * {@code CLASS::METHOD} cells keyed like JMH's entries, one column per executor and concurrency.
     */
    private void asJmh(List<Dataset> inputs, List<RunResult> runs, List<String> names) {
        List<Dataset> jmh = inputs.stream().filter(d -> d.kind().equals("jmh")).toList();
        List<Dataset> seen = new ArrayList<>();
        List<RunResult> seenRuns = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            RunResult run = runs.get(i);
            if (run == null) {
                seen.add(inputs.get(i));
                seenRuns.add(null);
                continue;
            }
            List<Dataset> columns = JmhView.of(run, names.get(i), files.get(i).toString(), jmh);
            if (columns.isEmpty()) {
                columns = List.of(inputs.get(i)); // no JMH benchmark in it: compared as it is ("no cells match")
            }
            for (Dataset c : columns) {
                seen.add(c);
                seenRuns.add(run);
            }
        }
        inputs.clear();
        inputs.addAll(seen);
        runs.clear();
        runs.addAll(seenRuns);
    }

    private int compareAndWrite(PrintWriter out, PrintWriter err, List<Dataset> inputs, List<RunResult> runs,
            Layout chosen, CompareFormat outputFormat, double noiseBand, Double threshold) {
        Comparison comparison;
        try {
            comparison = Comparisons.compute(inputs, new CompareOptions(chosen, noiseBand, MannWhitney.ALPHA,
                    new LinkedHashSet<>(matchIgnore)));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
        Latencies latencies = outputFormat == CompareFormat.HTML ? latencies(comparison, runs) : Latencies.NONE;
        output.write(out, outputFormat.render(comparison, verbosity.verbose, latencies, pairs(comparison, runs)));
        return gate(err, comparison, threshold);
    }

    /** One result file of a run with JVMs as an axis: its JVMs are the columns, as files would be. */
    private int compareJvms(PrintWriter out, PrintWriter err, Metric m, CompareFormat outputFormat, double noiseBand,
            Double threshold) {
        Inputs.Input input = Inputs.read(files.get(0), "", m);
        if (input.run() == null) {
            throw new UsageException("compare needs two or more result files (got one JMH file); e.g. vbench compare"
                    + " before.json after.json");
        }
        List<Dataset> byJvm = Inputs.byJvm(input.run(), files.get(0).toString(), m == null ? Metric.MAKESPAN : m);
        List<RunResult> runs = byJvm.stream().map(d -> Inputs.jvmPart(input.run(), d.label())).toList();
        if (byJvm.isEmpty()) {
            throw new UsageException("compare needs two or more result files, or one run with several JVMs; "
                    + files.get(0) + " ran on one JVM (run with --jvm A=… --jvm B=…, or give a second file)");
        }
        if (!labels.isEmpty()) {
            if (labels.size() != byJvm.size()) {
                throw new UsageException("--labels gives " + labels.size() + " name(s) for the " + byJvm.size()
                        + " JVMs of " + files.get(0) + "; give one per JVM");
            }
            List<Dataset> renamed = new ArrayList<>();
            for (int i = 0; i < byJvm.size(); i++) {
                Dataset d = byJvm.get(i);
                renamed.add(new Dataset(labels.get(i), d.path(), d.kind(), d.environment(), d.series(), d.notes()));
            }
            byJvm = renamed;
        }
        output.checkWritable();
        return compareAndWrite(out, err, byJvm, runs, parseLayout(byJvm.size()), outputFormat, noiseBand, threshold);
    }

    /** The merged latency histograms behind the rows, for the HTML page's percentile curves. */
    private Latencies latencies(Comparison comparison, List<RunResult> runs) {
        try {
            return Latencies.of(comparison, runs, new LinkedHashSet<>(matchIgnore));
        } catch (IllegalArgumentException e) {
            throw new ResultFormatException(e.getMessage(), e);
        }
    }

    /** The matched cells behind each change, for the Why lines and differential flame graphs. */
    private List<ComparedPair> pairs(Comparison comparison, List<RunResult> runs) {
        List<Integer> cpus = runs.stream().map(r -> r == null ? 0 : r.environment().availableProcessors()).toList();
        return ComparedPairs.of(comparison, Inputs.matchedCells(comparison, runs, new LinkedHashSet<>(matchIgnore)), cpus);
    }

    private int gate(PrintWriter err, Comparison comparison, Double threshold) {
        if (threshold == null) {
            return ExitCodes.OK;
        }
        List<Regression> regressions = comparison.regressions(threshold);
        if (regressions.isEmpty()) {
            return ExitCodes.OK;
        }
        err.println("vbench: " + regressions.size() + " row(s) significantly slower by more than "
                + Percentages.format(threshold) + " (--fail-on-regression):");
        for (Regression r : regressions) {
            Change c = r.change();
            err.println("vbench:   " + r.row().label() + ": " + Numbers.deltaPercent(c.delta()) + " "
                    + r.row().mode() + " (" + comparison.files().get(c.from()).label() + " → "
                    + comparison.files().get(c.to()).label() + ", p=" + Numbers.pValue(c.pAdjusted()) + " n="
                    + c.nFrom() + "+" + c.nTo() + ")");
        }
        err.flush();
        return ExitCodes.FAILED;
    }

    private Layout parseLayout(int columns) {
        try {
            Layout chosen = layout == null ? Layout.defaultFor(columns) : layout;
            chosen.pairs(columns); // refuses a layout that cannot show this many files
            return chosen;
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
    }

    /** --labels, else file names without .json; made unique by falling back to the path as given. */
    private List<String> columnLabels() {
        if (!labels.isEmpty()) {
            if (labels.size() != files.size()) {
                throw new UsageException("--labels gives " + labels.size() + " name(s) for " + files.size()
                        + " files; give one per file, e.g. --labels Pre,Post");
            }
            return List.copyOf(labels);
        }
        List<String> names = new ArrayList<>();
        for (Path f : files) {
            String name = f.getFileName() == null ? f.toString() : f.getFileName().toString();
            names.add(name.toLowerCase(Locale.ROOT).endsWith(".json") ? name.substring(0, name.length() - 5) : name);
        }
        Set<String> seen = new HashSet<>();
        List<String> unique = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            if (names.stream().filter(name::equals).count() > 1) {
                name = files.get(i).toString();
            }
            while (!seen.add(name)) {
                name = name + "'";
            }
            unique.add(name);
        }
        return unique;
    }
}
