package dev.vbench.result;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Per-trial scalars that statistics are computed over. Each knows its unit and whether a larger
 * value is better, so deltas can say "faster" or "slower" correctly.
 */
public enum Metric implements Choice {
    MAKESPAN("makespan", "ms", false, t -> t.makespanNanos() / 1e6),
    THROUGHPUT("throughput", "tasks/s", true, TrialResult::throughputPerSecond),
    MEAN("mean", "ms", false, t -> t.latency().meanNanos() / 1e6),
    P50("p50", "ms", false, t -> t.latency().p50Nanos() / 1e6),
    P90("p90", "ms", false, t -> t.latency().p90Nanos() / 1e6),
    P99("p99", "ms", false, t -> t.latency().p99Nanos() / 1e6),
    P999("p999", "ms", false, t -> t.latency().p999Nanos() / 1e6),
    MAX("max", "ms", false, t -> t.latency().maxNanos() / 1e6),
    CPU(
            "cpu",
            "ms/1k tasks",
            false,
            t -> t.telemetry().processCpuNanos() < 0 || t.tasks() == 0
                    ? Double.NaN
                    : t.telemetry().processCpuNanos() / 1e6 / t.tasks() * 1000),
    /** Heap bytes allocated per task by the whole process (virtual threads included: they allocate in their carrier's TLAB). */
    ALLOC(
            "alloc",
            "B/task",
            false,
            t -> t.telemetry().allocatedBytes() < 0 || t.tasks() == 0
                    ? Double.NaN
                    : (double) t.telemetry().allocatedBytes() / t.tasks());

    private final String key;
    private final String unit;
    private final boolean higherIsBetter;
    private final ToDoubleFunction<TrialResult> extractor;

    Metric(String key, String unit, boolean higherIsBetter, ToDoubleFunction<TrialResult> extractor) {
        this.key = key;
        this.unit = unit;
        this.higherIsBetter = higherIsBetter;
        this.extractor = extractor;
    }

    public String key() {
        return key;
    }

    public String unit() {
        return unit;
    }

    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    /** This metric's value for one trial, in {@link #unit()}; NaN when not measured. */
    public double of(TrialResult trial) {
        return extractor.applyAsDouble(trial);
    }

    @Override
    public String cliName() {
        return key;
    }

    /** {@code p99.9} for {@link #P999}, as latency percentiles are often written. */
    @Override
    public List<String> aliases() {
        return this == P999 ? List.of("p99.9") : List.of();
    }

    /** Looks a metric up by its key ({@code p99}, {@code makespan}); null when unknown. */
    public static Metric byKey(String key) {
        return Choice.find(Metric.class, key);
    }

    /**
     * The metric named {@code text}.
     *
     * @throws IllegalArgumentException {@code 'p12' is unknown; use one of makespan, throughput, …}
     */
    public static Metric parse(String text) {
        return Choice.parse(Metric.class, text);
    }

    /** Every metric's name, for help text and errors: {@code makespan, throughput, …, alloc}. */
    public static String validValues() {
        return Choice.validValues(Metric.class);
    }
}
