package dev.vbench.report;

import dev.vbench.compare.CellDimension;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import dev.vbench.result.PinnedStack;
import dev.vbench.result.SchedulerInfo;
import dev.vbench.result.Telemetry;
import dev.vbench.result.TrialResult;
import dev.vbench.stats.Descriptive;
import dev.vbench.text.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * What the JVM did during the trials: the pinning footnote every table gets, the telemetry table
 * and the pinned stacks that {@code --verbose} adds. Per-trial values are summarised by their
 * median over the measured trials.
 */
public final class TelemetryTables {

    /** Distinct pinned stacks listed per cell. */
    static final int STACKS_PER_CELL = 5;

    private TelemetryTables() {}

    /** A footnote per cell whose virtual threads pinned their carriers. */
    public static void pinningFootnotes(Table.Builder table, List<CellResult> cells) {
        for (CellResult c : cells) {
            long pinned = c.pinnedEvents();
            if (pinned > 0) {
                table.footnote(
                        c.config().executor().spec() + " (" + rowLabel(c, cells) + "): " + pinned + " pinned park"
                                + (pinned == 1 ? "" : "s") + " in " + c.trials().size() + " trial"
                                + (c.trials().size() == 1 ? "" : "s")
                                + " (JFR jdk.VirtualThreadPinned); stacks with --verbose and in the JSON");
            }
        }
    }

    /**
     * The telemetry table of one workload's cells: one row per cell. The in-flight column shows when a
     * cell recorded it, the scheduler's load columns when a cell on virtual threads was sampled.
     */
    public static Table telemetry(String workload, List<CellResult> cells) {
        List<CellDimension> dims = CellDimension.varying(cells);
        boolean inFlight = cells.stream()
                .anyMatch(c -> c.trials().stream().anyMatch(t -> t.telemetry().inFlight() != null));
        boolean load = cells.stream()
                .anyMatch(c -> c.trials().stream()
                        .anyMatch(t -> t.telemetry().scheduler() != null
                                && t.telemetry().scheduler().load() != null));
        Table.Builder b = new Table.Builder(workload + " — telemetry (median per trial)");
        dims.forEach(d -> b.text(d.name()));
        b.text("executor")
                .number("cpu")
                .number("alloc")
                .number("gc pauses")
                .number("gc pause")
                .number("peak threads");
        if (inFlight) {
            b.number("in flight");
        }
        b.number("carriers");
        if (load) {
            b.number("busy").number("queued");
        }
        b.number("pinned");
        for (CellResult c : cells) {
            List<String> row = new ArrayList<>();
            dims.forEach(d -> row.add(d.value(c.config())));
            row.add(c.config().executor().spec());
            row.add(metric(c, Metric.CPU));
            row.add(metric(c, Metric.ALLOC));
            row.add(count(median(
                    c, t -> t.gcPauses() == null ? Double.NaN : t.gcPauses().count())));
            row.add(Numbers.latency(median(
                    c, t -> t.gcPauses() == null ? Double.NaN : t.gcPauses().millis())));
            row.add(count(median(c, t -> t.peakThreads() < 0 ? Double.NaN : t.peakThreads())));
            if (inFlight) {
                row.add(inFlight(c));
            }
            row.add(carriers(c));
            if (load) {
                row.add(busy(c));
                row.add(queued(c));
            }
            long pinned = c.pinnedEvents();
            row.add(pinned < 0 ? "—" : String.valueOf(pinned));
            b.row(row);
        }
        b.footnote("cpu: process CPU time per 1,000 tasks; alloc: heap bytes allocated per task by all threads"
                + " (virtual threads allocate in their carrier's TLAB, so they are included)");
        b.footnote(
                "gc pauses: stop-the-world pauses per trial and their total time; peak threads: live platform threads"
                        + " (carriers included); carriers: scheduler parallelism / carrier threads alive after the trial;"
                        + " pinned: JFR jdk.VirtualThreadPinned events, all trials (— not recorded)");
        if (inFlight) {
            b.footnote("in flight: most tasks in service at once (started, not ended) / the concurrency asked for,"
                    + " from the tasks' start and end times (— when the trial sampled its latencies)");
        }
        if (load) {
            b.footnote("busy: virtual threads mounted on a carrier, mean over the trial ÷ parallelism; queued: virtual"
                    + " threads waiting for a carrier, mean (the scheduler's own estimates, sampled every few ms)");
        }
        schedulerFootnote(b, cells);
        return b.build();
    }

