package dev.vbench.compare;

import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import dev.vbench.spi.Quantities;
import dev.vbench.stats.MannWhitney;
import dev.vbench.stats.Summaries;
import dev.vbench.stats.Verdict;
import java.math.BigDecimal;
import java.util.ArrayList;
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
     * The upper end of the 95% interval of the cell's median statistic (docs/statistics.md rule 3), in ms, when
     * the cell meets the bound by its median but the interval reaches the bound: meeting it is then not certain.
     * NaN otherwise, and with too few trials for an interval.
     */
    public double reachesBound(CellResult cell) {
        MetricSummary s = cell.summary(metric);
        boolean uncertain = s != null
                && s.median() < thresholdMillis
                && Double.isFinite(s.ciHigh())
                && s.ciHigh() >= thresholdMillis;
        return uncertain ? s.ciHigh() : Double.NaN;
    }

    /**
     * The lower end of the 95% interval of the cell's median statistic, in ms, when the cell misses the bound by
     * its median but the interval reaches below the bound: missing it is then not certain either. NaN otherwise,
     * and with too few trials for an interval.
     */
    public double reachesBelow(CellResult cell) {
        MetricSummary s = cell.summary(metric);
        boolean uncertain =
                s != null && s.median() >= thresholdMillis && Double.isFinite(s.ciLow()) && s.ciLow() < thresholdMillis;
        return uncertain ? s.ciLow() : Double.NaN;
    }

    /**
     * The levels of one executor's sweep that miss this bound by their median statistic but may meet it (its
     * interval reaches below the bound: {@link #reachesBelow}) and would have been chosen over {@code best} if
     * they did: their median throughput is higher than {@code best}'s (any, when {@code best} is null), and they
     * qualify otherwise (the cell finished, no task failed, no load was shed). In {@code levels}' order.
     */
    public List<CellResult> mayMeet(List<CellResult> levels, CellResult best) {
        double floor = best == null
                ? Double.NEGATIVE_INFINITY
                : best.summary(Metric.THROUGHPUT).median();
        List<CellResult> out = new ArrayList<>();
        for (CellResult c : levels) {
            if (qualifies(c, null) && c.summary(Metric.THROUGHPUT).median() > floor && !Double.isNaN(reachesBelow(c))) {
                out.add(c);
            }
        }
        return out;
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
            if (!qualifies(c, slo)) {
                continue;
            }
            double t = c.summary(Metric.THROUGHPUT).median();
            if (t > bestThroughput) {
                best = c;
                bestThroughput = t;
            }
        }
        return best;
    }

    /**
     * The other levels that do as well as {@code best}: those that qualify (as for {@link #best}) and whose
     * trials' throughput the tables' rule does not tell apart from the best's (Mann-Whitney over trials, Holm
     * across these levels, the noise band; docs/statistics.md rules 4–6). The highest median is a point
     * estimate: without this, a plateau's best level is whichever its noise favoured. Levels with too few
     * trials for a test are left out (nothing was tested). In {@code levels}' order.
     */
    public static List<CellResult> alike(
            List<CellResult> levels, CellResult best, Slo slo, double noise, double alpha) {
        if (best == null) {
            return List.of();
        }
        double[] top = Summaries.values(best.trials(), Metric.THROUGHPUT);
        double topMedian = best.summary(Metric.THROUGHPUT).median();
        List<CellResult> others = new ArrayList<>();
        List<Verdict.Test> tests = new ArrayList<>();
        for (CellResult c : levels) {
            if (c == best || !qualifies(c, slo)) {
                continue;
            }
            MannWhitney.Result r = MannWhitney.test(Summaries.values(c.trials(), Metric.THROUGHPUT), top);
            others.add(c);
            tests.add(new Verdict.Test(c.summary(Metric.THROUGHPUT).median() / topMedian - 1, r.p(), true));
        }
        Verdict.Decided decided = Verdict.decide(tests, noise, alpha);
        List<CellResult> alike = new ArrayList<>();
        for (int i = 0; i < others.size(); i++) {
            if (!Double.isNaN(tests.get(i).p()) && decided.verdicts()[i] == Verdict.WITHIN_VARIANCE) {
                alike.add(others.get(i));
            }
        }
        return alike;
    }

    /** A level that can be best: its cell finished, no task failed, no load was shed, and it meets {@code slo}. */
    private static boolean qualifies(CellResult c, Slo slo) {
        return c.summary(Metric.THROUGHPUT) != null
                && c.status() == CellStatus.OK
                && c.failures() == 0
                && !c.shedLoad()
                && (slo == null || slo.meets(c));
    }

    /** As written: {@code p99 < 50 ms}. */
    public String describe() {
        return metric.key() + " < "
                + BigDecimal.valueOf(thresholdMillis).stripTrailingZeros().toPlainString() + " ms";
    }
}
