package dev.vbench.report.ci;

import dev.vbench.report.Table;
import dev.vbench.stats.Verdict;
import java.util.List;

/**
 * A gate's result as CI shows it: every tested change with its verdict and what the gate made of it,
 * and the table that shows the rows ({@link dev.vbench.report.ComparisonTables} for {@code compare}, the
 * check table for {@code history check}). Built once ({@link GateReports#of} for a comparison); the job
 * summary, the comment, the workflow commands and JUnit XML only render it.
 *
 * @param command {@code compare} or {@code history check}
 * @param title what was compared, e.g. {@code before → after}
 * @param baseline which baseline was used, with its commit where there is one; empty when the title says it
 * @param threshold {@code --fail-on-regression} as a fraction, or null when there is none
 * @param checks one per tested change, in table order
 * @param table the rows as the command's table shows them
 * @param places per row of {@code table}: where the job summary and the comment put it ({@link Place})
 * @param footnotes what the table's numbers mean (the decision rule), shown once under the tables
 */
public record GateReport(
        String command,
        String title,
        String baseline,
        Double threshold,
        List<Check> checks,
        Table table,
        List<Place> places,
        List<String> footnotes) {

    public GateReport {
        checks = List.copyOf(checks);
        places = List.copyOf(places);
        footnotes = List.copyOf(footnotes);
        if (places.size() != table.rows().size()) {
            throw new IllegalArgumentException(
                    places.size() + " row places for a table of " + table.rows().size() + " rows");
        }
    }

    /**
     * Where a table row goes in the job summary and the comment: regressions first, the rest folded; when
     * the text would pass GitHub's size limit, unchanged rows are left out first, then the other folded ones.
     */
    public enum Place {
        /** A row with a slower change, or a summary row (the geomean): shown unfolded. */
        SHOWN,
        /** A row that changed otherwise (faster): folded, left out after the unchanged ones. */
        FOLDED,
        /** A row within variance (or untested): folded, left out first. */
        UNCHANGED;

        /** The place of a row whose changes have these verdicts. */
        public static Place of(List<Verdict> verdicts) {
            if (verdicts.contains(Verdict.SLOWER)) {
                return SHOWN;
            }
            return verdicts.contains(Verdict.FASTER) ? FOLDED : UNCHANGED;
        }
    }

    /** What the gate made of a change. */
    public enum Outcome {
        /** Slower by more than the gate's threshold: the command exits 1. */
        FAILED,
        /** Slower, within the gate (or there is no gate). */
        SLOWER,
        FASTER,
        /** Within variance. */
        UNCHANGED,
        /** A gate of the gates file ignores the row. */
        IGNORED,
        /** Not tested: the row is missing on one side, a side shed load, or there is no baseline. */
        UNTESTED
    }

    /**
     * One tested change.
     *
     * @param name the configuration that changed, unique within the report (JUnit's test name)
     * @param metric what is measured ({@code makespan}, {@code avgt})
     * @param unit unit of {@code base} and {@code head}
     * @param from label of the base side (a file, or the baseline run)
     * @param to label of the new side
     * @param base the base's centre (median), NaN when missing
     * @param head the new side's median, NaN when missing
     * @param delta head / base − 1
     * @param p the Holm-adjusted p of the change, NaN when untested
     * @param nBase samples on the base side (trials, or baseline runs for a prediction interval)
     * @param nHead samples on the new side
     * @param verdict the change's verdict
     * @param outcome what the gate made of it
     * @param threshold the threshold that applied to this row, or null for none
     * @param note why it is ignored or untested, where the gate or the data says; may be empty
     * @param mde the smallest change the test could call with 80% power (relative); NaN when unknown
     */
    public record Check(
            String name,
            String metric,
            String unit,
            String from,
            String to,
            double base,
            double head,
            double delta,
            double p,
            int nBase,
            int nHead,
            Verdict verdict,
            Outcome outcome,
            Double threshold,
            String note,
            double mde) {}

    /** How many checks have {@code outcome}. */
    public long count(Outcome outcome) {
        return checks.stream().filter(c -> c.outcome() == outcome).count();
    }

    /** The checks past the gate. */
    public List<Check> failed() {
        return checks.stream().filter(c -> c.outcome() == Outcome.FAILED).toList();
    }

    /**
     * What an outcome is for a change of {@code verdict}: ignored when a gate says so, untested without a
     * test, failed when it regressed past {@code threshold} ({@link Verdict#regressionBeyond}).
     */
    public static Outcome outcome(
            Verdict verdict, double delta, double p, boolean higherIsBetter, Double threshold, boolean ignored) {
        if (ignored) {
            return Outcome.IGNORED;
        }
        if (Double.isNaN(p)) {
            return Outcome.UNTESTED;
        }
        if (threshold != null && verdict.regressionBeyond(delta, higherIsBetter, threshold)) {
            return Outcome.FAILED;
        }
        return switch (verdict) {
            case SLOWER -> Outcome.SLOWER;
            case FASTER -> Outcome.FASTER;
            case WITHIN_VARIANCE -> Outcome.UNCHANGED;
        };
    }
}
