package dev.vbench.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One cell: its configuration, every measured trial and the statistics over those trials.
 *
 * @param id stable identifier within a run, e.g. {@code c3}
 * @param config what was run
 * @param status how the cell ended ({@link CellStatus}): {@code ok}, {@code interrupted} (Ctrl-C during the cell),
 *     {@code failed}, {@code stuck} (its tasks did not end within {@code --task-timeout}; a note says how many and where)
 *     or {@code exited} (user code ended the JVM during the cell; a note says how)
 * @param trials measured trials (warmup trials are not kept)
 * @param summary per-metric statistics over {@code trials}, keyed by {@link Metric#key()}
 * @param notes warnings about this cell (outliers, too few trials), one sentence each
 * @param jvm the JVM the cell ran on, as probed once before the run, when the run had JVMs as an
 *     axis ({@code --jvm}, {@code --jvm-args}); null (omitted) otherwise
 * @param profiles one profile per event when the run was profiled ({@code --profile}), summed over
 *     the measured trials; empty (omitted) otherwise
 * @param harnessFloorNanos vbench's own cost per task on this cell's executor and concurrency: an empty
 *     task's makespan ÷ tasks, measured in the run before the cell (best of a few short trials); 0 (omitted)
 *     when not measured (a window or a rate, a JVM target, the noop workload itself)
 * @param attributes facts about how the cell's workload ran that change how its figures read
 *     ({@link dev.vbench.spi.Workload#attributes()}: a JMH benchmark's {@code blackholeMode} and {@code compilerHints});
 *     empty (omitted) when none
 */
public record CellResult(
        String id,
        CellConfig config,
        CellStatus status,
        List<TrialResult> trials,
        Map<String, MetricSummary> summary,
        List<String> notes,

        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
        JvmInfo jvm,

        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
        List<Profile> profiles,

        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT)
        double harnessFloorNanos,

        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
        Map<String, String> attributes) {

    /** A cell's per-task time within this many times the harness floor is marked: most of it is vbench's own cost. */
    public static final int FLOOR_FACTOR = 10;

    /** A cell of a run without a JVM axis. */
    public CellResult(
            String id,
            CellConfig config,
            CellStatus status,
            List<TrialResult> trials,
            Map<String, MetricSummary> summary,
            List<String> notes) {
        this(id, config, status, trials, summary, notes, null, List.of(), 0, Map.of());
    }

    /** A cell with profiles, without a harness floor. */
    public CellResult(
            String id,
            CellConfig config,
            CellStatus status,
            List<TrialResult> trials,
            Map<String, MetricSummary> summary,
            List<String> notes,
            JvmInfo jvm,
            List<Profile> profiles) {
        this(id, config, status, trials, summary, notes, jvm, profiles, 0, Map.of());
    }

    /** A cell without profiles. */
    public CellResult(
            String id,
            CellConfig config,
            CellStatus status,
            List<TrialResult> trials,
            Map<String, MetricSummary> summary,
            List<String> notes,
            JvmInfo jvm) {
        this(id, config, status, trials, summary, notes, jvm, List.of(), 0, Map.of());
    }

    /** This cell with the JVM it ran on. */
    public CellResult withJvm(JvmInfo info) {
        return new CellResult(
                id, config, status, trials, summary, notes, info, profiles, harnessFloorNanos, attributes);
    }

    /** This cell with its profiles, one per event. */
    public CellResult withProfiles(List<Profile> cellProfiles) {
        return new CellResult(
                id, config, status, trials, summary, notes, jvm, cellProfiles, harnessFloorNanos, attributes);
    }

    /** This cell with the harness floor measured for its executor and concurrency. */
    public CellResult withHarnessFloor(double nanos) {
        return new CellResult(id, config, status, trials, summary, notes, jvm, profiles, nanos, attributes);
    }

    /** This cell with facts about how its workload ran ({@link dev.vbench.spi.Workload#attributes()}). */
    public CellResult withAttributes(Map<String, String> newAttributes) {
        return new CellResult(
                id, config, status, trials, summary, notes, jvm, profiles, harnessFloorNanos, newAttributes);
    }

    /** A cell with profiles and a harness floor, without attributes. */
    public CellResult(
            String id,
            CellConfig config,
            CellStatus status,
            List<TrialResult> trials,
            Map<String, MetricSummary> summary,
            List<String> notes,
            JvmInfo jvm,
            List<Profile> profiles,
            double harnessFloorNanos) {
        this(id, config, status, trials, summary, notes, jvm, profiles, harnessFloorNanos, Map.of());
    }

    /** Median makespan ÷ tasks in ns (a task is a batch with {@code --batch}); NaN without a closed count or trials. */
    public double nanosPerTask() {
        MetricSummary m = summary(Metric.MAKESPAN);
        if (m == null || config.tasks() <= 0 || config.durationNanos() > 0 || config.openModel()) {
            return Double.NaN;
        }
        return m.median() * 1e6 / config.tasks();
    }

    /** Median makespan ÷ operations (tasks × calls per task × operations per call) in ns; NaN as {@link #nanosPerTask()}. */
    public double nanosPerOperation() {
        return nanosPerTask() / config.operationsPerTask();
    }

    /**
     * Whether a task's own cost ({@link #taskCostNanos()}) is within {@link #FLOOR_FACTOR}× the harness floor:
     * then most of the cell's figure is vbench's own per-task cost, not the operation's ({@code --batch}
     * amortizes it). False when the cost is unknown.
     */
    public boolean nearHarnessFloor() {
        return harnessFloorNanos > 0 && status == CellStatus.OK && taskCostNanos() < FLOOR_FACTOR * harnessFloorNanos;
    }

    /**
     * What one task costs, in ns, to set beside the harness floor: the median over trials of the mean service
     * time (task start → end) where the trials recorded it; else, where tasks never overlap (one in flight:
     * {@code --concurrency 1} or an executor that runs tasks on the caller), makespan ÷ tasks; else NaN, because
     * makespan ÷ tasks of overlapping tasks (a thousand 10 ms sleeps in 15 ms) is not what one task costs.
     */
    public double taskCostNanos() {
        double[] service = trials.stream()
                .mapToDouble(t ->
                        t.histograms() == null ? Double.NaN : t.histograms().serviceMeanNanos())
                .filter(v -> !Double.isNaN(v))
                .sorted()
                .toArray();
        if (service.length > 0) {
            int mid = service.length / 2;
            return service.length % 2 == 1 ? service[mid] : (service[mid - 1] + service[mid]) / 2;
        }
        boolean oneInFlight = config.concurrency() == 1
                || config.executor() != null
                        && "caller".equals(config.executor().threadKind());
        return oneInFlight ? nanosPerTask() : Double.NaN;
    }

    /** The profile of {@code event} ({@code cpu}, {@code tasks}, …), or null when it was not profiled. */
    public Profile profile(String event) {
        return profiles.stream()
                .filter(p -> p.event().equals(event))
                .findFirst()
                .orElse(null);
    }

    public CellResult {
        trials = List.copyOf(trials);
        summary = Map.copyOf(summary);
        notes = List.copyOf(notes);
        profiles = profiles == null ? List.of() : List.copyOf(profiles);
        attributes = attributes == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(attributes));
    }

    /** The summary of {@code metric}, or null when no trial measured it. */
    public MetricSummary summary(Metric metric) {
        return summary.get(metric.key());
    }

    /**
     * Whether any measured trial dropped or timed out a task (docs/statistics.md rule 10): the cell's figures
     * cover only the tasks that ran, so it is never reported as faster.
     */
    public boolean shedLoad() {
        return trials.stream().mapToLong(TrialResult::shed).sum() > 0;
    }

    /** Total pinned parks over a cell's measured trials; -1 when pinning was not recorded. */
    public long pinnedEvents() {
        long total = -1;
        for (TrialResult t : trials) {
            long n = t.telemetry().pinnedEvents();
            if (n >= 0) {
                total = Math.max(total, 0) + n;
            }
        }
        return total;
    }

    /** The pinned stacks of a cell's trials merged by reason and frames, most frequent first. */
    public List<PinnedStack> mergedPinnedStacks() {
        Map<List<String>, long[]> merged = new LinkedHashMap<>();
        Map<List<String>, PinnedStack> first = new LinkedHashMap<>();
        for (TrialResult t : trials) {
            for (PinnedStack s : t.telemetry().pinnedStacks()) {
                List<String> key = new ArrayList<>(s.frames());
                key.add(0, s.reason());
                long[] sum = merged.computeIfAbsent(key, k -> new long[2]);
                sum[0] += s.events();
                sum[1] += s.totalNanos();
                first.putIfAbsent(key, s);
            }
        }
        return merged.entrySet().stream()
                .map(e -> new PinnedStack(
                        e.getValue()[0],
                        e.getValue()[1],
                        first.get(e.getKey()).reason(),
                        first.get(e.getKey()).frames()))
                .sorted(Comparator.comparingLong(PinnedStack::events).reversed())
                .toList();
    }

    /** Total failed tasks across measured trials. */
    public long failures() {
        return trials.stream().mapToLong(TrialResult::failures).sum();
    }
}
