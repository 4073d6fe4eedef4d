package dev.vbench.report;

import dev.vbench.compare.Layout;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Tables with executors as columns in the layouts of the source reports, used by suites:
 * <ul>
 *   <li>{@code executors}: values and a speedup against the first executor
 *       ({@code Files | Cold Cache (Sequential) | Virtual Threads (Parallel) | Speedup}, seed 000);
 *       optionally an average-per-task column (seed 004's "average: N ms");
 *   <li>{@code chain}: values and the % change between adjacent executors
 *       ({@code Threads | Vanilla | L1 | L4 | Vanilla → L1 | L1 → L4}, seed 001);
 *   <li>{@code baseline}: {@code Benchmark | Mode | Units | a | b | a% | b%} with integer % against
 *       the first executor and {@code +0} on it (seed 002, JMH avgt style).
 * </ul>
 */
public final class PivotTables {

    private PivotTables() {}

    /**
     * @param unit display unit; for time metrics its prefix before '/' (ns, us, ms, s) converts the
     *     value, for rates it is a label (req/s, maps/s); null = the metric's unit
     */
    public static Table render(String title, List<CellResult> cells, Layout layout, Metric metric, String unit,
            boolean perTask) {
        List<String> executors = RunTables.executors(cells);
        List<RunTables.Dimension> dims = RunTables.rowDimensions(cells.stream()
                .filter(c -> c.config().executor().spec().equals(executors.get(0))).toList());
        Map<List<String>, Map<String, CellResult>> rows = new LinkedHashMap<>();
        for (CellResult c : cells) {
            rows.computeIfAbsent(dims.stream().map(d -> d.value(c.config())).toList(), k -> new LinkedHashMap<>())
                    .put(c.config().executor().spec(), c);
        }
        String shownUnit = unit == null ? metric.unit() : unit;
        double factor = factor(metric, shownUnit);
        return switch (layout) {
            case CHAIN -> chain(title, dims, executors, rows, metric, shownUnit, factor);
            case BASELINE -> baseline(title, dims, executors, rows, metric, shownUnit, factor);
            default -> executorsLayout(title, dims, executors, rows, metric, shownUnit, factor, perTask);
        };
    }

    private static Table executorsLayout(String title, List<RunTables.Dimension> dims, List<String> executors,
            Map<List<String>, Map<String, CellResult>> rows, Metric metric, String unit, double factor, boolean perTask) {
        Table.Builder b = new Table.Builder(title);
        dims.forEach(d -> b.text(header(d.name())));
        for (String e : executors) {
            b.number(e);
            if (perTask) {
                b.number(e + " avg/task");
            }
        }
        for (int i = 1; i < executors.size(); i++) {
            b.number(executors.size() == 2 ? "Speedup" : "Speedup " + executors.get(i));
        }
        List<double[]> adjusted = new ArrayList<>();
        for (int i = 1; i < executors.size(); i++) {
            adjusted.add(RunTables.significance(rows.values(), executors.get(0), executors.get(i), metric));
        }
        int r = 0;
        for (Map.Entry<List<String>, Map<String, CellResult>> row : rows.entrySet()) {
            List<String> cells = new ArrayList<>(row.getKey());
            for (String e : executors) {
                CellResult c = row.getValue().get(e);
                cells.add(value(c, metric, unit, factor, true));
                if (perTask) {
                    cells.add(perTaskValue(c));
                }
            }
            for (int i = 1; i < executors.size(); i++) {
                String speedup = RunTables.speedup(row.getValue().get(executors.get(0)), row.getValue().get(executors.get(i)), metric);
                cells.add(significant(adjusted.get(i - 1), r) || speedup.startsWith("—") || speedup.startsWith("n/a")
                        ? speedup : "~");
            }
            b.row(cells);
            r++;
        }
        b.footnote(executors.size() < 2 ? "median of trials ± 95% CI"
                : "median of trials ± 95% CI; Speedup: times better than " + executors.get(0) + " by median " + metric.key()
                        + ", shown when the trials differ significantly (two-sided Mann-Whitney, Holm-adjusted p < 0.05), else ~");
        return b.build();
    }

    private static Table chain(String title, List<RunTables.Dimension> dims, List<String> executors,
            Map<List<String>, Map<String, CellResult>> rows, Metric metric, String unit, double factor) {
        Table.Builder b = new Table.Builder(title + " (" + unit + ")");
        dims.forEach(d -> b.text(header(d.name())));
        executors.forEach(b::number);
        for (int i = 1; i < executors.size(); i++) {
            b.number(executors.get(i - 1) + " → " + executors.get(i));
        }
        List<double[]> adjusted = new ArrayList<>();
        for (int i = 1; i < executors.size(); i++) {
            adjusted.add(RunTables.significance(rows.values(), executors.get(i - 1), executors.get(i), metric));
        }
        int r = 0;
        for (Map.Entry<List<String>, Map<String, CellResult>> row : rows.entrySet()) {
            List<String> cells = new ArrayList<>(row.getKey());
            for (String e : executors) {
                cells.add(value(row.getValue().get(e), metric, unit, factor, false));
            }
            for (int i = 1; i < executors.size(); i++) {
                double a = median(row.getValue().get(executors.get(i - 1)), metric);
                double c = median(row.getValue().get(executors.get(i)), metric);
                cells.add(Double.isNaN(a) || Double.isNaN(c) ? "—"
                        : significant(adjusted.get(i - 1), r) ? String.format(Locale.ROOT, "%+.2f%%", (c / a - 1) * 100) : "~");
            }
            b.row(cells);
            r++;
        }
        b.footnote("median of trials; A → B: change of the median from A to B ("
                + (metric.higherIsBetter() ? "positive is better" : "negative is better")
                + "), shown when the trials differ significantly (two-sided Mann-Whitney, Holm-adjusted p < 0.05), else ~");
        return b.build();
    }

    private static Table baseline(String title, List<RunTables.Dimension> dims, List<String> executors,
            Map<List<String>, Map<String, CellResult>> rows, Metric metric, String unit, double factor) {
        Table.Builder b = new Table.Builder(title).text("Benchmark").text("Mode").text("Units");
        executors.forEach(b::number);
        executors.forEach(e -> b.number(e + "%"));
        List<double[]> adjusted = new ArrayList<>();
        for (int i = 1; i < executors.size(); i++) {
            adjusted.add(RunTables.significance(rows.values(), executors.get(0), executors.get(i), metric));
        }
        int r = 0;
        String mode = switch (metric) {
            case THROUGHPUT -> "thrpt";
            case MEAN -> "avgt";
            case MAKESPAN -> "ss";
            default -> metric.key();
        };
        for (Map.Entry<List<String>, Map<String, CellResult>> row : rows.entrySet()) {
            List<String> cells = new ArrayList<>();
            List<String> labels = new ArrayList<>();
            for (int i = 0; i < dims.size(); i++) {
                labels.add(dims.get(i).name() + "=" + row.getKey().get(i));
            }
            cells.add(String.join(" ", labels));
            cells.add(mode);
            cells.add(unit);
            double base = median(row.getValue().get(executors.get(0)), metric);
            for (String e : executors) {
                double v = median(row.getValue().get(e), metric);
                cells.add(Double.isNaN(v) ? "—" : Numbers.fixed(v * factor, 3));
            }
            for (int i = 0; i < executors.size(); i++) {
                double v = median(row.getValue().get(executors.get(i)), metric);
                cells.add(Double.isNaN(v) || Double.isNaN(base) ? "—"
                        : i == 0 || significant(adjusted.get(i - 1), r)
                                ? String.format(Locale.ROOT, "%+d", Math.round((v / base - 1) * 100)) : "~");
            }
            b.row(cells);
            r++;
        }
        b.footnote("median of trials; % columns: change against " + executors.get(0) + ", rounded to whole percent,"
                + " shown when the trials differ significantly (two-sided Mann-Whitney, Holm-adjusted p < 0.05), else ~");
        return b.build();
    }

    private static boolean significant(double[] adjustedP, int row) {
        return row < adjustedP.length && adjustedP[row] < dev.vbench.stats.MannWhitney.ALPHA;
    }

    private static String value(CellResult c, Metric metric, String unit, double factor, boolean withUnitAndCi) {
        MetricSummary s = c == null ? null : c.summary(metric);
        if (s == null) {
            return "—";
        }
        String v = Numbers.fixed(s.median() * factor, 2);
        return withUnitAndCi ? v + " " + unit + " " + Numbers.plusMinusPercent(s.ciRelative()) : v;
    }

    private static String perTaskValue(CellResult c) {
        MetricSummary s = c == null ? null : c.summary(Metric.MAKESPAN);
        if (s == null || c.config().tasks() == 0) {
            return "—";
        }
        return Numbers.fixed(s.median() / c.config().tasks(), 4) + " ms";
    }

    private static double median(CellResult c, Metric metric) {
        MetricSummary s = c == null ? null : c.summary(metric);
        return s == null ? Double.NaN : s.median();
    }

    /** Factor from the metric's unit to {@code shownUnit}: ms-based times convert, everything else is 1. */
    static double factor(Metric metric, String shownUnit) {
        if (!"ms".equals(metric.unit())) {
            return 1;
        }
        String prefix = shownUnit.contains("/") ? shownUnit.substring(0, shownUnit.indexOf('/')) : shownUnit;
        return switch (prefix.trim()) {
            case "ns" -> 1e6;
            case "us", "µs" -> 1e3;
            case "s" -> 1e-3;
            default -> 1;
        };
    }

    private static String header(String dimension) {
        return dimension.isEmpty() ? dimension
                : dimension.substring(0, 1).toUpperCase(Locale.ROOT) + dimension.substring(1);
    }

    /** Joined list for messages. */
    static String join(List<String> items) {
        return items.stream().collect(Collectors.joining(", "));
    }
}
