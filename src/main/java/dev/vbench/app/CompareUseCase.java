package dev.vbench.app;

import dev.vbench.compare.Change;
import dev.vbench.compare.CompareOptions;
import dev.vbench.compare.Comparison;
import dev.vbench.compare.Comparison.Regression;
import dev.vbench.compare.Comparisons;
import dev.vbench.compare.Dataset;
import dev.vbench.compare.Gates;
import dev.vbench.compare.Inputs;
import dev.vbench.compare.JmhView;
import dev.vbench.compare.Latencies;
import dev.vbench.compare.Layout;
import dev.vbench.config.Defaults;
import dev.vbench.diagnose.ComparedPair;
import dev.vbench.diagnose.ComparedPairs;
import dev.vbench.measure.Histograms;
import dev.vbench.report.ci.GateReport;
import dev.vbench.report.ci.GateReports;
import dev.vbench.report.compare.CompareFormat;
import dev.vbench.result.Metric;
import dev.vbench.result.ResultFormatException;
import dev.vbench.result.RunResult;
import dev.vbench.result.TableDefaults;
import dev.vbench.text.Numbers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code vbench compare} use case: result files (vbench or JMH), or one run's JVMs, matched cell by
 * cell, every change tested (Mann-Whitney, Holm across the rows), rendered in one format, and gated by
 * {@code --fail-on-regression}.
 *
 * <pre>{@code
 * CompareUseCase.Outcome o = CompareUseCase.compare(CompareUseCase.Request.of(List.of(before, after)));
 * o.comparison().rows().get(0).changes().get(0).verdict();
 * }</pre>
 */
public final class CompareUseCase {

    private final Request request;
    /** The files read, for naming the one that holds a bad value found while rendering. */
    private final MalformedResults read = new MalformedResults();

    private final Gates gates;

    private CompareUseCase(Request request) {
        this.request = request;
        this.gates = GateFiles.load(request.gates());
    }

    /**
     * @param files result files: two or more (the first is the base), or one run with JVMs as an axis
     * @param labels column names, one per file (or per JVM); empty for the file names without {@code .json}
     * @param layout the table layout, or null for the default of the column count
     * @param metric the vbench metric, or null for the default of the results' load shape
     * @param noise noise band as a fraction
     * @param matchIgnore parameters or fields cells may differ in and still match
     * @param failOnRegression the gate as a fraction, or null for no gate
     * @param format the output format
     * @param verbose add {@code (p=… n=…)} to every change
     * @param output the file the text goes to, checked writable before reading the inputs; null for stdout
     * @param gates {@code --gates}: per-benchmark thresholds and ignores, or null for none
     * @param ci the CI outputs ({@code --ci}, {@code --comment-file})
     * @param noiseNote where a measured noise band came from ({@code --noise auto}, {@link NoiseBands}); null otherwise
     */
    public record Request(
            List<Path> files,
            List<String> labels,
            Layout layout,
            Metric metric,
            double noise,
            Set<String> matchIgnore,
            Double failOnRegression,
            CompareFormat format,
            boolean verbose,
            Path output,
            Path gates,
            Ci ci,
            String noiseNote) {

        public Request {
            files = List.copyOf(files);
            labels = List.copyOf(labels);
            matchIgnore = new LinkedHashSet<>(matchIgnore);
            ci = ci == null ? Ci.NONE : ci;
        }

        /** The files compared with every default: text, 1% noise, no gate. */
        public static Request of(List<Path> files) {
            return new Request(
                    files,
                    List.of(),
                    null,
                    null,
                    Defaults.NOISE,
                    Set.of(),
                    null,
                    CompareFormat.TEXT,
                    false,
                    null,
                    null,
                    Ci.NONE,
                    null);
        }

        /** This request with these column names. */
        public Request withLabels(List<String> names) {
            return new Request(
                    files,
                    names,
                    layout,
                    metric,
                    noise,
                    matchIgnore,
                    failOnRegression,
                    format,
                    verbose,
                    output,
                    gates,
                    ci,
                    noiseNote);
        }

        /** This request comparing {@code m} instead of the default of the results' load shape. */
        public Request withMetric(Metric m) {
            return new Request(
                    files,
                    labels,
                    layout,
                    m,
                    noise,
                    matchIgnore,
                    failOnRegression,
                    format,
                    verbose,
                    output,
                    gates,
                    ci,
                    noiseNote);
        }

        /** This request gated at {@code threshold} (a fraction: 0.05 fails on rows 5% slower). */
        public Request withFailOnRegression(Double threshold) {
            return new Request(
                    files,
                    labels,
                    layout,
                    metric,
                    noise,
                    matchIgnore,
                    threshold,
                    format,
                    verbose,
                    output,
                    gates,
                    ci,
                    noiseNote);
        }

        /** This request rendered in {@code f}. */
        public Request withFormat(CompareFormat f) {
            return new Request(
                    files,
                    labels,
                    layout,
                    metric,
                    noise,
                    matchIgnore,
                    failOnRegression,
                    f,
                    verbose,
                    output,
                    gates,
                    ci,
                    noiseNote);
        }
    }

