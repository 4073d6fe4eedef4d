package dev.vbench.compare;

import dev.vbench.result.CellResult;
import dev.vbench.result.RunResult;
import dev.vbench.result.TrialCounter;
import dev.vbench.result.TrialResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A vbench run seen as JMH sees its benchmarks, so {@code vbench compare run.json jmh.json} matches the
 * cells of {@code -w 'pkg.Bench::method'} workloads with JMH's entries: each such cell becomes a series
 * keyed as {@link Inputs#fromJmh} keys an entry ({@code benchmark=pkg.Bench.method}, its parameters, the
 * JMH file's mode), its values one per trial in the JMH file's unit: time per operation
 * (makespan ÷ (tasks × calls per task × operations per call)) for {@code avgt}, {@code sample} and
 * {@code ss}, operations per time for {@code thrpt}. The run splits into one dataset per executor and
 * concurrency, each a column beside JMH's. Cells of other workloads, and benchmarks the JMH file lacks,
 * are left out with a note.
 *
 * <pre>{@code
 * List<Dataset> columns = JmhView.of(run, "vbench", "run.json", List.of(jmhDataset));
 * }</pre>
 */
public final class JmhView {

    private JmhView() {}

    /** The datasets of {@code run} as JMH would key them, one per executor and concurrency. */
    public static List<Dataset> of(RunResult run, String label, String path, List<Dataset> jmh) {
        Map<String, Series> wanted = new LinkedHashMap<>(); // benchmark + params → the JMH series (mode, unit)
        for (Dataset d : jmh) {
            for (Series s : d.series()) {
                wanted.putIfAbsent(benchmarkAndParams(s.key()), s);
            }
        }
        Map<String, List<Series>> columns = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        for (CellResult cell : run.cells()) {
            String workload = cell.config().workload();
            int sep = workload.indexOf("::");
            if (sep < 0) {
                notes.add(label + ": " + workload
                        + " is not a CLASS::METHOD workload, so no JMH benchmark matches it; left out");
                continue;
            }
            List<Dim> key = new ArrayList<>();
            key.add(new Dim(
                    "benchmark",
                    workload.substring(0, sep).replace('$', '.') + "."
                            + workload.substring(sep + 2).replaceFirst("\\(.*$", ""),
                    true));
            cell.config().params().forEach((k, v) -> key.add(new Dim(k, v, false)));
            String column = label + " " + cell.config().executor().spec()
                    + (cell.config().concurrency() > 0 ? " c=" + cell.config().concurrency() : "");
            Series like = wanted.get(benchmarkAndParams(key));
            if (like == null) {
                continue; // compare's "only in" note names it
            }
            List<Dim> primary = new ArrayList<>(key);
            primary.add(new Dim("mode", like.mode(), false));
            double[] values = cell.trials().stream()
                    .mapToDouble(t -> value(t, cell, like))
                    .toArray();
            columns.computeIfAbsent(column, k -> new ArrayList<>())
                    .add(new Series(primary, like.mode(), like.unit(), like.higherIsBetter(), values, cell.shedLoad()));
            for (String counter : counterNames(cell)) {
                List<Dim> secondary = new ArrayList<>(key);
                secondary.set(0, new Dim("benchmark", key.get(0).value() + ":" + counter, true));
                Series likeCounter = wanted.get(benchmarkAndParams(secondary));
                if (likeCounter != null) {
                    secondary.add(new Dim("mode", likeCounter.mode(), false));
                    double[] counted = cell.trials().stream()
                            .mapToDouble(t -> counterValue(t, counter, likeCounter))
                            .toArray();
                    columns.get(column)
                            .add(new Series(
                                    secondary,
                                    likeCounter.mode(),
                                    likeCounter.unit(),
                                    likeCounter.higherIsBetter(),
                                    counted,
                                    cell.shedLoad()));
                }
            }
        }
        List<Dataset> out = new ArrayList<>();
        Map<String, String> env = Inputs.environmentOf(run);
        columns.forEach((column, series) -> out.add(new Dataset(column, path, "vbench", env, series, notes)));
        return out;
    }

    /** {@code benchmark} and the parameters of a key: what a vbench cell and a JMH entry share. */
    private static String benchmarkAndParams(List<Dim> key) {
        StringBuilder b = new StringBuilder();
        key.stream()
                .filter(d -> !d.name().equals("mode") && !d.name().equals("threads"))
                .forEach(d -> b.append(d.name()).append('=').append(d.value()).append('\u0000'));
        return b.toString();
    }

    /** One trial's figure in the JMH series' mode and unit. */
    static double value(TrialResult t, CellResult cell, Series like) {
        double operations = (double) t.tasks() * cell.config().operationsPerTask();
        double nanosPerOp = t.makespanNanos() / operations;
        String unit = like.unit();
        int slash = unit.indexOf('/');
        if (like.mode().equals("thrpt") && unit.startsWith("ops/")) {
            return nanos(unit.substring(slash + 1)) / nanosPerOp;
        }
        return nanosPerOp / nanos(unit.substring(0, slash));
    }

    /** The counters of a cell's trials ({@code @AuxCounters}), in the order its first trial names them. */
    private static List<String> counterNames(CellResult cell) {
        return cell.trials().stream()
                .flatMap(t -> t.counters().stream())
                .map(TrialCounter::name)
                .distinct()
                .toList();
    }

    /**
     * One trial's counter in the JMH series' mode and unit, as JMH makes a secondary result of it: an events counter
     * ({@code #}) as the count; an operations counter as throughput ({@code ops/s}) or time per counted operation.
     */
    static double counterValue(TrialResult t, String name, Series like) {
        TrialCounter c = t.counters().stream()
                .filter(x -> x.name().equals(name))
                .findFirst()
                .orElse(null);
        if (c == null) {
            return Double.NaN;
        }
        String unit = like.unit();
        int slash = unit.indexOf('/');
        if (!TrialCounter.OPERATIONS.equals(c.kind()) || slash < 0) {
            return c.count();
        }
        if (unit.startsWith("ops/")) {
            return c.count() * nanos(unit.substring(slash + 1)) / t.makespanNanos();
        }
        return t.makespanNanos() / c.count() / nanos(unit.substring(0, slash));
    }

    /** Nanoseconds in one of JMH's time units ({@code ns us ms s min hr}). */
    static double nanos(String unit) {
        return switch (unit) {
            case "ns" -> 1;
            case "us" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            case "min" -> 60e9;
            case "hr" -> 3600e9;
            default ->
                throw new IllegalArgumentException("JMH time unit '" + unit + "' is not one vbench knows (ns, us,"
                        + " ms, s, min, hr); rerun JMH with -tu ns");
        };
    }
}
