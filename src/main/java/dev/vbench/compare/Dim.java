package dev.vbench.compare;

import java.util.Objects;

/**
 * One part of a row's configuration, e.g. {@code duration=20ms} or the executor {@code virtual}.
 * Rows of different files match when their dimensions are equal.
 *
 * @param name what it is: a workload parameter name, {@code workload}, {@code executor}, {@code tasks}
 * @param value its value as text
 * @param bare whether labels show the value alone ({@code virtual}) rather than {@code name=value}
 */
public record Dim(String name, String value, boolean bare) {

    // equals and hashCode written out: a record's own are linked through an invokedynamic bootstrap on first
    // use, which no JDK 25 start-up cache keeps, and rows are keyed on lists of dimensions, so that linking
    // was ~9% of a 'compare' command's main thread (docs/performance.md, "Start-up"). Same contract.
    @Override
    public boolean equals(Object o) {
        return o instanceof Dim d && bare == d.bare && Objects.equals(name, d.name) && Objects.equals(value, d.value);
    }

    @Override
    public int hashCode() {
        return (Objects.hashCode(name) * 31 + Objects.hashCode(value)) * 31 + Boolean.hashCode(bare);
    }

    /** How the dimension reads in a label or title. */
    public String text() {
        return bare ? value : name + "=" + value;
    }
}
