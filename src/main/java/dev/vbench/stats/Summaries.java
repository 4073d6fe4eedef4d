package dev.vbench.stats;

import dev.vbench.result.FailureCauses;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import dev.vbench.result.TrialResult;
import dev.vbench.text.Numbers;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IntSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Builds the per-metric summaries and notes of a cell from its measured trials. */
public final class Summaries {

    /** Confidence level of the median interval. */
    public static final double MEDIAN_LEVEL = 0.95;
    /** Confidence level of the mean interval (JMH's convention). */
    public static final double MEAN_LEVEL = 0.999;

    /** Below this many trials the MAD is too unstable to call anything an outlier. */
    static final int MIN_TRIALS_FOR_OUTLIERS = 5;

    private Summaries() {}

    public static Map<String, MetricSummary> summarize(List<TrialResult> trials) {
        Map<String, MetricSummary> out = new LinkedHashMap<>();
        if (trials.isEmpty()) {
            return out;
        }
        for (Metric metric : Metric.values()) {
            double[] values = values(trials, metric);
            if (values.length == 0) {
                continue;
            }
            out.put(metric.key(), summarize(values, metric.unit()));
        }
        return out;
    }

    /** Summary of raw trial values (NaN values are ignored). */
    public static MetricSummary summarize(double[] rawValues, String unit) {
        double[] sorted = Descriptive.sorted(rawValues);
        double[] ci = MedianInterval.of(sorted, MEDIAN_LEVEL);
        return new MetricSummary(
                unit,
                sorted.length,
                Descriptive.medianOfSorted(sorted),
                ci[0],
                ci[1],
                Descriptive.mean(sorted),
                MeanInterval.halfWidth(sorted, MEAN_LEVEL),
                Descriptive.stdev(sorted),
                sorted[0],
                sorted[sorted.length - 1],
                Outliers.indexes(rawValues));
    }

    /**
     * Values of {@code metric} over trials, in trial order, NaN dropped. A trial in which no task
     * completed (every one failed) measured nothing: its makespan is the time to fail and its
     * throughput 0, so it has no value, and a cell of only such trials has no summary (tables show —,
     * the notes say the tasks failed).
     */
    public static double[] values(List<TrialResult> trials, Metric metric) {
        return trials.stream()
                .filter(t -> t.completed() > 0)
                .mapToDouble(metric::of)
                .filter(v -> !Double.isNaN(v))
                .toArray();
    }

    /**
     * Notes about a cell's trials: failures, outliers, the warmup hint.
     *
     * @param metric the metric the cell's tables compare (outliers are judged on it: a timed window's makespan
     *     is the window, the same for every trial)
     */
    public static List<String> notes(List<TrialResult> trials, Metric metric) {
        List<String> notes = new ArrayList<>();
        long failures = trials.stream().mapToLong(TrialResult::failures).sum();
        if (failures > 0) {
            String causes = FailureCauses.of(trials).describe(3);
            notes.add(failures + " task(s) failed" + (causes.isEmpty() ? "" : ": " + causes));
        }
        long sampledTrials =
                trials.stream().filter(t -> t.latencySampledOneIn() > 0).count();
        if (sampledTrials > 0) {
            IntSummaryStatistics oneIn = trials.stream()
                    .mapToInt(TrialResult::latencySampledOneIn)
                    .filter(n -> n > 0)
                    .summaryStatistics(); // the rate follows each trial's pilot, so trials may differ
            notes.add("latencies sampled: tasks under 2 µs, so 1 task in " + oneIn.getMin()
                    + (oneIn.getMax() > oneIn.getMin() ? " to " + oneIn.getMax() : "") + " was timed"
                    + (sampledTrials < trials.size() ? " in " + sampledTrials + " of " + trials.size() + " trials" : "")
                    + "; counts, makespan and throughput cover every task");
        }
        if (trials.size() >= MIN_TRIALS_FOR_OUTLIERS) {
            List<Integer> outliers = Outliers.indexes(values(trials, metric));
            if (outliers.contains(0)) {
                notes.add("the first measured trial is an outlier: more warmup is needed (--warmup)");
            } else if (!outliers.isEmpty()) {
                notes.add("outlier trial(s) " + outliers + " by " + metric.key()
                        + " (modified z-score > 14.8); kept, not dropped");
            }
        }
        String modes = jvmModes(trials, metric);
        if (modes != null) {
            notes.add(modes);
        }
        return notes;
    }

    /** Forks' medians this many times apart, with no trial of one group among the other's, are two modes of the JVM. */
    static final double JVM_MODE_FACTOR = 1.5;

    /**
     * The note for forks whose trials agree with each other but not with another fork's: the medians per fork fall
     * in two groups at least {@link #JVM_MODE_FACTOR} apart (split at the geometric middle of the lowest and highest
     * median) and no trial of one group reaches the other's range. Then the JVMs themselves differ (the JIT decided
     * otherwise in some of them), not the moments they ran in: the cell's figures mix the two, and only more forks
     * tell how often each happens. Null when not so, or with fewer than two forks.
     */
    static String jvmModes(List<TrialResult> trials, Metric metric) {
        Map<Integer, List<Double>> byFork = new TreeMap<>();
        for (TrialResult t : trials) {
            double v = t.completed() > 0 && t.fork() > 0 ? metric.of(t) : Double.NaN;
            if (!Double.isNaN(v) && v > 0) {
                byFork.computeIfAbsent(t.fork(), f -> new ArrayList<>()).add(v);
            }
        }
        if (byFork.size() < 2) {
            return null;
        }
        Map<Integer, Double> medians = new TreeMap<>();
        byFork.forEach((f, v) -> medians.put(
                f,
                Descriptive.median(v.stream().mapToDouble(Double::doubleValue).toArray())));
        double lo = Collections.min(medians.values());
        double hi = Collections.max(medians.values());
        if (hi / lo < JVM_MODE_FACTOR) {
            return null;
        }
        double middle = Math.sqrt(lo * hi);
        List<Integer> high = medians.entrySet().stream()
                .filter(e -> e.getValue() > middle)
                .map(Map.Entry::getKey)
                .toList();
        double highLowest = high.stream()
                .flatMap(f -> byFork.get(f).stream())
                .mapToDouble(Double::doubleValue)
                .min()
                .orElseThrow();
        double lowHighest = medians.keySet().stream()
                .filter(f -> !high.contains(f))
                .flatMap(f -> byFork.get(f).stream())
                .mapToDouble(Double::doubleValue)
                .max()
                .orElseThrow();
        if (highLowest <= lowHighest) {
            return null; // the trials overlap: the moments differ, not the JVMs
        }
        List<Integer> low =
                medians.keySet().stream().filter(f -> !high.contains(f)).toList();
        boolean slowHigh = !metric.higherIsBetter();
        List<Integer> slow = slowHigh ? high : low;
        return "fork" + (slow.size() == 1 ? " " : "s ") + slow + " of " + byFork.size() + " read "
                + Numbers.fixed(hi / lo, 1)
                + "x slower by " + metric.key() + " than the others in every trial, while"
                + " each fork's trials agree: the JVMs differ (the JIT decided otherwise in "
                + (slow.size() == 1 ? "that one" : "those")
                + "), not the moments they ran in; the figures mix both modes,"
                + " and more --forks tell how often each happens";
    }
}
