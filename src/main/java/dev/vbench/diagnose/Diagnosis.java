package dev.vbench.diagnose;

import dev.vbench.diagnose.ComparedPair.Side;
import dev.vbench.measure.Histograms;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.PinnedStack;
import dev.vbench.result.Telemetry;
import dev.vbench.result.TrialHistograms;
import dev.vbench.result.TrialResult;
import dev.vbench.stats.Descriptive;
import dev.vbench.text.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;

/**
 * Diagnosis lines of a pair from the telemetry every run records, each with its evidence figure for
 * both sides, and each shown only past a clear threshold on at least one side (a line that is always
 * there says nothing):
 * <ul>
 *   <li>pinned parks ({@code jdk.VirtualThreadPinned}) and their top stack: any pinned park;
 *   <li>CPU saturation: process CPU time per makespan ≥ {@link #SATURATED} of the cores;
 *   <li>GC: stop-the-world pause time (else collection time) ≥ {@link #GC_SHARE} of the makespan;
 *   <li>queue wait: mean submit → start ≥ {@link #QUEUE_SHARE} of the mean end-to-end latency;
 *   <li>allocation per task: one side allocates ≥ {@link #ALLOC_RATIO} times the other, and ≥ 1 KiB per task;
 *   <li>in flight: one side ran at most {@link #IN_FLIGHT_SHARE} of the concurrency asked for at once;
 *   <li>carriers: one side's virtual-thread carriers were busy ≥ {@link #SATURATED} of the time, or ≥
 *       {@link #QUEUED_MIN} virtual threads waited for a carrier on average (carrier wait, where queue wait is
 *       the wait before a task starts).
 * </ul>
 * Per-trial figures are medians over the measured trials.
 */
public final class Diagnosis {

    /** CPU busy share of the cores from which a cell counts as saturated. */
    public static final double SATURATED = 0.9;
    /** GC share of the makespan from which it is named. */
    public static final double GC_SHARE = 0.05;
    /** Queue-wait share of the end-to-end latency from which it is named. */
    public static final double QUEUE_SHARE = 0.25;
    /** Ratio of allocation per task between the sides from which it is named. */
    public static final double ALLOC_RATIO = 2;
    /** Least allocation per task (bytes) on the larger side for the allocation line. */
    public static final double ALLOC_MIN_BYTES = 1024;
    /** Share of the requested concurrency in service at once below which the in-flight line is shown. */
    public static final double IN_FLIGHT_SHARE = 0.9;
    /** Mean virtual threads queued for a carrier from which the carriers line is shown. */
    public static final double QUEUED_MIN = 1.0;

    private Diagnosis() {}

    /** The lines that pass their threshold, to-side first. */
    public static List<String> lines(ComparedPair pair) {
        Side to = pair.to();
        Side from = pair.from();
        List<String> lines = new ArrayList<>();
        pinned(to, from).ifPresent(lines::add);
        cpu(to, from).ifPresent(lines::add);
        gc(to, from).ifPresent(lines::add);
        queueWait(to, from).ifPresent(lines::add);
        alloc(to, from).ifPresent(lines::add);
        inFlight(to, from).ifPresent(lines::add);
        carriers(to, from).ifPresent(lines::add);
        return lines;
    }

    private static Optional<String> pinned(Side to, Side from) {
        long a = to.cell().pinnedEvents();
        long b = from.cell().pinnedEvents();
        if (a <= 0 && b <= 0) {
            return Optional.empty();
        }
        return Optional.of(
                to.label() + ": " + pinnedText(to.cell(), a) + ", " + from.label() + ": " + pinnedText(from.cell(), b));
    }

    private static String pinnedText(CellResult cell, long events) {
        if (events < 0) {
            return "pinning not recorded";
        }
        if (events == 0) {
            return "no pinned parks";
        }
        int trials = cell.trials().size();
        String text = events + (events == 1 ? " pinned park" : " pinned parks") + " in " + trials
                + (trials == 1 ? " trial" : " trials") + " (JFR jdk.VirtualThreadPinned)";
        List<PinnedStack> stacks = cell.mergedPinnedStacks();
        if (!stacks.isEmpty()) {
            PinnedStack top = stacks.get(0);
            List<String> frames =
                    top.frames().subList(0, Math.min(3, top.frames().size()));
            text += ", top stack " + (frames.isEmpty() ? "(no frames)" : String.join(" ← ", frames)) + " ("
                    + top.events() + (top.events() == 1 ? " park" : " parks")
                    + (top.reason().isEmpty() ? "" : ", " + top.reason()) + ")";
        }
        return text;
    }

