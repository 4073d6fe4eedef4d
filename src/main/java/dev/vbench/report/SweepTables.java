package dev.vbench.report;

import dev.vbench.compare.CellComparison;
import dev.vbench.compare.CellDimension;
import dev.vbench.compare.Comparison;
import dev.vbench.compare.Layout;
import dev.vbench.compare.Slo;
import dev.vbench.config.Defaults;
import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import dev.vbench.text.Numbers;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Concurrency sweeps ({@code --concurrency 1,4,16,64}) in seed 001's layout: one row per level,
 * executors as columns, then chained deltas between adjacent executors
 * ({@code Concurrency | A | B | C | A → B | B → C}; from {@link CellComparison}, so a delta that is not
 * significant or within the noise band prints {@code ~}), and a {@code best} row naming each executor's
 * best level: the highest median throughput, among levels that meet the {@link Slo} when one is
 * given and that neither failed, dropped nor timed out tasks.
 *
 * <pre>{@code
 * for (SweepTables.Sweep s : SweepTables.concurrency("io", cells, options, warmup)) {
 *     System.out.print(ConsoleRenderer.render(s.table()));
 *     s.verdicts().forEach(System.out::println);
 * }
 * }</pre>
 */
public final class SweepTables {

    private SweepTables() {}

    /**
     * A sweep table and its verdicts: per executor the best concurrency (with {@code --slo}, the best
     * that meets it), or why none qualifies; and the comparison the table lays out.
     */
    public record Sweep(Table table, List<String> verdicts, Comparison comparison) {
        public Sweep {
            verdicts = List.copyOf(verdicts);
        }
    }

    /** One sweep per group of cells that differ only in executor and concurrency (two or more levels). */
    public static List<Sweep> concurrency(String workload, List<CellResult> cells, ReportOptions options, int warmup) {
        Map<String, List<CellResult>> groups = new LinkedHashMap<>();
        for (CellResult c : cells) {
            groups.computeIfAbsent(groupKey(c.config()), k -> new ArrayList<>()).add(c);
        }
        List<Sweep> tables = new ArrayList<>();
        for (List<CellResult> group : groups.values()) {
            Sweep t =
                    group.stream().map(c -> c.config().concurrency()).distinct().count() > 1
                            ? table(workload, group, options, warmup, groups.size() > 1)
                            : null;
            if (t != null) {
                tables.add(t);
            }
        }
        return tables;
    }

    /** Everything but executor and concurrency (a run with JVMs as an axis has one sweep per JVM). */
    private static String groupKey(CellConfig c) {
        return c.params() + "|" + c.tasks() + "|" + c.durationNanos() + "|" + c.ratePerSecond() + "|" + c.timeoutNanos()
                + "|" + c.jvm() + "|" + c.build();
    }

    private static Sweep table(
            String workload, List<CellResult> group, ReportOptions options, int warmup, boolean nameTheLoad) {
        Metric metric = options.sweepMetricOrDefault();
        List<CellResult> byLevel = group.stream()
                .sorted(Comparator.comparingInt(c -> c.config().concurrency()))
                .toList();
        CellComparison c = RunTables.compare(
                byLevel, List.of(CellDimension.CONCURRENCY), metric, null, Layout.CHAIN, options.noise());
        if (c == null) {
            return null;
        }
        String load = RunTables.loadApartFromConcurrency(group.get(0).config());
        String title = RunTables.title(workload, group, warmup)
                + (nameTheLoad && !RunTables.title(workload, group, warmup).contains(load) ? " · " + load : "")
                + " — " + metric.key() + " (" + metric.unit() + ") by concurrency";
        Table.Builder b = ComparisonTables.builder(
                c.comparison().withTitle(title),
                ComparisonTables.Style.run(options.verbose()).capitalized().withoutGeomean());
        List<String> executors =
                c.comparison().files().stream().map(f -> f.label()).toList();
        List<String> best = new ArrayList<>(List.of("best"));
        List<String> notes = new ArrayList<>();
        boolean anyAlike = false;
        for (String e : executors) {
            List<CellResult> ofExecutor = byLevel.stream()
                    .filter(x -> x.config().executor().spec().equals(e))
                    .toList();
            CellResult winner = Slo.best(ofExecutor, options.slo());
            best.add(winner == null ? "none" : String.valueOf(winner.config().concurrency()));
            List<CellResult> alike = Slo.alike(ofExecutor, winner, options.slo(), options.noise(), Defaults.ALPHA);
            anyAlike |= !alike.isEmpty();
            notes.add(bestNote(e, winner, alike, ofExecutor, options.slo()));
        }
        for (int i = 1; i < executors.size(); i++) {
            best.add("");
        }
        b.row(best);
        b.footnote(
                options.slo() == null
                        ? "best: the concurrency with the highest median throughput (trials that failed, dropped or timed out tasks do not qualify)"
                                + (anyAlike ? ALIKE : "")
                        : "best: the highest median throughput whose median "
                                + options.slo().describe()
                                + " (trials that failed, dropped or timed out tasks do not qualify)"
                                + (anyAlike ? ALIKE : ""));
        LoadTables.openModelNote(b, group);
        LoadTables.footnotes(b, group);
        return new Sweep(b.build(), notes, c.comparison());
    }

