package dev.vbench.cli;

import dev.vbench.compare.Layout;
import dev.vbench.engine.CellPlan;
import dev.vbench.engine.RunPlan;
import dev.vbench.executor.ConfiguredExecutor;
import dev.vbench.report.ConsoleRenderer;
import dev.vbench.report.MarkdownRenderer;
import dev.vbench.report.PivotTables;
import dev.vbench.report.Table;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.spi.Params;
import dev.vbench.spi.WorkloadProvider;
import dev.vbench.suite.ExperimentSpec;
import dev.vbench.suite.Scale;
import dev.vbench.suite.SuiteException;
import dev.vbench.suite.SuiteSpec;
import dev.vbench.suite.SuiteValidator;
import dev.vbench.suite.TableSpec;
import dev.vbench.workload.Workloads;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Plans a suite into one {@link RunPlan} per experiment (cells get ids {@code EXPERIMENT/cN}) and
 * renders its tables from a finished {@link RunResult}.
 */
final class SuiteRun {

    private SuiteRun() {}

    /** One experiment ready to run. */
    record Experiment(String name, ExperimentSpec spec, RunPlan plan) {}

    static List<Experiment> plan(SuiteSpec suite, String source, Scale scale, Path dataRoot, long seed,
            Integer trialsOverride, Integer warmupOverride) {
        List<String> names = Workloads.all().stream().map(WorkloadProvider::name).toList();
        SuiteValidator.validate(suite, source, names::contains, names);
        List<Experiment> out = new ArrayList<>();
        for (ExperimentSpec e : suite.experiments()) {
            ExperimentSpec.Fields f = e.fields();
            ExperimentSpec.Overrides q = scale == Scale.QUICK ? f.quick() : null;
            String at = source + ":" + e.line() + ": experiment '" + f.name() + "': ";
            try {
                WorkloadProvider workload = MatrixBuilder.workload(f.workload());
                Map<String, List<String>> params = new LinkedHashMap<>(f.params());
                if (q != null && q.params() != null) {
                    params.putAll(q.params());
                }
                List<String> executorSpecs = q != null && q.executors() != null ? q.executors() : f.executors();
                List<ConfiguredExecutor> executors = MatrixBuilder.executors(executorSpecs);
                List<Params> paramSets = MatrixBuilder.paramCombinations(workload, sweeps(params));
                List<String> tasks = q != null && q.tasks() != null ? q.tasks() : f.tasks();
                List<String> concurrency = q != null && q.concurrency() != null ? q.concurrency() : f.concurrency();
                List<Long> taskCounts = tasks == null ? null : Counts.parseList("tasks", String.join(",", tasks), 1, Long.MAX_VALUE);
                List<Long> concurrencies = concurrency == null ? List.of(0L)
                        : Counts.parseList("concurrency", String.join(",", concurrency), 1, 10_000_000);
                List<CellPlan> cells = new ArrayList<>();
                for (CellPlan c : MatrixBuilder.cells(workload, paramSets, taskCounts, concurrencies, executors)) {
                    cells.add(new CellPlan(f.name() + "/" + c.id(), c.workload(), c.params(), c.executor(), c.tasks(),
                            c.concurrency()));
                }
                int trials = firstNonNull(trialsOverride, q == null ? null : q.trials(), f.trials(), suite.trials(), 6);
                int warmup = firstNonNull(warmupOverride, q == null ? null : q.warmup(), f.warmup(), suite.warmup(), 1);
                out.add(new Experiment(f.name(), e, new RunPlan(cells, new RunSettings(warmup, trials, 0, seed), dataRoot)));
            } catch (UsageException ex) {
                throw new SuiteException(at + ex.getMessage());
            }
        }
        return out;
    }

    private static Map<String, List<String>> sweeps(Map<String, List<String>> params) {
        List<String> options = new ArrayList<>();
        params.forEach((k, v) -> options.add(k + "=" + String.join(",", v)));
        return MatrixBuilder.sweeps(options);
    }

    @SafeVarargs
    private static <T> T firstNonNull(T... values) {
        for (T v : values) {
            if (v != null) {
                return v;
            }
        }
        throw new IllegalStateException("no value");
    }

    /** " (k=v, …)" for the parameters every cell shares, or "". */
    private static String fixedParams(List<CellResult> cells) {
        Map<String, String> shared = new LinkedHashMap<>(cells.get(0).config().params());
        for (CellResult c : cells) {
            shared.entrySet().removeIf(e -> !e.getValue().equals(c.config().params().get(e.getKey())));
        }
        shared.keySet().removeIf(k -> k.equals("url") || k.equals("password"));
        if (shared.isEmpty()) {
            return "";
        }
        List<String> pairs = new ArrayList<>();
        shared.forEach((k, v) -> pairs.add(k + "=" + v));
        return " (" + String.join(", ", pairs) + ")";
    }

    /** The suite's tables in console or markdown form. */
    static String render(SuiteSpec suite, RunResult result, boolean markdown) {
        StringBuilder sb = new StringBuilder();
        sb.append(markdown ? "## " : "").append(suite.title() == null ? suite.suite() : suite.title()).append("\n\n");
        if (suite.source() != null && !suite.source().isBlank()) {
            sb.append(suite.source().strip()).append("\n\n");
        }
        for (ExperimentSpec e : suite.experiments()) {
            ExperimentSpec.Fields f = e.fields();
            List<CellResult> cells = result.cells().stream().filter(c -> c.id().startsWith(f.name() + "/")).toList();
            if (cells.isEmpty()) {
                continue;
            }
            List<TableSpec> tables = f.tables().isEmpty() ? List.of(new TableSpec(null, null, null, null, null)) : f.tables();
            for (TableSpec t : tables) {
                Metric metric = t.metric() == null ? Metric.MAKESPAN : Metric.byKey(t.metric());
                String title = t.title() != null ? t.title() : f.title() != null ? f.title() : f.name();
                title += fixedParams(cells) + " · " + cells.get(0).trials().size() + " trials";
                Table table = PivotTables.render(title, cells, t.layout() == null ? Layout.SPEEDUP : Layout.parse(t.layout()), metric,
                        t.unit(), t.perTaskOrFalse(), t.jvmColumns());
                if (table != null) {
                    sb.append(markdown ? MarkdownRenderer.render(table) : ConsoleRenderer.render(table)).append('\n');
                }
            }
        }
        return sb.toString();
    }
}
