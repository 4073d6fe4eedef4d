package dev.vbench.compare;

import dev.vbench.result.CellConfig;
import dev.vbench.result.CellIdentity;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.Environment;
import dev.vbench.result.JmhBenchmark;
import dev.vbench.result.JmhReader;
import dev.vbench.result.JvmInfo;
import dev.vbench.result.Metric;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.result.TableDefaults;
import dev.vbench.stats.Summaries;
import dev.vbench.text.Numbers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads one input of {@code compare} into a {@link Dataset}: a vbench result (any schema version,
 * through {@link ResultCodec}) or a JMH JSON result file (through {@link JmhReader}), told apart by
 * the first character (JMH writes an array, vbench an object). Errors are one-line
 * {@link dev.vbench.result.ResultFormatException}s naming the file.
 */
public final class Inputs {

    /** Configuration fields of a cell shown by name only ({@code virtual}, not {@code executor=virtual}). */
    private static final Set<String> STRUCTURED = Set.of("workload", "params", "executor");
    /** Left out of labels at 0: concurrency 0 is unlimited, the default; tasks 0 is a timed window. */
    private static final Set<String> ZERO_IS_DEFAULT = Set.of("concurrency", "tasks");

    private Inputs() {}

    /**
     * @param file the file to read
     * @param label its column header
     * @param metric metric compared for vbench files; null for the default of their load shape ({@link TableDefaults})
     */
    public static Dataset load(Path file, String label, Metric metric) {
        return read(file, label, metric).dataset();
    }

    /**
     * One input as read: its series, and for a vbench file the whole result (its trials'
     * histograms feed the latency curves of the HTML comparison, {@link Latencies}).
     *
     * @param dataset the series that are compared
     * @param run the vbench result the series came from; null for a JMH file
     */
    public record Input(Dataset dataset, RunResult run) {}

    /** Like {@link #load}, keeping the vbench result as well. */
    public static Input read(Path file, String label, Metric metric) {
        return readAll(List.of(file), List.of(label), metric).get(0);
    }

