package dev.vbench.compare;

/**
 * One part of a row's configuration, e.g. {@code duration=20ms} or the executor {@code virtual}.
 * Rows of different files match when their dimensions are equal.
 *
 * @param name what it is: a workload parameter name, {@code workload}, {@code executor}, {@code tasks}
 * @param value its value as text
 * @param bare whether labels show the value alone ({@code virtual}) rather than {@code name=value}
 */
public record Dim(String name, String value, boolean bare) {

    /** How the dimension reads in a label or title. */
    public String text() {
        return bare ? value : name + "=" + value;
    }
}
