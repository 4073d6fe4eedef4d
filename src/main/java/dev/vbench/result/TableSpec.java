package dev.vbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A table printed from one experiment's cells, executors as columns: as a suite file writes it
 * ({@code tables:} of an experiment), and as a suite run's result records it ({@link SuiteLayout}).
 *
 * @param title heading
 * @param layout {@code executors} (values + speedup vs the first executor; seed 000/004),
 *     {@code chain} (values + % change between adjacent executors; seed 001) or {@code baseline}
 *     (Benchmark | Mode | Units | values | integer % vs the first executor; seed 002)
 * @param metric metric key (makespan, throughput, mean, p50, p90, p99, p999, max, cpu)
 * @param unit display unit: for time metrics {@code ns}, {@code us}, {@code ms}, {@code s} (optionally
 *     with a suffix such as {@code ns/op}); for rates a label such as {@code req/s}
 * @param perTask add an "average per task" column per executor (makespan / tasks; seed 004)
 * @param columns what the columns are: {@code executor} (default) or {@code jvm} (the experiment's
 *     JVMs and option sets, executors then label the rows)
 * @param knee with the {@code chain} layout: say where each row's chain stops improving (the last column a
 *     significant step improved on; {@code compare.Knee}), e.g. over a sweep of scheduler parallelism
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TableSpec(
        String title, String layout, String metric, String unit, Boolean perTask, String columns, Boolean knee) {

    /** A table with executors as columns. */
    public TableSpec(String title, String layout, String metric, String unit, Boolean perTask) {
        this(title, layout, metric, unit, perTask, null, null);
    }

    /** A table without the knee. */
    public TableSpec(String title, String layout, String metric, String unit, Boolean perTask, String columns) {
        this(title, layout, metric, unit, perTask, columns, null);
    }

    /** Whether the table says where its chain stops improving. */
    public boolean kneeOrFalse() {
        return Boolean.TRUE.equals(knee);
    }

    /** Whether the columns are the experiment's JVMs rather than its executors. */
    public boolean jvmColumns() {
        return "jvm".equals(columns);
    }

    public boolean perTaskOrFalse() {
        return Boolean.TRUE.equals(perTask);
    }
}
