package dev.vbench.compare;

import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * One part of a cell's configuration that can tell cells apart: a workload parameter, the rate,
 * the task count, the concurrency, or the executor. Tables use them as row labels and as the
 * column axis ({@link #EXECUTOR} today; any other reader, such as a JVM label, plugs in the same way).
 *
 * @param name what it is, shown as a column header ({@code duration}, {@code tasks})
 * @param reader how to read its value from a cell's configuration
 */
public record CellDimension(String name, Function<CellConfig, String> reader) {

    /** The executor spec: the column axis of run tables. */
    public static final CellDimension EXECUTOR =
            new CellDimension("executor", c -> c.executor().spec());

    /**
     * The JVM (and option set) label of a run with JVMs as an axis ({@code --jvm}, {@code --jvm-args}):
     * the column axis of its JVM tables; empty for cells of a run without one.
     */
    public static final CellDimension JVM = new CellDimension("jvm", c -> c.jvm() == null ? "" : c.jvm());

    /**
     * The build of the user's code ({@code --build}), or the side of an A/A comparison ({@code vbench noise}):
     * the column axis of their tables; empty for cells of a run without builds.
     */
    public static final CellDimension BUILD = new CellDimension("build", c -> c.build() == null ? "" : c.build());

    /** The concurrency level: the row axis of concurrency sweeps. */
    public static final CellDimension CONCURRENCY =
            new CellDimension("concurrency", c -> c.concurrency() == 0 ? "unlimited" : String.valueOf(c.concurrency()));

    /** This dimension's value in {@code config}. */
    public String value(CellConfig config) {
        return reader.apply(config);
    }

    /** Distinct values of this dimension among {@code cells}, in first-appearance order. */
    public List<String> values(List<CellResult> cells) {
        Set<String> seen = new LinkedHashSet<>();
        cells.forEach(c -> seen.add(value(c.config())));
        return new ArrayList<>(seen);
    }

    /**
     * The row dimensions that vary among {@code cells} (parameters, rate, tasks, concurrency); never
     * empty: when nothing varies, the task count (or, for timed trials, the concurrency) labels the row.
     */
    public static List<CellDimension> varying(List<CellResult> cells) {
        List<CellDimension> candidates = new ArrayList<>();
        Set<String> paramNames = new LinkedHashSet<>();
        cells.forEach(c -> paramNames.addAll(c.config().params().keySet()));
        for (String p : paramNames) {
            candidates.add(new CellDimension(p, c -> c.params().getOrDefault(p, "")));
        }
        candidates.add(
                new CellDimension("rate", c -> c.openModel() ? CellConfig.formatRate(c.ratePerSecond()) : "closed"));
        candidates.add(new CellDimension("tasks", c -> String.valueOf(c.tasks())));
        candidates.add(CONCURRENCY);
        candidates.add(JVM);
        candidates.add(BUILD);
        List<CellDimension> varying = new ArrayList<>();
        for (CellDimension d : candidates) {
            if (d.values(cells).size() > 1) {
                varying.add(d);
            }
        }
        varying.removeIf(d -> d.name().equals("tasks") && followsAnother(d, varying, cells));
        if (varying.isEmpty()) {
            boolean timed = cells.stream().allMatch(c -> c.config().tasks() == 0); // --duration: no task count
            varying.add(
                    timed
                            ? CONCURRENCY
                            : candidates.get(candidates.indexOf(CONCURRENCY) - 1)); // tasks, else concurrency
        }
        return varying;
    }

    /**
     * Whether {@code d}'s value is a function of another varying dimension's value (the thumbnail
     * workload's default task count is its {@code files} parameter): such a column repeats information.
     */
    private static boolean followsAnother(CellDimension d, List<CellDimension> varying, List<CellResult> cells) {
        for (CellDimension other : varying) {
            if (other == d) {
                continue;
            }
            Map<String, String> seen = new HashMap<>();
            boolean function = true;
            for (CellResult c : cells) {
                String previous = seen.putIfAbsent(other.value(c.config()), d.value(c.config()));
                if (previous != null && !previous.equals(d.value(c.config()))) {
                    function = false;
                    break;
                }
            }
            if (function) {
                return true;
            }
        }
        return false;
    }
}
