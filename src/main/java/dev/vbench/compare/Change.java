package dev.vbench.compare;

import dev.vbench.stats.Verdict;

/**
 * The change of one row from one file to another.
 *
 * @param from index of the base file
 * @param to index of the new file
 * @param ratio median(to) / median(from)
 * @param p two-sided Mann-Whitney p-value of the two sets of samples
 * @param pAdjusted p after Holm correction across the rows of this column of changes
 * @param nFrom samples in the base file
 * @param nTo samples in the new file
 * @param verdict faster, slower or within variance (from {@code pAdjusted}, the noise band and the metric's direction)
 * @param shedLoad a side shed load ({@link Series#shedLoad()}): not tested (p is NaN), never faster or slower
 * @param mde the minimum detectable effect of this change's row at 80% power, a relative change
 *     ({@link Verdict.Decided#mde}): what a {@code ~} could have told apart; +∞ when the table cannot reach
 *     α; NaN when untested
 */
public record Change(
        int from,
        int to,
        double ratio,
        double p,
        double pAdjusted,
        int nFrom,
        int nTo,
        Verdict verdict,
        boolean shedLoad,
        double mde) {

    /** A change between two sides that both covered all their work, its detectable effect not known yet. */
    public Change(int from, int to, double ratio, double p, double pAdjusted, int nFrom, int nTo, Verdict verdict) {
        this(from, to, ratio, p, pAdjusted, nFrom, nTo, verdict, false, Double.NaN);
    }

    /** A change whose detectable effect is not known yet. */
    public Change(
            int from,
            int to,
            double ratio,
            double p,
            double pAdjusted,
            int nFrom,
            int nTo,
            Verdict verdict,
            boolean shedLoad) {
        this(from, to, ratio, p, pAdjusted, nFrom, nTo, verdict, shedLoad, Double.NaN);
    }

    /** Relative change new/base − 1 (docs/statistics.md rule 7). */
    public double delta() {
        return ratio - 1;
    }

    /** True when the verdict is faster or slower. */
    public boolean real() {
        return verdict != Verdict.WITHIN_VARIANCE;
    }
}
