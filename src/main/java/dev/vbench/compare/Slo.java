package dev.vbench.compare;

import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import dev.vbench.spi.Quantities;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A latency objective for concurrency sweeps ({@code --slo p99<50ms}): a level meets it when the
 * median over trials of the per-trial statistic is below the threshold (docs/statistics.md rule 1: the
 * trial is the sample). In an open-model run the statistic is the corrected latency. The bound is a
 * duration in the one grammar of {@link Quantities} ({@code 50ms}, {@code 1.5s}, {@code 1min}).
 *
 * <pre>{@code
 * Slo slo = Slo.parse("p99<50ms");
 * boolean ok = slo.meets(cell);
 * }</pre>
 *
 * @param metric the latency statistic: mean, p50, p90, p99, p999 or max
 * @param thresholdMillis the bound, exclusive, in milliseconds
 */
public record Slo(Metric metric, double thresholdMillis) {

    private static final Pattern FORM = Pattern.compile("(mean|max|p50|p90|p99|p999|p99\\.9)\\s*<\\s*(.+)");

    /**
     * Parses {@code STAT<DURATION}, e.g. {@code p99<50ms}, {@code p999<200ms}, {@code mean<2.5ms}.
     *
     * @throws IllegalArgumentException with a message that names the fix
     */
    public static Slo parse(String text) {
        Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("--slo '" + text + "' is not STAT<DURATION; write e.g. --slo 'p99<50ms'"
                    + " (STAT: mean, p50, p90, p99, p999, max)");
        }
        double millis;
        try {
            millis = Quantities.duration(m.group(2)).toNanos() / 1e6;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "--slo '" + text + "': '" + m.group(2).trim() + "' " + e.getMessage());
        }
        if (millis <= 0) {
            throw new IllegalArgumentException(
                    "--slo '" + text + "' has a zero bound that nothing can meet;" + " write e.g. --slo 'p99<50ms'");
        }
        return new Slo(Metric.parse(m.group(1)), millis);
    }

    /** The cell's median of {@link #metric}, in ms; NaN when not measured. */
    public double valueOf(CellResult cell) {
        MetricSummary s = cell.summary(metric);
        return s == null ? Double.NaN : s.median();
    }

    /** Whether the cell's median statistic is below the bound. */
    public boolean meets(CellResult cell) {
        return valueOf(cell) < thresholdMillis;
    }

    /**
     * The best concurrency of one executor's sweep: the highest median throughput among the levels
     * that qualify (no failed task, no shed load, the cell finished) and meet {@code slo} when one is
     * given; ties go to the lower concurrency. Null when no level qualifies.
     */
    public static CellResult best(List<CellResult> levels, Slo slo) {
        CellResult best = null;
        double bestThroughput = Double.NEGATIVE_INFINITY;
        for (CellResult c : levels) {
            MetricSummary t = c.summary(Metric.THROUGHPUT);
            boolean qualifies = c.status() == CellStatus.OK && c.failures() == 0 && !c.shedLoad();
            if (t == null || !qualifies || (slo != null && !slo.meets(c))) {
                continue;
            }
            if (t.median() > bestThroughput) {
                best = c;
                bestThroughput = t.median();
            }
        }
        return best;
    }

    /** As written: {@code p99 < 50 ms}. */
    public String describe() {
        return metric.key() + " < "
                + BigDecimal.valueOf(thresholdMillis).stripTrailingZeros().toPlainString() + " ms";
    }
}