    /**
     * @param comparison the rows, changes and verdicts
     * @param text what the format rendered
     * @param regressions the rows past the gate (empty without one)
     * @param gateLines what the gate says on stderr: a heading and one line per regression; empty when it passed
     * @param exitCode {@link ExitCodes#FAILED} when a row regressed past the gate, else {@link ExitCodes#OK}
     * @param gate the comparison with its gate, as CI outputs show it; null when neither JUnit nor a CI output asked for it
     * @param ci what the CI outputs add: workflow commands for stdout, warnings for stderr
     */
    public record Outcome(
            Comparison comparison,
            String text,
            List<Regression> regressions,
            List<String> gateLines,
            int exitCode,
            GateReport gate,
            Ci.Published ci) {}

    /**
     * @throws UsageException for input that cannot be compared (one file without JVMs, no cells matching,
     *     {@code --labels} of the wrong count, a layout that cannot show the files)
     */
    public static Outcome compare(Request request) {
        CompareUseCase compares = new CompareUseCase(request);
        try {
            return compares.call();
        } catch (Histograms.NotAHistogram e) {
            throw compares.read.histogram(e);
        }
    }

    private Outcome call() {
        List<Path> files = request.files();
        Metric m = request.metric();
        if (files.size() == 1) {
            return compareJvms();
        }
        if (files.size() < 2) {
            throw new UsageException("compare needs two or more result files, or one run with several JVMs (--jvm)"
                    + " (got " + files.size() + "); e.g. vbench compare before.json after.json");
        }
        List<String> names = columnLabels();
        checkOutput();
        List<Dataset> inputs = new ArrayList<>();
        List<RunResult> runs = new ArrayList<>();
        List<Inputs.Input> read = Inputs.readAll(files, names, m);
        for (int i = 0; i < files.size(); i++) {
            Inputs.Input input = read.get(i);
            Dataset d = input.dataset();
            runs.add(input.run());
            this.read.add(files.get(i), input.run());
            if (m != null && d.kind().equals("jmh")) {
                throw new UsageException(files.get(i) + " is a JMH result, which has one metric (its primary score);"
                        + " drop --metric " + m.cliName());
            }
            inputs.add(d);
        }
        if (inputs.stream().anyMatch(d -> d.kind().equals("jmh"))) {
            asJmh(inputs, runs, names);
        }
        return compareAndRender(inputs, runs, parseLayout(inputs.size()));
    }

