package dev.vbench.compare;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The samples of one configuration in one input file: per-trial values of the compared metric
 * (vbench), or per-iteration scores (JMH {@code rawData}).
 *
 * @param key the configuration, in display order
 * @param mode what is measured: the vbench metric ({@code makespan}) or the JMH mode ({@code avgt})
 * @param unit unit of {@code values}, e.g. {@code ms}, {@code us/op}
 * @param higherIsBetter whether a larger value is an improvement (throughput)
 * @param values the samples
 * @param shedLoad whether the samples cover only part of the work (an open-model cell that dropped or
 *     timed out tasks): such a series is never tested against another, so it is never ranked faster
 */
public record Series(
        List<Dim> key, String mode, String unit, boolean higherIsBetter, double[] values, boolean shedLoad) {

    public Series {
        key = List.copyOf(key);
        values = values.clone();
    }

    /** A series that covers all of its work. */
    public Series(List<Dim> key, String mode, String unit, boolean higherIsBetter, double[] values) {
        this(key, mode, unit, higherIsBetter, values, false);
    }

    /** The whole configuration as one line, e.g. {@code io duration=20ms virtual tasks=2000}. */
    public String fullLabel() {
        return key.stream().map(Dim::text).collect(Collectors.joining(" "));
    }

    /** This series without the dimensions named in {@code ignored}. */
    public Series without(Set<String> ignored) {
        if (ignored.isEmpty()) {
            return this;
        }
        return new Series(
                key.stream().filter(d -> !ignored.contains(d.name())).toList(),
                mode,
                unit,
                higherIsBetter,
                values,
                shedLoad);
    }
}
