package dev.vbench.compare;

import dev.vbench.measure.Histograms;
import dev.vbench.result.CellResult;
import dev.vbench.result.RunResult;
import dev.vbench.result.TrialHistograms;
import dev.vbench.result.TrialResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * The per-task latency distributions behind the rows of a {@link Comparison}: for each row and
 * each input file, the histograms of the matched cell's measured trials merged into one (merging
 * HdrHistograms is exact). Only vbench results carry histograms; JMH files and rows a file lacks
 * have none.
 *
 * <p>The latency is the one the metrics use ({@link TrialResult#latency()}): submit → end, or in an
 * open-model ({@code --rate}) cell intended start → end, corrected for coordinated omission.
 *
 * <pre>{@code
 * Latencies l = Latencies.of(comparison, List.of(runA, runB), Set.of());
 * Latencies.Merged m = l.get(0, 1); // row 0, second file; null when it has no histograms
 * }</pre>
 */
public final class Latencies {

    /** No histograms at all (JMH inputs, or a renderer that does not draw curves). */
    public static final Latencies NONE = new Latencies(List.of());

    /**
     * One cell's merged latency histogram.
     *
     * @param histogram all measured trials merged, in nanoseconds; treat as read-only
     * @param trials how many trials were merged
     * @param corrected true when measured from the intended start (open model), false from the submit
     */
    public record Merged(Histogram histogram, int trials, boolean corrected) {}

    private final List<List<Merged>> rows;

    private Latencies(List<List<Merged>> rows) {
        this.rows = rows;
    }

    /**
     * @param comparison the computed comparison whose rows are looked up
     * @param runs per input file, in the comparison's file order: the vbench result, or null (JMH)
     * @param matchIgnore the dimensions left out of matching, as given to {@link Comparisons#compute}
     * @throws dev.vbench.measure.Histograms.NotAHistogram when a histogram does not decode (the use case that
     *     read the files names the file and the field)
     */
    public static Latencies of(Comparison comparison, List<RunResult> runs, Set<String> matchIgnore) {
        if (runs.size() != comparison.files().size()) {
            throw new IllegalArgumentException(
                    runs.size() + " runs for " + comparison.files().size() + " files");
        }
        List<List<CellResult>> matched = Inputs.matchedCells(comparison, runs, matchIgnore);
        List<List<Merged>> rows = new ArrayList<>();
        for (List<CellResult> row : matched) {
            List<Merged> perFile = new ArrayList<>();
            for (int f = 0; f < row.size(); f++) {
                CellResult cell = row.get(f);
                perFile.add(cell == null ? null : merge(cell));
            }
            rows.add(Collections.unmodifiableList(perFile));
        }
        return new Latencies(List.copyOf(rows));
    }

    /** The merged histogram of {@code row} in {@code file}, or null when there is none. */
    public Merged get(int row, int file) {
        if (row >= rows.size()) {
            return null;
        }
        List<Merged> perFile = rows.get(row);
        return file < perFile.size() ? perFile.get(file) : null;
    }

    /** True when no row of any file has a histogram. */
    public boolean isEmpty() {
        return rows.stream().allMatch(r -> r.stream().allMatch(m -> m == null));
    }

    /**
     * The measured trials' latency histograms merged (merging is exact): from the intended start when
     * every trial has it (open model, corrected for coordinated omission), else submit → end; null when
     * no trial carries one.
     */
    public static Merged merge(CellResult cell) {
        boolean corrected = !cell.trials().isEmpty()
                && cell.trials().stream()
                        .allMatch(t -> t.histograms() != null && t.histograms().intendedEndToEnd() != null);
        Histogram merged = Histograms.newHistogram();
        int trials = 0;
        for (TrialResult t : cell.trials()) {
            TrialHistograms h = t.histograms();
            String encoded = h == null ? null : corrected ? h.intendedEndToEnd() : h.endToEnd();
            if (encoded == null || encoded.isEmpty()) {
                continue;
            }
            merged.add(Histograms.decode(encoded));
            trials++;
        }
        return merged.getTotalCount() == 0 ? null : new Merged(merged, trials, corrected);
    }
}
