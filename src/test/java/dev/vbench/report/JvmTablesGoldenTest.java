package dev.vbench.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.compare.Layout;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.RunResult;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.Golden;
import dev.vbench.testing.GoldenLocales;
import java.util.List;
import java.util.Locale;

/** Issue 11: JVMs as columns, in every format, and in the suite layouts of seed 001 (chain) and seed 002 (baseline). */
class JvmTablesGoldenTest {

    @GoldenLocales
    void everyFormatShowsTheJvmsAsColumns(String tag) {
        Locale.setDefault(Locale.forLanguageTag(tag));
        RunResult run = Fixtures.jvmRun();
        for (Format f : Format.values()) {
            Golden.assertMatches("run/jvm." + f.extension(), f.exporter(ReportOptions.DEFAULT).render(run));
        }
        String console = Format.CONSOLE.exporter(ReportOptions.DEFAULT).render(run);
        assertTrue(console.contains("j21 → j25"), console);
        assertTrue(console.contains("j25/zgc: TestVendor 25.0.3 (Test VM 25.0.3+9), ZGC, 8 CPUs, 1024 MiB max heap, options -XX:+UseZGC"),
                console);
    }

    @GoldenLocales
    void suiteLayoutsTakeJvmColumns(String tag) {
        Locale.setDefault(Locale.forLanguageTag(tag));
        List<CellResult> cells = Fixtures.jvmRun().cells();
        Table chain = PivotTables.render("Makespan by JVM", cells, Layout.CHAIN, Metric.MAKESPAN, "ms", false, true, false);
        Table baseline = PivotTables.render("Makespan by JDK", cells, Layout.BASELINE, Metric.MAKESPAN, "ms", false, true, false);
        Golden.assertMatches("suites/jvm-chain.md", MarkdownRenderer.render(chain));
        Golden.assertMatches("suites/jvm-chain.txt", ConsoleRenderer.render(chain));
        Golden.assertMatches("suites/jvm-baseline.md", MarkdownRenderer.render(baseline));
        Golden.assertMatches("suites/jvm-baseline.txt", ConsoleRenderer.render(baseline));
    }

    /** A suite's tables under run --verbose: every change ends in (p=… n=…), as in vbench compare --verbose. */
    @GoldenLocales
    void suiteLayoutsShowPAndNWhenVerbose(String tag) {
        Locale.setDefault(Locale.forLanguageTag(tag));
        List<CellResult> cells = Fixtures.jvmRun().cells();
        Table chain = PivotTables.render("Makespan by JVM", cells, Layout.CHAIN, Metric.MAKESPAN, "ms", false, true, true);
        Table baseline = PivotTables.render("Makespan by JDK", cells, Layout.BASELINE, Metric.MAKESPAN, "ms", false, true, true);
        Golden.assertMatches("suites/jvm-chain-verbose.md", MarkdownRenderer.render(chain));
        Golden.assertMatches("suites/jvm-chain-verbose.txt", ConsoleRenderer.render(chain));
        Golden.assertMatches("suites/jvm-baseline-verbose.md", MarkdownRenderer.render(baseline));
        Golden.assertMatches("suites/jvm-baseline-verbose.txt", ConsoleRenderer.render(baseline));
    }
}
