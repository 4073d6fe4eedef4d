package dev.vbench.result;

import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * What a table shows when the command line does not say: decided here, once, from what the result
 * records, so that {@code run}, {@code report}, {@code compare}, a suite's tables, {@code history show}
 * and the HTML page print the same thing for the same cells. An explicit {@code --metric} (or a
 * suite table's {@code metric:}) always wins over these.
 *
 * <p>The metric follows the load shape the cells ran with ({@link CellConfig}):
 * <ul>
 *   <li>a closed count ({@code --tasks}): {@link Metric#MAKESPAN}, the time the count took;</li>
 *   <li>a time window ({@code --duration}): {@link Metric#THROUGHPUT}, since a timed trial's makespan
 *       is its window, the same for every cell;</li>
 *   <li>an open model ({@code --rate}): {@link Metric#P99} (corrected), since an open trial's makespan
 *       is its schedule.</li>
 * </ul>
 * Cells of several shapes (rare: one table over a suite experiment's cells) take the most specific:
 * open, then timed, then closed.
 *
 * <pre>{@code
 * Metric m = TableDefaults.metric(result);               // THROUGHPUT for a --duration run
 * Metric shown = given != null ? given : m;               // --metric wins
 * }</pre>
 */
public final class TableDefaults {

    /** The metric of a concurrency sweep's table: which level carries the most. */
    public static final Metric SWEEP_METRIC = Metric.THROUGHPUT;

    private TableDefaults() {}

    /** The default metric of one cell's load shape. */
    public static Metric metric(CellConfig cell) {
        return cell.openModel() ? Metric.P99 : cell.durationNanos() > 0 ? Metric.THROUGHPUT : Metric.MAKESPAN;
    }

    /** The default metric of a table over {@code cells}: the most specific of their load shapes. */
    public static Metric metricOfConfigs(Collection<CellConfig> cells) {
        Metric chosen = Metric.MAKESPAN;
        for (CellConfig c : cells) {
            Metric m = metric(c);
            if (m == Metric.P99 || chosen == Metric.MAKESPAN) {
                chosen = m;
            }
            if (chosen == Metric.P99) {
                break;
            }
        }
        return chosen;
    }

    /** The default metric of a table over these result cells. */
    public static Metric metricOfCells(Collection<CellResult> cells) {
        return metricOfConfigs(cells.stream().map(CellResult::config).toList());
    }

    /** The default metric of the tables of one or more results compared with each other. */
    public static Metric metricOfRuns(List<RunResult> runs) {
        return metricOfConfigs(runs.stream()
                .filter(Objects::nonNull)
                .flatMap(r -> r.cells().stream())
                .map(CellResult::config)
                .toList());
    }

    /** The default metric of a result's tables. */
    public static Metric metric(RunResult run) {
        return metricOfRuns(List.of(run));
    }

    /**
     * The default metric of a stored series, from its load shape as {@link CellConfig#loadText()}
     * writes it ({@code rate=…}, {@code window=…}, {@code tasks=…}); a JMH series
     * ({@code mode=…}) has its own metric and gets null.
     */
    public static Metric metricOfLoadText(String loadText) {
        if (loadText == null || loadText.startsWith("mode=")) {
            return null;
        }
        return loadText.startsWith("rate=")
                ? Metric.P99
                : loadText.startsWith("window=") ? Metric.THROUGHPUT : Metric.MAKESPAN;
    }
}