    private void checkOutput() {
        if (request.output() != null) {
            OutputFiles.checkWritable(request.output());
        }
        request.ci().checkWritable();
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
            List<Dataset> columns =
                    JmhView.of(run, names.get(i), request.files().get(i).toString(), jmh);
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

    private Outcome compareAndRender(List<Dataset> inputs, List<RunResult> runs, Layout chosen) {
        Comparison comparison;
        try {
            List<String> notes = new ArrayList<>();
            separateRuns(runs).ifPresent(notes::add);
            if (request.noiseNote() != null) {
                notes.add(request.noiseNote());
            }
            comparison = Comparisons.compute(
                    inputs, new CompareOptions(chosen, request.noise(), Defaults.ALPHA, request.matchIgnore(), notes));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
        CompareFormat format = request.format();
        Latencies latencies = format == CompareFormat.HTML ? latencies(comparison, runs) : Latencies.NONE;
        Comparison.Gate decided = comparison.gate(gates, request.failOnRegression());
        // the gate's report only when something shows it: JUnit XML or a CI output (it lays the table out again)
        GateReport report = format == CompareFormat.JUNIT || request.ci().active()
                ? GateReports.of(comparison, decided, gates, request.failOnRegression(), request.verbose())
                : null;
        String text = format.render(comparison, request.verbose(), latencies, pairs(comparison, runs), report);
        return gate(comparison, decided, text, report);
    }

    /**
     * Results of separate vbench runs carry what changed on the machine between them (other load, its thermal
     * state, an update) into every change; the trials of one run's columns interleave and cancel it. Said once,
     * with the runs' start times, when the files started at different times.
     */
    private static Optional<String> separateRuns(List<RunResult> runs) {
        List<String> starts = runs.stream()
                .filter(Objects::nonNull)
                .map(r -> r.environment().startTime())
                .filter(Objects::nonNull)
                .distinct()
                .toList();
        if (starts.size() < 2) {
            return Optional.empty();
        }
        String first = starts.stream().min(String::compareTo).orElseThrow();
        String last = starts.stream().max(String::compareTo).orElseThrow();
        return Optional.of("separate runs (started " + minutes(first) + " … " + minutes(last) + "): what changed on"
                + " the machine between them reads as a change too, which one run's interleaved trials cancel; for two"
                + " builds of your code, run --build old=… --build new=… compares them in one run");
    }

    /** An ISO instant to the minute ({@code 2026-11-28 08:07 UTC}). */
    private static String minutes(String instant) {
        return instant.length() >= 16 ? instant.substring(0, 10) + " " + instant.substring(11, 16) + " UTC" : instant;
    }

    /** One result file of a run with JVMs as an axis: its JVMs are the columns, as files would be. */
    private Outcome compareJvms() {
        Path file = request.files().get(0);
        Metric m = request.metric();
        Inputs.Input input = Inputs.read(file, "", m);
        read.add(file, input.run());
        if (input.run() == null) {
            throw new UsageException("compare needs two or more result files (got one JMH file); e.g. vbench compare"
                    + " before.json after.json");
        }
        List<Dataset> byJvm =
                Inputs.byJvm(input.run(), file.toString(), m == null ? TableDefaults.metric(input.run()) : m);
        List<RunResult> runs =
                byJvm.stream().map(d -> Inputs.jvmPart(input.run(), d.label())).toList();
        if (byJvm.isEmpty()) {
            throw new UsageException("compare needs two or more result files, or one run with several JVMs; " + file
                    + " ran on one JVM (run with --jvm A=… --jvm B=…, or give a second file)");
        }
        List<String> labels = request.labels();
        if (!labels.isEmpty()) {
            if (labels.size() != byJvm.size()) {
                throw new UsageException("--labels gives " + labels.size() + " name(s) for the " + byJvm.size()
                        + " JVMs of " + file + "; give one per JVM");
            }
            List<Dataset> renamed = new ArrayList<>();
            for (int i = 0; i < byJvm.size(); i++) {
                Dataset d = byJvm.get(i);
                renamed.add(new Dataset(labels.get(i), d.path(), d.kind(), d.environment(), d.series(), d.notes()));
            }
            byJvm = renamed;
        }
        checkOutput();
        return compareAndRender(byJvm, runs, parseLayout(byJvm.size()));
    }

    /** The merged latency histograms behind the rows, for the HTML page's percentile curves. */
    private Latencies latencies(Comparison comparison, List<RunResult> runs) {
        try {
            return Latencies.of(comparison, runs, request.matchIgnore());
        } catch (Histograms.NotAHistogram e) {
            throw e; // named with its file and field by compare()
        } catch (IllegalArgumentException e) {
            throw new ResultFormatException(e.getMessage(), e);
        }
    }

    /** The matched cells behind each change, for the Why lines and differential flame graphs. */
    private List<ComparedPair> pairs(Comparison comparison, List<RunResult> runs) {
        List<Integer> cpus = runs.stream()
                .map(r -> r == null ? 0 : r.environment().availableProcessors())
                .toList();
        return ComparedPairs.of(comparison, Inputs.matchedCells(comparison, runs, request.matchIgnore()), cpus);
    }

    private Outcome gate(Comparison comparison, Comparison.Gate decided, String text, GateReport report) {
        Double threshold = request.failOnRegression();
        Ci.Published ci = report == null ? Ci.NOTHING : request.ci().publish(report);
        if (threshold == null && !gates.anyThreshold()) {
            return new Outcome(comparison, text, List.of(), List.of(), ExitCodes.OK, report, ci);
        }
        List<Regression> regressions = decided.regressions();
        List<String> notHeld = notHeld(comparison, decided);
        if (regressions.isEmpty()) {
            return new Outcome(comparison, text, regressions, notHeld, ExitCodes.OK, report, ci);
        }
        List<String> lines = new ArrayList<>();
        lines.add(regressions.size() + " row(s) significantly slower by more than "
                + (threshold == null || !gates.gates().isEmpty() ? "their gate" : Percentages.format(threshold)) + " ("
                + (gates.gates().isEmpty() ? "--fail-on-regression" : "--fail-on-regression, --gates " + gates.source())
                + "):");
        for (Regression r : regressions) {
            Change c = r.change();
            lines.add("  " + r.row().label() + ": " + Numbers.deltaPercent(c.delta()) + " "
                    + r.row().mode() + " (" + comparison.files().get(c.from()).label() + " → "
                    + comparison.files().get(c.to()).label() + ", p=" + Numbers.pValue(c.pAdjusted()) + " n="
                    + c.nFrom() + "+" + c.nTo() + ")");
        }
        lines.addAll(notHeld);
        return new Outcome(comparison, text, regressions, lines, ExitCodes.FAILED, report, ci);
    }

    /**
     * The changes slower than their gate in their own column that do not fail it, once Holm counts every change
     * the gate looked at (three files or more); none, mostly.
     */
    private static List<String> notHeld(Comparison comparison, Comparison.Gate gate) {
        if (gate.notHeld().isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        lines.add(gate.notHeld().size()
                + " change(s) slower than their gate in their own column do not fail it: the gate"
                + " is one decision over the " + gate.tested() + " changes it looks at, and Holm across them leaves"
                + " their p at or above " + Numbers.fixed(comparison.alpha(), 2) + ":");
        for (Regression r : gate.notHeld()) {
            Change c = r.change();
            lines.add("  " + r.row().label() + ": " + Numbers.deltaPercent(c.delta()) + " "
                    + r.row().mode() + " ("
                    + comparison.files().get(c.from()).label() + " → "
                    + comparison.files().get(c.to()).label()
                    + ", p=" + Numbers.pValue(r.pGate()) + " across the " + gate.tested() + ")");
        }
        return lines;
    }

    private Layout parseLayout(int columns) {
        try {
            Layout chosen = request.layout() == null ? Layout.defaultFor(columns) : request.layout();
            chosen.pairs(columns); // refuses a layout that cannot show this many files
            return chosen;
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
    }

    /** --labels, else file names without .json; made unique by falling back to the path as given. */
    private List<String> columnLabels() {
        List<Path> files = request.files();
        List<String> labels = request.labels();
        if (!labels.isEmpty()) {
            if (labels.size() != files.size()) {
                throw new UsageException("--labels gives " + labels.size() + " name(s) for " + files.size()
                        + " files; give one per file, e.g. --labels Pre,Post");
            }
            return List.copyOf(labels);
        }
        List<String> names = new ArrayList<>();
        for (Path f : files) {
            String name =
                    f.getFileName() == null ? f.toString() : f.getFileName().toString();
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
