package dev.vbench.suite;

import dev.vbench.compare.Layout;
import dev.vbench.result.Metric;
import dev.vbench.result.TableSpec;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Checks what a suite means, after {@link SuiteLoader} checked its shape: names present and unique,
 * at least one experiment and one executor, known layouts and metrics. Workload, executor and
 * parameter values are checked by the planner with the same messages as {@code vbench run}, prefixed
 * by {@code file:line}.
 */
public final class SuiteValidator {

    private SuiteValidator() {}

    public static void validate(
            SuiteSpec spec, String source, Predicate<String> workloadExists, List<String> workloadNames) {
        if (spec.suite() == null || spec.suite().isBlank()) {
            throw new SuiteException(source + ":1: missing 'suite' (the suite's short name); add e.g. suite: my-suite");
        }
        if (spec.experiments().isEmpty()) {
            throw new SuiteException(source + ":1: empty matrix: 'experiments' is missing or empty; add at least one"
                    + " experiment with a workload and executors");
        }
        positive(spec.warmup(), source, 1, "warmup", true);
        positive(spec.trials(), source, 1, "trials", false);
        Set<String> names = new HashSet<>();
        for (ExperimentSpec e : spec.experiments()) {
            ExperimentSpec.Fields f = e.fields();
            String at = source + ":" + e.line() + ": ";
            if (f.name() == null || f.name().isBlank()) {
                throw new SuiteException(at + "experiment without a 'name'; add name: SOMETHING");
            }
            if (!names.add(f.name())) {
                throw new SuiteException(at + "experiment name '" + f.name() + "' is used twice; names must be unique");
            }
            String in = at + "experiment '" + f.name() + "': ";
            if (f.workload() == null || !workloadExists.test(f.workload())) {
                throw new SuiteException(
                        in + (f.workload() == null ? "no 'workload'" : "unknown workload '" + f.workload() + "'")
                                + "; valid workloads: " + String.join(", ", workloadNames));
            }
            if (f.executors().isEmpty()) {
                throw new SuiteException(
                        in + "empty matrix: no 'executors'; add e.g. executors: [virtual, \"fixed:threads=200\"]");
            }
            positive(f.warmup(), source, e.line(), "warmup", true);
            positive(f.trials(), source, e.line(), "trials", false);
            for (TableSpec t : f.tables()) {
                parses(in + "table layout ", t.layout(), Layout::parse);
                parses(in + "table metric ", t.metric(), Metric::parse);
                if (t.kneeOrFalse() && !"chain".equals(t.layout())) {
                    throw new SuiteException(
                            in + "'knee: true' reads the steps of a chain; add layout: chain to the table");
                }
            }
        }
    }

    /** A named choice (layout, metric) that parses, or a one-line error listing the valid names. */
    private static void parses(String what, String name, Consumer<String> parser) {
        try {
            if (name != null) {
                parser.accept(name);
            }
        } catch (IllegalArgumentException e) {
            throw new SuiteException(what + e.getMessage());
        }
    }

    private static void positive(Integer value, String source, int line, String key, boolean zeroAllowed) {
        if (value != null && (value < 0 || (!zeroAllowed && value == 0))) {
            throw new SuiteException(source + ":" + line + ": '" + key + "' is " + value + "; use "
                    + (zeroAllowed ? "0 or more" : "1 or more"));
        }
    }
}