    /**
     * Every input of one comparison, in order. Without a metric the vbench files are compared by the
     * default of all their cells together ({@link TableDefaults}), so every column shows one metric.
     *
     * @param labels one column header per file
     */
    public static List<Input> readAll(List<Path> files, List<String> labels, Metric metric) {
        List<RunResult> runs = new ArrayList<>();
        List<List<JmhBenchmark>> jmh = new ArrayList<>();
        for (Path file : files) {
            String text = JmhReader.readText(file);
            boolean isJmh = JmhReader.isJmhDocument(text);
            jmh.add(isJmh ? JmhReader.fromJson(text, file.toString()) : null);
            runs.add(isJmh ? null : ResultCodec.fromJson(text, file.toString()));
        }
        Metric shown = metric != null ? metric : TableDefaults.metricOfRuns(runs);
        List<Input> inputs = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            String path = files.get(i).toString();
            inputs.add(
                    runs.get(i) == null
                            ? new Input(fromJmh(jmh.get(i), labels.get(i), path), null)
                            : new Input(fromRun(runs.get(i), labels.get(i), path, shown), runs.get(i)));
        }
        return inputs;
    }

    /** The series of a vbench run for one metric: one per cell, the values of its measured trials. */
    public static Dataset fromRun(RunResult run, String label, String path, Metric metric) {
        List<Series> series = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (CellResult cell : run.cells()) {
            double[] values = Summaries.values(cell.trials(), metric);
            List<Dim> key = key(cell.config());
            if (values.length == 0) {
                notes.add(label + ": " + label(key) + " has no " + metric.key() + " values; left out");
                continue;
            }
            if (cell.status() != CellStatus.OK) {
                notes.add(
                        label + ": " + label(key) + " was " + cell.status() + " after " + values.length + " trial(s)");
            }
            series.add(new Series(key, metric.key(), metric.unit(), metric.higherIsBetter(), values, cell.shedLoad()));
        }
        return new Dataset(label, path, "vbench", environment(run.environment()), series, notes);
    }

    /**
     * The series of a run with JVMs as an axis ({@code --jvm}, {@code --jvm-args}), one dataset per JVM
     * label in run order, so one result file compares its JVMs as other files compare with each other.
     * Each dataset's environment is that JVM's probe. Empty when the run has fewer than two JVM labels.
     */
    public static List<Dataset> byJvm(RunResult run, String path, Metric metric) {
        Map<String, List<CellResult>> groups = new LinkedHashMap<>();
        for (CellResult cell : run.cells()) {
            if (cell.config().jvm() != null) {
                groups.computeIfAbsent(cell.config().jvm(), k -> new ArrayList<>())
                        .add(cell);
            }
        }
        if (groups.size() < 2) {
            return List.of();
        }
        List<Dataset> datasets = new ArrayList<>();
        groups.forEach((label, cells) -> {
            RunResult part = jvmPart(run, label);
            Dataset d = fromRun(part, label, path, metric);
            JvmInfo jvm = cells.get(0).jvm();
            Map<String, String> env = new LinkedHashMap<>(d.environment());
            if (jvm != null) {
                env.put("JVM", jvm.vendor() + " " + jvm.version());
                env.put("CPUs", String.valueOf(jvm.availableProcessors()));
                env.put("heap", Numbers.bytes(jvm.maxHeapBytes()));
                env.put("GC", jvm.gc());
                env.put("JVM options", String.join(" ", jvm.options()));
            }
            datasets.add(new Dataset(d.label(), d.path(), d.kind(), env, d.series(), d.notes()));
        });
        return datasets;
    }

    /** The cells of {@code run} that ran on the JVM {@code label}, without the label (so they match across JVMs). */
    public static RunResult jvmPart(RunResult run, String label) {
        return new RunResult(
                run.schema(),
                run.environment(),
                run.settings(),
                run.cells().stream()
                        .filter(c -> label.equals(c.config().jvm()))
                        .map(c -> new CellResult(
                                c.id(),
                                c.config().withJvm(null),
                                c.status(),
                                c.trials(),
                                c.summary(),
                                c.notes(),
                                c.jvm(),
                                c.profiles()))
                        .toList());
    }

    /**
     * The cells behind the rows of {@code comparison}: per row, per input file, the cell whose
     * configuration is the row's key (the first one when several match), or null where the file has
     * none (or is a JMH file). The one matching of cells to rows, for latency curves and profile pairs.
     *
     * @param runs per input file, in the comparison's file order: the vbench result, or null (JMH)
     * @param matchIgnore the dimensions left out of matching, as given to {@link Comparisons#compute}
     */
    public static List<List<CellResult>> matchedCells(
            Comparison comparison, List<RunResult> runs, Set<String> matchIgnore) {
        List<Map<List<Dim>, CellResult>> byKey = new ArrayList<>();
        for (RunResult run : runs) {
            Map<List<Dim>, CellResult> cells = new HashMap<>();
            if (run != null) {
                for (CellResult cell : run.cells()) {
                    cells.putIfAbsent(
                            key(cell.config()).stream()
                                    .filter(d -> !matchIgnore.contains(d.name()))
                                    .toList(),
                            cell);
                }
            }
            byKey.add(cells);
        }
        List<List<CellResult>> rows = new ArrayList<>();
        for (Row row : comparison.rows()) {
            List<CellResult> perFile = new ArrayList<>();
            byKey.forEach(cells -> perFile.add(cells.get(row.key())));
            rows.add(Collections.unmodifiableList(perFile));
        }
        return List.copyOf(rows);
    }

    /** The series of a JMH file: one per benchmark entry, the flattened {@code rawData}. */
    public static Dataset fromJmh(List<JmhBenchmark> benchmarks, String label, String path) {
        List<Series> series = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (JmhBenchmark b : benchmarks) {
            List<Dim> key = new ArrayList<>();
            key.add(new Dim("benchmark", b.benchmark(), true));
            b.params().forEach((k, v) -> key.add(new Dim(k, v, false)));
            key.add(new Dim("mode", b.mode(), false));
            if (b.threads() != 1) {
                key.add(new Dim("threads", String.valueOf(b.threads()), false));
            }
            if (b.rawData().isEmpty()) {
                notes.add(label + ": " + label(key) + " has no rawData (JMH " + b.mode()
                        + " mode writes a histogram instead); left out");
                continue;
            }
            double[] values =
                    b.rawData().stream().mapToDouble(Double::doubleValue).toArray();
            series.add(new Series(key, b.mode(), b.unit(), b.higherIsBetter(), values));
            // secondary results as JMH's table shows them, benchmark:name (its @AuxCounters, a profiler's figures)
            b.secondaryMetrics().forEach((name, m) -> {
                List<Dim> secondary = new ArrayList<>(key);
                secondary.set(0, new Dim("benchmark", b.benchmark() + ":" + name, true));
                series.add(new Series(
                        secondary,
                        b.mode(),
                        m.unit(),
                        m.unit().startsWith("ops/"),
                        m.rawData().stream().mapToDouble(Double::doubleValue).toArray()));
            });
        }
        JmhBenchmark first = benchmarks.get(0);
        Map<String, String> env = new LinkedHashMap<>();
        env.put("JVM", (first.vmName() + " " + first.vmVersion()).strip());
        env.put("JDK", first.jdkVersion());
        env.put("JVM arguments", String.join(" ", first.jvmArgs()));
        env.put("JMH", first.jmhVersion());
        return new Dataset(label, path, "jmh", env, series, notes);
    }

    /**
     * The configuration of a cell as dimensions: its identifying fields ({@link CellIdentity}, the one
     * definition the history's series share) with workload, parameters (one dimension each, so
     * {@code --match-ignore} can name one) and executor spec first, then every other field; concurrency 0
     * (unlimited, the default) and tasks 0 (a timed window) are left out of the labels, and the load shape's
     * fields read as the run prints them ({@code window=200ms}).
     */
    static List<Dim> key(CellConfig config) {
        List<Dim> key = new ArrayList<>();
        key.add(new Dim("workload", config.workload(), true));
        config.params().forEach((k, v) -> key.add(new Dim(k, v, false)));
        key.add(new Dim("executor", config.executor().spec(), true));
        for (CellIdentity.Field field : CellIdentity.fields(config)) {
            if (STRUCTURED.contains(field.name())) {
                continue;
            }
            String load =
                    field.value() instanceof Number n ? CellConfig.loadFieldText(field.name(), n.doubleValue()) : null;
            if (load != null) {
                key.add(new Dim(field.name(), load, true)); // as the run prints it (window=200ms); matched by name
            } else if (!(ZERO_IS_DEFAULT.contains(field.name()) && ((Number) field.value()).longValue() == 0)) {
                key.add(new Dim(field.name(), field.text(), false));
            }
        }
        return key;
    }

    /** The environment lines of a vbench run, as its columns show them. */
    static Map<String, String> environmentOf(RunResult run) {
        return environment(run.environment());
    }

    private static Map<String, String> environment(Environment e) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("JVM", e.javaVendor() + " " + e.javaVersion());
        env.put("CPUs", String.valueOf(e.availableProcessors()));
        env.put("heap", Numbers.bytes(e.maxHeapBytes()));
        env.put("OS", e.osName() + " " + e.osVersion() + " " + e.osArch());
        env.put("vbench", e.vbenchVersion());
        return env;
    }

    private static String label(List<Dim> key) {
        return String.join(" ", key.stream().map(Dim::text).toList());
    }
}
