package dev.vbench.report;

import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import dev.vbench.spi.Quantities;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A latency objective for concurrency sweeps ({@code --slo p99<50ms}): a level meets it when the
 * median over trials of the per-trial statistic is below the threshold (STATS.md rule 1: the
 * trial is the sample). In an open-model run the statistic is the corrected latency.
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
            millis = Quantities.duration(m.group(2).trim()).toNanos() / 1e6; // the one duration grammar
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--slo '" + text + "': '" + m.group(2).trim() + "' " + e.getMessage());
        }
        if (millis <= 0) {
            throw new IllegalArgumentException("--slo '" + text + "' has a zero bound that nothing can meet;"
                    + " write e.g. --slo 'p99<50ms'");
        }
        String stat = m.group(1).equals("p99.9") ? "p999" : m.group(1);
        return new Slo(Metric.byKey(stat), millis);
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

    /** As written: {@code p99 < 50 ms}. */
    public String describe() {
        return metric.key() + " < " + BigDecimal.valueOf(thresholdMillis).stripTrailingZeros().toPlainString() + " ms";
    }
}