    private static Optional<String> cpu(Side to, Side from) {
        double a = median(to.cell(), Diagnosis::busyCores);
        double b = median(from.cell(), Diagnosis::busyCores);
        if (!(a >= SATURATED * to.cpus() || b >= SATURATED * from.cpus())) {
            return Optional.empty();
        }
        return Optional.of(to.label() + ": CPU busy " + cores(a, to.cpus()) + ", " + from.label() + ": "
                + cores(b, from.cpus()) + " (process CPU time per makespan, median per trial)");
    }

    private static String cores(double busy, int cpus) {
        if (Double.isNaN(busy)) {
            return "not recorded";
        }
        double share = busy / cpus;
        return Numbers.fixed(busy, 1) + " of " + cpus + (cpus == 1 ? " core" : " cores") + " ("
                + WhyLines.percent(share) + (share >= SATURATED ? ", saturated" : "") + ")";
    }

    private static double busyCores(TrialResult t) {
        Telemetry tel = t.telemetry();
        return tel.processCpuNanos() < 0 || t.makespanNanos() <= 0
                ? Double.NaN
                : (double) tel.processCpuNanos() / t.makespanNanos();
    }

    private static Optional<String> gc(Side to, Side from) {
        double a = median(to.cell(), Diagnosis::gcShare);
        double b = median(from.cell(), Diagnosis::gcShare);
        if (!(a >= GC_SHARE || b >= GC_SHARE)) {
            return Optional.empty();
        }
        boolean pauses = to.cell().trials().stream().allMatch(t -> t.telemetry().gcPauses() != null)
                && from.cell().trials().stream().allMatch(t -> t.telemetry().gcPauses() != null);
        return Optional.of(to.label() + ": " + (pauses ? "GC pauses " : "GC time ") + share(a) + " of makespan, "
                + from.label() + ": " + share(b) + " (median per trial)");
    }

    private static double gcShare(TrialResult t) {
        Telemetry tel = t.telemetry();
        double millis = tel.gcPauses() != null ? tel.gcPauses().millis() : tel.gcTimeMillis();
        return millis < 0 || t.makespanNanos() <= 0 ? Double.NaN : millis * 1e6 / t.makespanNanos();
    }

    private static Optional<String> queueWait(Side to, Side from) {
        double[] a = queueWait(to.cell());
        double[] b = queueWait(from.cell());
        if (!(a[2] >= QUEUE_SHARE || b[2] >= QUEUE_SHARE)) {
            return Optional.empty();
        }
        return Optional.of(to.label() + ": queue wait " + queueText(a) + ", " + from.label() + ": " + queueText(b));
    }

    private static String queueText(double[] wait) {
        if (Double.isNaN(wait[2])) {
            return "not recorded";
        }
        return share(wait[2]) + " of end-to-end latency (mean " + millis(wait[0]) + " of " + millis(wait[1]) + ")";
    }

    /** {mean queue wait ns, mean end-to-end ns, share}; NaN when the trials carry no histograms. */
    private static double[] queueWait(CellResult cell) {
        Histogram wait = Histograms.newHistogram();
        Histogram total = Histograms.newHistogram();
        for (TrialResult t : cell.trials()) {
            TrialHistograms h = t.histograms();
            if (h == null
                    || h.queueWait() == null
                    || h.queueWait().isEmpty()
                    || h.endToEnd() == null
                    || h.endToEnd().isEmpty()) {
                continue;
            }
            try {
                wait.add(Histograms.decode(h.queueWait()));
                total.add(Histograms.decode(h.endToEnd()));
            } catch (IllegalArgumentException e) {
                return new double[] {Double.NaN, Double.NaN, Double.NaN}; // a damaged histogram: no diagnosis from it
            }
        }
        if (wait.getTotalCount() == 0 || total.getTotalCount() == 0 || total.getMean() <= 0) {
            return new double[] {Double.NaN, Double.NaN, Double.NaN};
        }
        return new double[] {wait.getMean(), total.getMean(), Math.min(1, wait.getMean() / total.getMean())};
    }

    private static Optional<String> alloc(Side to, Side from) {
        double a = median(to.cell(), Metric.ALLOC::of);
        double b = median(from.cell(), Metric.ALLOC::of);
        if (Double.isNaN(a) || Double.isNaN(b) || Math.min(a, b) <= 0) {
            return Optional.empty();
        }
        double ratio = Math.max(a, b) / Math.min(a, b);
        if (ratio < ALLOC_RATIO || Math.max(a, b) < ALLOC_MIN_BYTES) {
            return Optional.empty();
        }
        return Optional.of(to.label() + ": " + Numbers.bytes(a) + " allocated per task, " + from.label() + ": "
                + Numbers.bytes(b) + " (" + Numbers.fixed(ratio, 1) + "x as much on "
                + (a > b ? to.label() : from.label())
                + "; heap bytes of the whole process, median per trial)");
    }

