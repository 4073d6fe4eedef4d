package dev.vbench.stats;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Holm–Bonferroni step-down correction for testing many rows of one table at once (docs/statistics.md rule 5).
 *
 * <p>Source: S. Holm, "A simple sequentially rejective multiple test procedure", <i>Scand. J.
 * Statist.</i> 6 (1979) 65–70. With the m p-values sorted ascending, p₍₁₎ ≤ … ≤ p₍ₘ₎, the adjusted
 * value is p̃₍ᵢ₎ = max over j ≤ i of min(1, (m − j + 1) · p₍ⱼ₎); rejecting where p̃ &lt; α is exactly
 * Holm's procedure (the same adjustment as R's {@code p.adjust(p, "holm")}).
 *
 * <pre>{@code
 * double[] adjusted = Holm.adjust(new double[] {0.01, 0.04, 0.03, 0.005}); // {0.03, 0.06, 0.06, 0.02}
 * }</pre>
 */
public final class Holm {

    private Holm() {}

    /**
     * Adjusted p-values in the order of {@code p}. NaN entries (rows that were not tested) stay NaN
     * and do not count towards m.
     */
    public static double[] adjust(double[] p) {
        double[] adjusted = new double[p.length];
        Arrays.fill(adjusted, Double.NaN);
        Integer[] order = IntStream.range(0, p.length)
                .filter(i -> !Double.isNaN(p[i]))
                .boxed()
                .sorted(Comparator.comparingDouble(i -> p[i]))
                .toArray(Integer[]::new);
        int m = order.length;
        double running = 0;
        for (int j = 0; j < m; j++) {
            running = Math.max(running, Math.min(1.0, (m - j) * p[order[j]]));
            adjusted[order[j]] = running;
        }
        return adjusted;
    }
}
