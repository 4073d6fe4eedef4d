package dev.vbench.suite;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.vbench.app.SuiteRuns;
import dev.vbench.engine.CellPlan;
import dev.vbench.engine.RunPlan;
import dev.vbench.report.Format;
import dev.vbench.report.ReportOptions;
import dev.vbench.result.CellResult;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.Golden;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every suite under {@code workloads/} renders its tables in its source report's layout. The
 * results are fabricated deterministically from the planned cells (a fake workload with exact
 * numbers), so the golden files pin the layout, not this machine's speed.
 */
class SuiteTablesGoldenTest {

    static Stream<Path> suites() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("workloads"))) {
            return files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("suites")
    void tablesMatchGolden(Path file) throws Exception {
        SuiteSpec suite = SuiteLoader.load(file);
        for (Scale scale : Scale.values()) {
            List<RunPlan> plans = SuiteRuns.plan(suite, file.toString(), scale);
            assertFalse(plans.isEmpty());
            List<CellResult> cells = new ArrayList<>();
            int i = 0;
            for (RunPlan plan : plans) {
                for (CellPlan c : plan.cells()) {
                    if (c.jvm() != null && c.jvm().label() != null) {
                        continue; // which JDKs a suite finds depends on the machine; JvmTablesGoldenTest seals JVM
                        // tables
                    }
                    i++;
                    // exact, deterministic figures: makespan grows with the cell index, per-task latency with tasks
                    cells.add(Fixtures.cell(
                            c.id(), c.config(), plan.settings().measuredTrials(), 100.0 * i, 0.01, 1.0 + i % 7, i));
                }
            }
            RunResult result = new RunResult(
                    RunResult.SCHEMA,
                    Fixtures.environment(),
                    RunSettings.trials(1, 6).withSeed(42),
                    cells);
            String name = file.getFileName().toString().replace(".yaml", "");
            String scaleName = scale.name().toLowerCase(Locale.ROOT);
            Golden.assertMatches("suites/" + name + "-" + scaleName + ".md", SuiteRuns.render(suite, result, true));
            Golden.assertMatches("suites/" + name + "-" + scaleName + ".txt", SuiteRuns.render(suite, result, false));
            // the result file records the tables, so a report of the file read back prints the same (vbench report)
            RunResult reread = ResultCodec.fromJson(ResultCodec.toJson(result.withSuite(suite.layout())), name);
            Golden.assertMatches(
                    "suites/" + name + "-" + scaleName + ".txt",
                    Format.CONSOLE.exporter(ReportOptions.DEFAULT).render(reread));
            // what the result records of the suite: its name, title, source and each experiment's tables
            Golden.assertMatches(
                    "suites/" + name + ".layout.json",
                    ResultCodec.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(reread.suite()) + "\n");
        }
    }
}
