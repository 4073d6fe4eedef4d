package dev.vbench.report;

import dev.vbench.compare.CellComparison;
import dev.vbench.compare.Knee;
import dev.vbench.compare.Layout;
import dev.vbench.diagnose.ComparedPair;
import dev.vbench.diagnose.ComparedPairs;
import dev.vbench.report.ReportDocument.Block;
import dev.vbench.report.ReportDocument.Kind;
import dev.vbench.report.ReportDocument.Section;
import dev.vbench.report.ReportDocument.TableBlock;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.RunResult;
import dev.vbench.result.SuiteLayout;
import dev.vbench.result.TableDefaults;
import dev.vbench.result.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report document of a suite run: its title and source description, then per experiment the
 * tables its suite file asks for ({@link TableSpec}: layout, metric, unit), each built by
 * {@link PivotTables} from the experiment's cells (ids {@code EXPERIMENT/cN}). It reads the
 * {@link SuiteLayout} the result records, so {@code vbench report} prints what the run printed.
 */
final class SuiteTables {

    private SuiteTables() {}

    /** @param verbose add {@code (p=… n=…)} to every change, as {@code vbench compare --verbose} does */
    static ReportDocument document(RunResult result, boolean verbose) {
        SuiteLayout suite = result.suite();
        List<Block> blocks = new ArrayList<>();
        List<FlameGraphs.Flame> flames = new ArrayList<>();
        int cpus = result.environment().availableProcessors();
        for (SuiteLayout.Experiment e : suite.experiments()) {
            List<CellResult> cells = result.cells().stream()
                    .filter(c -> c.id().startsWith(e.name() + "/"))
                    .toList();
            if (cells.isEmpty()) {
                continue;
            }
            List<TableSpec> tables =
                    e.tables().isEmpty() ? List.of(new TableSpec(null, null, null, null, null)) : e.tables();
            for (TableSpec t : tables) {
                Metric metric = t.metric() == null ? TableDefaults.metricOfCells(cells) : Metric.parse(t.metric());
                String title = t.title() != null ? t.title() : e.title() != null ? e.title() : e.name();
                int trials = cells.get(0).trials().size();
                title += fixedParams(cells) + " · " + trials + (trials == 1 ? " trial" : " trials");
                Layout layout = t.layout() == null ? Layout.SPEEDUP : Layout.parse(t.layout());
                CellComparison model = PivotTables.model(cells, layout, metric, t.unit(), t.jvmColumns());
                Table table =
                        PivotTables.render(title, cells, model, layout, metric, t.unit(), t.perTaskOrFalse(), verbose);
                if (table != null) {
                    List<String> footnotes = new ArrayList<>(ReportDocument.otherHosts(result, cells));
                    if (t.kneeOrFalse()) {
                        footnotes.addAll(Knee.lines(model.comparison()));
                    }
                    blocks.add(new TableBlock(
                            Kind.SUITE,
                            table.withFootnotes(footnotes),
                            List.of(),
                            model.comparison(),
                            t.kneeOrFalse()));
                    List<ComparedPair> pairs = ComparedPairs.of(model, cpus);
                    ReportDocument.why(pairs).ifPresent(blocks::add);
                    if (flames.stream().noneMatch(f -> f.title().startsWith(e.name() + ": "))) {
                        FlameGraphs.flames(cells, pairs)
                                .forEach(f -> flames.add(f.titled(e.name() + ": " + f.title())));
                    }
                }
            }
        }
        if (!flames.isEmpty()) {
            blocks.add(new ReportDocument.Profiles(flames));
        }
        List<String> preface = suite.source() == null || suite.source().isBlank()
                ? List.of()
                : List.of(suite.source().strip());
        return new ReportDocument(
                suite.title() == null ? suite.suite() : suite.title(),
                preface,
                result.environment(),
                true,
                List.of(new Section(null, blocks)));
    }

    /** " (k=v, …)" for the parameters every cell shares (secrets left out; unset optional parameters are not recorded at all, spi/Params), or "". */
    private static String fixedParams(List<CellResult> cells) {
        Map<String, String> shared = new LinkedHashMap<>(cells.get(0).config().params());
        for (CellResult c : cells) {
            shared.entrySet()
                    .removeIf(e -> !e.getValue().equals(c.config().params().get(e.getKey())));
        }
        shared.keySet().removeIf(k -> k.equals("url") || k.equals("password"));
        if (shared.isEmpty()) {
            return "";
        }
        List<String> pairs = new ArrayList<>();
        shared.forEach((k, v) -> pairs.add(k + "=" + v));
        return " (" + String.join(", ", pairs) + ")";
    }
}
