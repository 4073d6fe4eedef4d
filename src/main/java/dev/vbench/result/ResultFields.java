package dev.vbench.result;

import java.util.List;

/**
 * Where in a result a value was read from, in the JSON path form {@link RequiredFields} names fields in
 * ({@code cells[2].trials[0].histograms.endToEnd}): for a value found bad only when it is used (a
 * histogram is decoded when a table or a chart needs it, not when the file is read), so that the error
 * still names the field.
 *
 * <pre>{@code
 * ResultFields.histogramPath(result, encoded); // "cells[0].trials[1].histograms.service", or null
 * }</pre>
 */
public final class ResultFields {

    private ResultFields() {}

    /** The path of the histogram field of {@code result} that holds {@code encoded}; null when none does. */
    public static String histogramPath(RunResult result, String encoded) {
        List<CellResult> cells = result.cells();
        for (int c = 0; c < cells.size(); c++) {
            List<TrialResult> trials = cells.get(c).trials();
            for (int t = 0; t < trials.size(); t++) {
                TrialHistograms h = trials.get(t).histograms();
                if (h == null) {
                    continue;
                }
                String at = "cells[" + c + "].trials[" + t + "].histograms.";
                if (encoded.equals(h.queueWait())) {
                    return at + "queueWait";
                }
                if (encoded.equals(h.service())) {
                    return at + "service";
                }
                if (encoded.equals(h.endToEnd())) {
                    return at + "endToEnd";
                }
                if (encoded.equals(h.intendedEndToEnd())) {
                    return at + "intendedEndToEnd";
                }
            }
        }
        return null;
    }
}