    private static Optional<String> inFlight(Side to, Side from) {
        double a = median(
                to.cell(),
                t -> t.telemetry().inFlight() == null
                        ? Double.NaN
                        : t.telemetry().inFlight().ceiling());
        double b = median(
                from.cell(),
                t -> t.telemetry().inFlight() == null
                        ? Double.NaN
                        : t.telemetry().inFlight().ceiling());
        int askedTo = to.cell().config().concurrency();
        int askedFrom = from.cell().config().concurrency();
        boolean capped =
                askedTo > 0 && a < IN_FLIGHT_SHARE * askedTo || askedFrom > 0 && b < IN_FLIGHT_SHARE * askedFrom;
        if (Double.isNaN(a) || Double.isNaN(b) || !capped) {
            return Optional.empty();
        }
        return Optional.of(to.label() + ": " + inFlightText(a, askedTo) + ", " + from.label() + ": "
                + inFlightText(b, askedFrom) + " (most tasks in service at once, median per trial)");
    }

    private static String inFlightText(double ceiling, int asked) {
        return Numbers.fixed(ceiling, ceiling == Math.rint(ceiling) ? 0 : 1)
                + (asked > 0 ? " of " + asked + " asked" : "");
    }

    private static Optional<String> carriers(Side to, Side from) {
        double[] a = carrierLoad(to.cell());
        double[] b = carrierLoad(from.cell());
        boolean busy = a[0] >= SATURATED || b[0] >= SATURATED || a[1] >= QUEUED_MIN || b[1] >= QUEUED_MIN;
        if (Double.isNaN(a[0]) && Double.isNaN(b[0]) || !busy) {
            return Optional.empty();
        }
        return Optional.of(to.label() + ": " + carrierText(a) + ", " + from.label() + ": " + carrierText(b)
                + " (the scheduler's estimates, mean per trial; queued is carrier wait)");
    }

    private static String carrierText(double[] load) {
        if (Double.isNaN(load[0])) {
            return "no virtual-thread scheduler sampled";
        }
        return "carriers " + WhyLines.percent(load[0]) + " busy (" + Numbers.fixed(load[2], 1) + " of "
                + Numbers.fixed(load[3], 0) + " mounted), " + Numbers.fixed(load[1], 1)
                + " virtual threads queued for a carrier";
    }

    /** {busy share, queued mean, mounted mean, parallelism}, medians per trial; NaN when not sampled. */
    private static double[] carrierLoad(CellResult cell) {
        ToDoubleFunction<TrialResult> sampled = t ->
                t.telemetry().scheduler() != null && t.telemetry().scheduler().load() != null ? 1 : Double.NaN;
        return new double[] {
            median(
                    cell,
                    t -> Double.isNaN(sampled.applyAsDouble(t))
                            ? Double.NaN
                            : t.telemetry()
                                    .scheduler()
                                    .load()
                                    .utilisation(t.telemetry().scheduler().parallelism())),
            median(
                    cell,
                    t -> Double.isNaN(sampled.applyAsDouble(t))
                            ? Double.NaN
                            : t.telemetry().scheduler().load().queuedMean()),
            median(
                    cell,
                    t -> Double.isNaN(sampled.applyAsDouble(t))
                            ? Double.NaN
                            : t.telemetry().scheduler().load().mountedMean()),
            median(
                    cell,
                    t -> Double.isNaN(sampled.applyAsDouble(t))
                            ? Double.NaN
                            : t.telemetry().scheduler().parallelism())
        };
    }

    private static double median(CellResult cell, ToDoubleFunction<TrialResult> f) {
        double[] values = cell.trials().stream()
                .mapToDouble(f)
                .filter(v -> !Double.isNaN(v))
                .toArray();
        return values.length == 0 ? Double.NaN : Descriptive.median(values);
    }

    private static String share(double share) {
        return Double.isNaN(share) ? "not recorded" : WhyLines.percent(share);
    }

    /** A time as the Why lines write it: {@code 236.5 ms}, {@code 4.724 ms}, below 1 ms in us or ns ({@link Numbers#nanos}). */
    static String millis(double nanos) {
        if (nanos > 0 && nanos < 1e6) {
            return Numbers.nanos(nanos);
        }
        return Numbers.fixed(nanos / 1e6, nanos >= 1e7 ? 1 : 3) + " ms";
    }
}
