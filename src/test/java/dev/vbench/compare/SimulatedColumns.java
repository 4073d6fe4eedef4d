package dev.vbench.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntToDoubleFunction;

/**
 * Files of one row of makespans for simulated comparisons (the A/A checks of the knee and the gate): each file
 * a column {@code c0, c1, ...} of six trials of lognormal noise with a 5% spread around a centre per column.
 *
 * <pre>{@code
 * List<Dataset> equal = SimulatedColumns.of(random, 6, col -> 100);
 * }</pre>
 */
final class SimulatedColumns {

    private SimulatedColumns() {}

    /** {@code files} columns of six trials each around {@code centre.applyAsDouble(column)}. */
    static List<Dataset> of(Random random, int files, IntToDoubleFunction centre) {
        List<Dataset> columns = new ArrayList<>();
        for (int col = 0; col < files; col++) {
            double[] trials = new double[6];
            for (int t = 0; t < trials.length; t++) {
                trials[t] = centre.applyAsDouble(col) * Math.exp(0.05 * random.nextGaussian());
            }
            columns.add(column("c" + col, trials));
        }
        return columns;
    }

    /** A file of one row ({@code tasks=200}, makespan in ms) with these trials. */
    static Dataset column(String label, double[] trials) {
        Series s = new Series(List.of(new Dim("tasks", "200", true)), "makespan", "ms", false, trials);
        return new Dataset(label, label, "vbench", Map.of(), List.of(s), List.of());
    }
}