    /** Pinned stacks of every cell that pinned, merged over its trials, most frequent first; empty when none. */
    public static List<String> pinnedStackLines(List<CellResult> cells) {
        List<String> lines = new ArrayList<>();
        for (CellResult c : cells) {
            List<PinnedStack> stacks = c.mergedPinnedStacks();
            if (stacks.isEmpty()) {
                continue;
            }
            lines.add("pinned stacks: " + c.config().executor().spec() + " (" + rowLabel(c, cells) + ")");
            for (PinnedStack s : stacks.subList(0, Math.min(STACKS_PER_CELL, stacks.size()))) {
                lines.add("  " + s.events() + (s.events() == 1 ? " park" : " parks") + " pinned for "
                        + Numbers.millis(s.totalNanos() / 1e6) + " in total"
                        + (s.reason().isEmpty() ? "" : " — " + s.reason()));
                for (String f : s.frames()) {
                    lines.add("      at " + f);
                }
            }
        }
        return lines;
    }

    /** One footnote per distinct scheduler configuration of the cells (JDK defaults or the properties set). */
    private static void schedulerFootnote(Table.Builder b, List<CellResult> cells) {
        Set<String> seen = new LinkedHashSet<>();
        for (CellResult c : cells) {
            for (TrialResult t : c.trials()) {
                SchedulerInfo s = t.telemetry().scheduler();
                if (s != null) {
                    seen.add("virtual-thread scheduler: parallelism " + s.parallelism() + ", maxPoolSize "
                            + s.maxPoolSize()
                            + ", minRunnable " + s.minRunnable()
                            + (s.properties().isEmpty() ? " (JDK defaults)" : " (set: " + s.properties() + ")")
                            + (s.source() == null || s.source().equals("properties")
                                    ? ""
                                    : "; parallelism read from the running scheduler (" + s.source() + ")"));
                    break;
                }
            }
        }
        seen.forEach(b::footnote);
    }

    /** Median ceiling of tasks in service at once, and the concurrency asked for: {@code 4/100}. */
    private static String inFlight(CellResult c) {
        double ceiling =
                median(c, t -> t.inFlight() == null ? Double.NaN : t.inFlight().ceiling());
        if (Double.isNaN(ceiling)) {
            return "—";
        }
        int asked = c.config().concurrency();
        return count(ceiling) + (asked > 0 ? "/" + asked : "");
    }

    /** Median share of the parallelism's carriers that ran a virtual thread, e.g. {@code 95%}. */
    private static String busy(CellResult c) {
        double share = median(
                c,
                t -> t.scheduler() == null || t.scheduler().load() == null
                        ? Double.NaN
                        : t.scheduler().load().utilisation(t.scheduler().parallelism()));
        return Double.isNaN(share) ? "—" : Numbers.fixed(share * 100, 0) + "%";
    }

    /** Median of the mean virtual threads queued for a carrier. */
    private static String queued(CellResult c) {
        double q = median(
                c,
                t -> t.scheduler() == null || t.scheduler().load() == null
                        ? Double.NaN
                        : t.scheduler().load().queuedMean());
        return Double.isNaN(q) ? "—" : Numbers.fixed(q, q >= 10 ? 0 : 1);
    }

    private static String carriers(CellResult c) {
        SchedulerInfo s =
                c.trials().isEmpty() ? null : c.trials().get(0).telemetry().scheduler();
        if (s == null) {
            return "—";
        }
        double pool = median(
                c,
                t -> t.scheduler() == null || t.scheduler().poolSizeAfter() < 0
                        ? Double.NaN
                        : t.scheduler().poolSizeAfter());
        return s.parallelism() + " / " + (Double.isNaN(pool) ? "?" : count(pool));
    }

    /** The values that tell {@code c} apart from the other cells of its table, e.g. {@code duration=100ms}. */
    private static String rowLabel(CellResult c, List<CellResult> cells) {
        return String.join(
                " ",
                CellDimension.varying(cells).stream()
                        .map(d -> d.name() + "=" + d.value(c.config()))
                        .toList());
    }

    private static String metric(CellResult c, Metric m) {
        MetricSummary s = c.summary(m);
        return s == null || Double.isNaN(s.median()) ? "n/a" : Numbers.metric(s.median(), m.unit());
    }

    private static double median(CellResult c, ToDoubleFunction<Telemetry> f) {
        double[] values = c.trials().stream()
                .mapToDouble(t -> f.applyAsDouble(t.telemetry()))
                .filter(v -> !Double.isNaN(v))
                .toArray();
        return values.length == 0 ? Double.NaN : Descriptive.median(values);
    }

    private static String count(double v) {
        return Double.isNaN(v) ? "n/a" : Numbers.fixed(v, v == Math.rint(v) ? 0 : 1);
    }
}
