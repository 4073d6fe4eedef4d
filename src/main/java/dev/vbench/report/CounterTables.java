package dev.vbench.report;

import dev.vbench.compare.CellDimension;
import dev.vbench.result.CellResult;
import dev.vbench.result.MetricSummary;
import dev.vbench.result.TrialCounter;
import dev.vbench.result.TrialResult;
import dev.vbench.stats.Summaries;
import dev.vbench.text.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the workloads counted beside their operation ({@link TrialCounter}: JMH's {@code @AuxCounters}, shown by JMH
 * as secondary results): one row per cell, one column per counter, the median over the measured trials with the
 * 95% interval of the median, an operations counter per second of each trial's makespan, an events counter as each
 * trial's count.
 *
 * <pre>{@code
 * Table t = CounterTables.counters("acme.Bench::ops", cells);   // null when no cell counted anything
 * }</pre>
 */
public final class CounterTables {

    private CounterTables() {}

    /** The counters table of one workload's cells; null when none of them counted anything. */
    public static Table counters(String workload, List<CellResult> cells) {
        Map<String, String> units = units(cells);
        if (units.isEmpty()) {
            return null;
        }
        List<CellDimension> dims = CellDimension.varying(cells);
        Table.Builder b = new Table.Builder(workload + " — counters (median per trial)");
        dims.forEach(d -> b.text(d.name()));
        b.text("executor");
        units.forEach((name, unit) -> b.number(name + " (" + unit + ")").number("±"));
        for (CellResult c : cells) {
            List<String> row = new ArrayList<>();
            dims.forEach(d -> row.add(d.value(c.config())));
            row.add(c.config().executor().spec());
            units.forEach((name, unit) -> {
                MetricSummary s = summary(c, name, unit);
                row.add(s == null ? "—" : value(s.median()));
                row.add(s == null ? "" : Numbers.plusMinusPercent(s.ciRelative()));
            });
            b.row(row);
        }
        b.footnote("counters kept by the workload beside its operation (JMH's @AuxCounters): ops/s per second of each"
                + " trial's makespan, # the trial's count; ± is the 95% CI of the median");
        return b.build();
    }

    /** Every counter of the cells, with its unit, in the order the cells name them. */
    static Map<String, String> units(List<CellResult> cells) {
        Map<String, String> units = new LinkedHashMap<>();
        for (CellResult c : cells) {
            for (TrialResult t : c.trials()) {
                t.counters().forEach(counter -> units.putIfAbsent(counter.name(), counter.unit()));
            }
        }
        return units;
    }

    /** The summary over a cell's trials of counter {@code name} (as {@link TrialCounter#value}); null when it has none. */
    public static MetricSummary summary(CellResult cell, String name, String unit) {
        double[] values = cell.trials().stream()
                .flatMap(t ->
                        t.counters().stream().filter(c -> c.name().equals(name)).map(c -> c.value(t.makespanNanos())))
                .mapToDouble(Double::doubleValue)
                .filter(v -> !Double.isNaN(v))
                .toArray();
        return values.length == 0 ? null : Summaries.summarize(values, unit);
    }

    private static String value(double v) {
        return Numbers.fixed(v, Math.abs(v) >= 100 || v == Math.rint(v) ? 0 : 2);
    }
}
