package dev.vbench.diagnose;

import dev.vbench.compare.CellComparison;
import dev.vbench.compare.Change;
import dev.vbench.compare.Comparison;
import dev.vbench.compare.Row;
import dev.vbench.result.CellResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The one place where the pairs of cells a comparison table compares are found: for each row of a
 * {@link Comparison} and each pair of its layout ({@link Comparison#pairs()}), the two cells behind
 * the change. A run's executor or JVM table ({@link CellComparison}) and {@code vbench compare}
 * (cells matched across files, {@link dev.vbench.compare.Inputs#matchedCells}) both come here, so the
 * console, markdown and HTML show the same Why lines and differential flame graphs.
 *
 * <pre>{@code
 * List<ComparedPair> pairs = ComparedPairs.of(cellComparison, List.of(8, 8));
 * pairs.stream().filter(ComparedPair::significant).map(WhyLines::of)...
 * }</pre>
 */
public final class ComparedPairs {

    private ComparedPairs() {}

    /**
     * The pairs of a run's comparison table.
     *
     * @param cpus processors of the run's JVM, used for a cell without its own probed JVM ({@link CellResult#jvm()})
     */
    public static List<ComparedPair> of(CellComparison c, int cpus) {
        return of(
                c.comparison(),
                c.cells(),
                Collections.nCopies(c.comparison().files().size(), cpus));
    }

    /**
     * The pairs of {@code comparison}. A pair's row label is empty when the comparison has one row (the
     * label would tell nothing apart).
     *
     * @param cells per row of the comparison, per column: the cell behind it, or null
     * @param cpusPerColumn per column: the processors of that file's JVM, used for a cell without its
     *     own probed JVM
     */
    public static List<ComparedPair> of(
            Comparison comparison, List<List<CellResult>> cells, List<Integer> cpusPerColumn) {
        List<ComparedPair> pairs = new ArrayList<>();
        for (int r = 0; r < comparison.rows().size() && r < cells.size(); r++) {
            Row row = comparison.rows().get(r);
            List<CellResult> perColumn = cells.get(r);
            for (int p = 0; p < comparison.pairs().size(); p++) {
                int[] pair = comparison.pairs().get(p);
                CellResult from = perColumn.get(pair[0]);
                CellResult to = perColumn.get(pair[1]);
                Change change = p < row.changes().size() ? row.changes().get(p) : null;
                if (from == null || to == null) {
                    continue;
                }
                pairs.add(new ComparedPair(
                        rowText(comparison, row),
                        row.mode(),
                        side(comparison, pair[0], from, cpusPerColumn),
                        side(comparison, pair[1], to, cpusPerColumn),
                        change,
                        ComparedPair.viewFor(from, to)));
            }
        }
        return pairs;
    }

    /** The row's label as {@code name=value} when one dimension varies; empty when the comparison has one row. */
    private static String rowText(Comparison c, Row row) {
        if (c.rows().size() == 1) {
            return "";
        }
        return c.rowHeader().equals("Benchmark") || row.label().contains("=")
                ? row.label()
                : c.rowHeader() + "=" + row.label();
    }

    private static ComparedPair.Side side(Comparison c, int column, CellResult cell, List<Integer> cpusPerColumn) {
        int cpus = cell.jvm() != null ? cell.jvm().availableProcessors() : cpusPerColumn.get(column);
        return new ComparedPair.Side(c.files().get(column).label(), cell, cpus);
    }
}
