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
 */
public record Change(int from, int to, double ratio, double p, double pAdjusted, int nFrom, int nTo, Verdict verdict,
        boolean shedLoad) {

    /** A change between two sides that both covered all their work. */
    public Change(int from, int to, double ratio, double p, double pAdjusted, int nFrom, int nTo, Verdict verdict) {
        this(from, to, ratio, p, pAdjusted, nFrom, nTo, verdict, false);
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
