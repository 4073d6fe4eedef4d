package dev.vbench.app;

import dev.vbench.compare.Knee;
import dev.vbench.compare.Notes;
import dev.vbench.config.Defaults;
import dev.vbench.engine.CellPlan;
import dev.vbench.engine.RunPlan;
import dev.vbench.measure.Histograms;
import dev.vbench.plan.Plan;
import dev.vbench.report.ReportDocument;
import dev.vbench.report.ReportOptions;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.Environment;
import dev.vbench.result.LatencySummary;
import dev.vbench.result.RunResult;
import dev.vbench.result.Telemetry;
import dev.vbench.result.TrialHistograms;
import dev.vbench.result.TrialResult;
import dev.vbench.stats.Summaries;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * What a plan's tables could detect, said before it runs (docs/statistics.md rule 13): the tables are
 * built exactly as the run will build them ({@link ReportDocument}), from the planned cells with the
 * planned number of trials each, and every table whose smallest attainable Mann-Whitney p times its
 * Holm factor is at least α gets one line that names the trials that would do
 * ({@link Notes#unreachableText}). The trials' values do not matter to that question, only their counts.
 *
 * <pre>{@code
 * PlannedPower.warnings(plan, environment, reportOptions).forEach(w -> err.println("vbench: " + w));
 * }</pre>
 */
final class PlannedPower {

    private PlannedPower() {}

    /** One line per table of the plan that cannot reach significance; empty when every table can. */
    static List<String> warnings(Plan plan, Environment environment, ReportOptions options) {
        List<CellResult> cells = new ArrayList<>();
        for (RunPlan part : plan.runs()) {
            for (CellPlan cell : part.cells()) {
                cells.add(planned(cell, part.settings().measuredTrials()));
            }
        }
        if (cells.isEmpty()) {
            return List.of();
        }
        RunResult result = new RunResult(
                        RunResult.SCHEMA, environment, plan.first().settings(), cells)
                .withSuite(plan.suite() == null ? null : plan.suite().layout());
        Set<String> lines = new LinkedHashSet<>();
        for (ReportDocument.TableBlock t : ReportDocument.of(result, options).comparisons()) {
            for (String why : Notes.unreachable(t.comparison().rows(), Defaults.ALPHA)) {
                lines.add("table '" + t.table().title() + "' cannot reach significance: " + why);
            }
            if (t.knee()) {
                Knee.unreachable(t.comparison())
                        .ifPresent(why -> lines.add("table '" + t.table().title() + "' cannot place its knee: " + why));
            }
        }
        return new ArrayList<>(lines);
    }

    /**
     * Every planned trial's one placeholder value, 1 ms, summarized and encoded once (a histogram's summary walks
     * all of its buckets; the class's initialization makes it once, for any thread).
     */
    private static final class Placeholder {
        static final LatencySummary SUMMARY;
        static final String ENCODED;

        static {
            Histogram h = Histograms.newHistogram();
            h.recordValue(1_000_000);
            SUMMARY = Histograms.summarize(h);
            ENCODED = Histograms.encode(h);
        }
    }

    /** A cell as planned: its configuration and {@code trials} trials of the one placeholder value each. */
    private static CellResult planned(CellPlan cell, int trials) {
        long tasks = Math.max(1, cell.config().tasks());
        List<TrialResult> list = new ArrayList<>();
        for (int t = 0; t < trials; t++) {
            list.add(new TrialResult(
                    t,
                    0,
                    tasks,
                    tasks,
                    0,
                    List.of(),
                    1_000_000_000L,
                    tasks,
                    Placeholder.SUMMARY,
                    new TrialHistograms(Placeholder.ENCODED, Placeholder.ENCODED, Placeholder.ENCODED),
                    Telemetry.NONE));
        }
        CellResult r =
                new CellResult(cell.id(), cell.config(), CellStatus.OK, list, Summaries.summarize(list), List.of());
        return cell.jvm() == null || cell.jvm().info() == null
                ? r
                : r.withJvm(cell.jvm().info());
    }
}