    /** What the levels named beside the best one are (the footnote of the best row). */
    private static final String ALIKE = "; a level named after the best one below does not differ from it"
            + " significantly (Mann-Whitney over trials, Holm across the levels, the noise band): it does as well";

    private static String bestNote(
            String executor, CellResult winner, List<CellResult> alike, List<CellResult> levels, Slo slo) {
        if (winner != null) {
            MetricSummary t = winner.summary(Metric.THROUGHPUT);
            List<String> same = alike.stream()
                    .map(c -> String.valueOf(c.config().concurrency()))
                    .toList();
            return executor + ": best concurrency " + winner.config().concurrency() + " — "
                    + Numbers.metric(t.median(), t.unit())
                    + (slo == null ? "" : ", " + slo.metric().key() + " " + Numbers.millis(slo.valueOf(winner)))
                    + (slo == null || Double.isNaN(slo.reachesBound(winner))
                            ? ""
                            : " (95% CI up to " + Numbers.millis(slo.reachesBound(winner)) + ": it may miss "
                                    + slo.describe() + ")")
                    + (same.isEmpty()
                            ? ""
                            : "; " + listed(same) + (same.size() == 1 ? " does" : " do")
                                    + " not differ from it significantly")
                    + (slo == null ? "" : mayMeet(slo, slo.mayMeet(levels, winner), true));
        }
        if (slo == null) {
            return executor + ": no concurrency qualifies (every level failed, dropped or timed out tasks)";
        }
        CellResult lowest = null;
        for (CellResult c : levels) {
            if (!Double.isNaN(slo.valueOf(c)) && (lowest == null || slo.valueOf(c) < slo.valueOf(lowest))) {
                lowest = c;
            }
        }
        return executor + ": no concurrency meets " + slo.describe()
                + (lowest == null
                        ? ""
                        : " (lowest " + slo.metric().key() + ": " + Numbers.millis(slo.valueOf(lowest))
                                + " at concurrency " + lowest.config().concurrency() + ")")
                + mayMeet(slo, slo.mayMeet(levels, null), false);
    }

    /**
     * The levels that miss the bound by their median only ({@link Slo#mayMeet}), with their statistic and the
     * low end of its interval: {@code ; 64, with more throughput, misses p99 < 20 ms by the median only and may
     * meet it (p99 21.00 ms, 95% CI down to 19.50 ms)}; {@code more}: beside a best level, whose throughput
     * they exceed. Empty when none.
     */
    private static String mayMeet(Slo slo, List<CellResult> levels, boolean more) {
        if (levels.isEmpty()) {
            return "";
        }
        List<String> names = levels.stream()
                .map(c -> String.valueOf(c.config().concurrency()))
                .toList();
        List<String> figures = levels.stream()
                .map(c -> (levels.size() == 1 ? "" : c.config().concurrency() + ": ")
                        + slo.metric().key() + " " + Numbers.millis(slo.valueOf(c)) + ", 95% CI down to "
                        + Numbers.millis(slo.reachesBelow(c)))
                .toList();
        return "; " + listed(names) + (more ? ", with more throughput," : "")
                + (levels.size() == 1 ? " misses " : " miss ") + slo.describe()
                + " by the median only and may meet it (" + String.join("; ", figures) + ")";
    }

    /** {@code 16}, {@code 16 and 32}, {@code 4, 16 and 32}. */
    private static String listed(List<String> items) {
        int last = items.size() - 1;
        return last == 0 ? items.get(0) : String.join(", ", items.subList(0, last)) + " and " + items.get(last);
    }
}
