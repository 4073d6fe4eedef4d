package dev.vbench.compare;

import dev.vbench.result.MetricSummary;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One matched configuration across the input files.
 *
 * @param label the parts of the configuration that differ between rows (the rest is in the title)
 * @param key the full matched configuration
 * @param mode what is measured ({@code makespan}, {@code avgt})
 * @param unit unit of the medians
 * @param higherIsBetter whether a larger value is an improvement
 * @param columns per input file: median, CI and spread of its samples; null where the file lacks the row
 * @param changes per pair of the layout; null where a side is missing
 * @param shedLoad per column: whether that side shed load ({@link Series#shedLoad()}); false where it is missing
 */
public record Row(
        String label,
        List<Dim> key,
        String mode,
        String unit,
        boolean higherIsBetter,
        List<MetricSummary> columns,
        List<Change> changes,
        List<Boolean> shedLoad) {

    public Row {
        key = List.copyOf(key);
        columns = Collections.unmodifiableList(new ArrayList<>(columns));
        changes = Collections.unmodifiableList(new ArrayList<>(changes));
        shedLoad = List.copyOf(shedLoad);
    }

    /** This row with other changes (after Holm and the verdicts). */
    Row withChanges(List<Change> newChanges) {
        return new Row(label, key, mode, unit, higherIsBetter, columns, newChanges, shedLoad);
    }

    /** The whole configuration as one line, e.g. {@code io duration=20ms virtual tasks=2000}: what a gate matches. */
    public String configuration() {
        return key.stream().map(Dim::text).collect(Collectors.joining(" "));
    }

    /** True when every file has this row. */
    public boolean complete() {
        return columns.stream().allMatch(c -> c != null);
    }
}
