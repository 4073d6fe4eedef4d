package dev.vbench.diagnose;

import dev.vbench.compare.Change;
import dev.vbench.result.CellResult;
import dev.vbench.result.Profile;
import java.util.ArrayList;
import java.util.List;

/**
 * Two cells that a comparison table sets side by side in one row: executor A vs B in a run's table,
 * JVM A vs B, or before vs after in {@code vbench compare}. The change and its verdict are the
 * table's own ({@link Change}); nothing here tests again.
 *
 * @param row the row's label (the dimensions that vary between rows, e.g. {@code duration=100ms}); may be empty
 * @param mode what the table compares ({@code makespan}, {@code p99})
 * @param from the base side of the change (the table's first column of the pair)
 * @param to the other side
 * @param change the table's change from {@code from} to {@code to}
 * @param view how a differential flame graph of the two lines up ({@link View})
 */
public record ComparedPair(String row, String mode, Side from, Side to, Change change, View view) {

    /**
     * One side of a pair.
     *
     * @param label the column's label ({@code virtual}, {@code j21}, {@code before})
     * @param cell the cell behind it
     * @param cpus the processors the cell's JVM saw (for the saturation diagnosis)
     */
    public record Side(String label, CellResult cell, int cpus) {}

    /**
     * The order of a stack's frames in a (differential) flame graph. Across executors the frames
     * near the root differ (each scheduler runs tasks its own way), so only the leaf-first view lines
     * the same code up; for the same cell across files or JVMs the root-first view does.
     */
    public enum View {
        /** Root at the top, callees below: the usual flame graph. */
        ROOT_FIRST,
        /** Leaves (the task's state, the frame it was in) at the top, callers below. */
        LEAF_FIRST;

        /** Words for captions: {@code root first}, {@code leaf first}. */
        public String words() {
            return this == ROOT_FIRST ? "root first" : "leaf first";
        }
    }

    /** The view for two cells: leaf first when their executors differ, else root first. */
    public static View viewFor(CellResult a, CellResult b) {
        return a.config().executor().spec().equals(b.config().executor().spec()) ? View.ROOT_FIRST : View.LEAF_FIRST;
    }

    /** Whether the table calls this change faster or slower (and no side shed load): only those get a Why. */
    public boolean significant() {
        return change != null && change.real() && !change.shedLoad();
    }

    /** The events both sides were profiled for, in the order of the first side's profiles. */
    public List<String> commonEvents() {
        List<String> events = new ArrayList<>();
        for (Profile p : from.cell().profiles()) {
            if (to.cell().profile(p.event()) != null
                    && p.totalSamples() > 0
                    && to.cell().profile(p.event()).totalSamples() > 0) {
                events.add(p.event());
            }
        }
        return events;
    }
}
