package dev.vbench.cli;

import dev.vbench.compare.Layout;
import dev.vbench.report.ConsoleRenderer;
import dev.vbench.report.MarkdownRenderer;
import dev.vbench.report.PivotTables;
import dev.vbench.report.Table;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.RunResult;
import dev.vbench.suite.ExperimentSpec;
import dev.vbench.suite.SuiteSpec;
import dev.vbench.suite.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders a suite's tables from a finished {@link RunResult} (the suite is planned by
 * {@link dev.vbench.plan.SuitePlanner}; its cells have ids {@code EXPERIMENT/cN}).
 */
final class SuiteRun {

    private SuiteRun() {}

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
                        t.unit(), t.perTaskOrFalse());
                if (table != null) {
                    sb.append(markdown ? MarkdownRenderer.render(table) : ConsoleRenderer.render(table)).append('\n');
                }
            }
        }
        return sb.toString();
    }
}
