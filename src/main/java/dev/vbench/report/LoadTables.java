package dev.vbench.report;

import dev.vbench.compare.CellDimension;
import dev.vbench.result.CellResult;
import dev.vbench.result.LatencySummary;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.Durations;
import dev.vbench.stats.Summaries;
import dev.vbench.text.Numbers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * Tables and footnotes for open-model ({@code --rate}) cells and for load a strategy shed
 * (docs/statistics.md rule 10):
 * <ul>
 *   <li>the open-model table: target vs achieved rate, dropped and timed-out tasks, and latency
 *       percentiles twice — corrected (from the intended start t₀ + i/rate) and uncorrected (from
 *       the actual submit), as wrk2 {@code --latency -U} prints them;
 *   <li>a † on every cell that dropped or timed out tasks, with a footnote: its latency and
 *       throughput cover only the tasks that ran, so it is never reported as faster.
 * </ul>
 */
public final class LoadTables {

    /** Marks a cell that shed load, in every table that shows it. */
    public static final String SHED_MARK = "†";

    private LoadTables() {}

    /** The open-model table of a workload's cells, or null when none ran with {@code --rate}. */
    public static Table openModel(String workload, List<CellResult> cells, int warmup) {
        List<CellResult> open =
                cells.stream().filter(c -> c.config().openModel()).toList();
        if (open.isEmpty()) {
            return null;
        }
        List<CellDimension> dims = CellDimension.varying(open).stream()
                .filter(d -> !d.name().equals("tasks")
                        || open.stream().map(c -> c.config().tasks()).distinct().count() > 1)
                .toList();
        Table.Builder b = new Table.Builder(
                RunTables.title(workload, open, warmup) + " — open model: latency from the intended start");
        dims.forEach(d -> b.text(d.name()));
        b.text("executor")
                .number("target")
                .number("achieved")
                .number("dropped")
                .number("timed out")
                .text("latency")
                .number("mean")
                .number("p50")
                .number("p90")
                .number("p99")
                .number("p99.9")
                .number("max");
        for (CellResult c : open) {
            List<String> row = new ArrayList<>();
            dims.forEach(d -> row.add(d.value(c.config())));
            row.add(c.config().executor().spec() + (c.shedLoad() ? " " + SHED_MARK : ""));
            double target = c.config().ratePerSecond();
            double achieved = median(c, TrialResult::achievedRatePerSecond);
            row.add(Numbers.rate(target, "tasks/s"));
            row.add(Numbers.rate(achieved, "tasks/s") + " (" + Numbers.fixed(100 * achieved / target, 1) + "%)");
            row.add(countWithShare(total(c, TrialResult::dropped), total(c, TrialResult::tasks)));
            row.add(countWithShare(total(c, TrialResult::timedOut), total(c, TrialResult::tasks)));
            row.add("corrected");
            row.addAll(percentiles(c, TrialResult::latency));
            b.row(row);
            List<String> second = new ArrayList<>();
            for (int i = 0; i < dims.size() + 5; i++) {
                second.add("");
            }
            second.add("uncorrected");
            second.addAll(percentiles(c, TrialResult::uncorrectedLatency));
            b.row(second);
        }
        b.footnote("corrected: from each task's intended start t₀ + i/rate, so time spent waiting behind a stall counts"
                + " (coordinated omission, as wrk2); uncorrected: from the actual submit (wrk2 -U)");
        b.footnote("achieved: tasks submitted per second; dropped: not started within --timeout of the intended start"
                + " (never ran); timed out: ran but ended after it; percentiles: median over trials");
        footnotes(b, open);
        return b.build();
    }

    /** Footnotes for the cells of any table: who shed load, and timed trials cut short. */
    public static void footnotes(Table.Builder b, List<CellResult> cells) {
        for (CellResult c : cells) {
            long window = c.config().durationNanos();
            if (window > 0
                    && !c.config().openModel()
                    && c.trials().stream().anyMatch(t -> t.makespanNanos() < window)) {
                b.footnote(
                        c.config().executor().spec() + " (" + c.config().loadText() + "): a trial reached the limit"
                                + " of tasks one trial records before its window closed; its throughput is over the shorter time");
            }
            if (!c.shedLoad()) {
                continue;
            }
            long timeout = c.config().timeoutNanos();
            b.footnote(SHED_MARK + " " + c.config().executor().spec() + " ("
                    + c.config().loadText() + "): shed load, "
                    + total(c, TrialResult::dropped) + " dropped and " + total(c, TrialResult::timedOut)
                    + " timed out of " + total(c, TrialResult::tasks) + " tasks in "
                    + c.trials().size()
                    + (c.trials().size() == 1 ? " trial" : " trials")
                    + (timeout > 0 ? " (--timeout " + Durations.format(Duration.ofNanos(timeout)) + ")" : "")
                    + "; its figures cover only the tasks that ran, so it is never ranked faster");
        }
    }

    /** Footnote for tables whose latency columns mix in open-model cells. */
    static void openModelNote(Table.Builder b, List<CellResult> cells) {
        if (cells.stream().anyMatch(c -> c.config().openModel())) {
            b.footnote("rate cells: latency from each task's intended start (coordinated-omission corrected);"
                    + " the open-model table shows the uncorrected figures");
        }
    }

    private static List<String> percentiles(CellResult c, Function<TrialResult, LatencySummary> of) {
        List<String> out = new ArrayList<>();
        List<ToDoubleFunction<LatencySummary>> stats = List.of(
                LatencySummary::meanNanos,
                s -> s.p50Nanos(),
                s -> s.p90Nanos(),
                s -> s.p99Nanos(),
                s -> s.p999Nanos(),
                s -> s.maxNanos());
        for (ToDoubleFunction<LatencySummary> stat : stats) {
            double median = median(c, t -> {
                LatencySummary s = of.apply(t);
                return s == null || s.count() == 0 ? Double.NaN : stat.applyAsDouble(s) / 1e6;
            });
            out.add(Double.isNaN(median) ? "—" : Numbers.latency(median));
        }
        return out;
    }

    private static double median(CellResult c, ToDoubleFunction<TrialResult> value) {
        double[] values = c.trials().stream()
                .mapToDouble(value)
                .filter(v -> !Double.isNaN(v))
                .toArray();
        return values.length == 0 ? Double.NaN : Summaries.summarize(values, "").median();
    }

    private static long total(CellResult c, ToLongFunction<TrialResult> value) {
        return c.trials().stream().mapToLong(value).sum();
    }

    private static String countWithShare(long count, long of) {
        if (count == 0 || of == 0) {
            return String.valueOf(count);
        }
        return count + " (" + Numbers.fixed(100.0 * count / of, 1) + "%)";
    }
}
