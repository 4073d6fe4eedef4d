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
import org.junit.jupiter.api.parallel.Isolated;

/** JVMs as columns, in every format, and in the suite layouts of seed 001 (chain) and seed 002 (baseline). */
@Isolated // it sets the default Locale
class JvmTablesGoldenTest {

    @GoldenLocales
    void everyFormatShowsTheJvmsAsColumns(String tag) {
        Locale.setDefault(Locale.forLanguageTag(tag));
        RunResult run = Fixtures.jvmRun();
        for (Format f : Format.values()) {
            Golden.assertMatches(
                    "run/jvm." + Golden.suffix(f),
                    f.exporter(ReportOptions.DEFAULT).render(run));
        }
        String console = Format.CONSOLE.exporter(ReportOptions.DEFAULT).render(run);
        assertTrue(console.contains("j21 → j25"), console);
        assertTrue(
                console.contains(
                        "j25/zgc: TestVendor 25.0.3 (Test VM 25.0.3+9), ZGC, 8 CPUs, 1 GiB max heap, options -XX:+UseZGC"),
                console);
    }

    /** The suite layouts with the JVMs as columns; under run --verbose every change ends in (p=… n=…). */
    @GoldenLocales
    void suiteLayoutsTakeJvmColumns(String tag) {
        Locale.setDefault(Locale.forLanguageTag(tag));
        List<CellResult> cells = Fixtures.jvmRun().cells();
        for (boolean verbose : new boolean[] {false, true}) {
            String suffix = verbose ? "-verbose" : "";
            Table chain = PivotTables.render(
                    "Makespan by JVM", cells, Layout.CHAIN, Metric.MAKESPAN, "ms", false, true, verbose);
            Table baseline = PivotTables.render(
                    "Makespan by JDK", cells, Layout.BASELINE, Metric.MAKESPAN, "ms", false, true, verbose);
            Golden.assertMatches("suites/jvm-chain" + suffix + ".md", MarkdownRenderer.render(chain));
            Golden.assertMatches("suites/jvm-chain" + suffix + ".txt", ConsoleRenderer.render(chain));
            Golden.assertMatches("suites/jvm-baseline" + suffix + ".md", MarkdownRenderer.render(baseline));
            Golden.assertMatches("suites/jvm-baseline" + suffix + ".txt", ConsoleRenderer.render(baseline));
        }
    }
}
