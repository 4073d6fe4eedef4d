package dev.vbench.stats;

import dev.vbench.result.FailureCauses;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import dev.vbench.result.TrialResult;
import java.util.ArrayList;
import java.util.IntSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
        return new MetricSummary(unit, sorted.length, Descriptive.medianOfSorted(sorted), ci[0], ci[1],
                Descriptive.mean(sorted), MeanInterval.halfWidth(sorted, MEAN_LEVEL), Descriptive.stdev(sorted),
                sorted[0], sorted[sorted.length - 1], Outliers.indexes(rawValues));
    }

    /**
     * Values of {@code metric} over trials, in trial order, NaN dropped. A trial in which no task
     * completed (every one failed) measured nothing: its makespan is the time to fail and its
     * throughput 0, so it has no value, and a cell of only such trials has no summary (tables show —,
     * the notes say the tasks failed).
     */
    public static double[] values(List<TrialResult> trials, Metric metric) {
        return trials.stream().filter(t -> t.completed() > 0).mapToDouble(metric::of).filter(v -> !Double.isNaN(v))
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
        long sampledTrials = trials.stream().filter(t -> t.latencySampledOneIn() > 0).count();
        if (sampledTrials > 0) {
            IntSummaryStatistics oneIn = trials.stream().mapToInt(TrialResult::latencySampledOneIn).filter(n -> n > 0)
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
                notes.add("outlier trial(s) " + outliers + " by " + metric.key() + " (modified z-score > 14.8); kept, not dropped");
            }
        }
        return notes;
    }
}
