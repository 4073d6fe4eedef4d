package dev.vbench.report.compare;

import dev.vbench.compare.CompareOptions;
import dev.vbench.compare.Comparison;
import dev.vbench.compare.Comparisons;
import dev.vbench.compare.Dataset;
import dev.vbench.compare.Inputs;
import dev.vbench.compare.Layout;
import dev.vbench.result.JmhBenchmark;
import dev.vbench.result.JmhReader;
import dev.vbench.result.Metric;
import dev.vbench.result.RunResult;
import dev.vbench.testing.CompareFixtures;
import dev.vbench.testing.Golden;
import dev.vbench.testing.GoldenLocales;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.parallel.Isolated;

/** Seals every compare layout and format with golden files, under Locale.ROOT and a comma-decimal locale. */
@Isolated // it sets the default Locale
class CompareGoldenTest {

    @GoldenLocales
    void everyLayoutAndFormatMatchesItsGoldenFile(String tag) {
        Locale.setDefault(Locale.forLanguageTag(tag));
        Comparison two = compare(Layout.CHANGE, CompareFixtures.before(), CompareFixtures.after());
        for (CompareFormat f : CompareFormat.values()) {
            if (f == CompareFormat.HTML) {
                continue; // CompareHtmlTest seals the page with its latency curves
            }
            Golden.assertMatches("compare/change." + f.extension(), f.render(two, false));
        }
        Golden.assertMatches("compare/change-verbose.md", CompareFormat.MARKDOWN.render(two, true));
        for (Layout layout : List.of(Layout.BASELINE, Layout.CHAIN)) {
            Comparison three =
                    compare(layout, CompareFixtures.before(), CompareFixtures.after(), CompareFixtures.later());
            for (CompareFormat f : CompareFormat.values()) {
                if (f == CompareFormat.HTML) {
                    continue;
                }
                Golden.assertMatches("compare/" + layout.cliName() + "." + f.extension(), f.render(three, false));
            }
            Golden.assertMatches(
                    "compare/" + layout.cliName() + "-verbose.txt", CompareFormat.TEXT.render(three, true));
        }
    }

    @GoldenLocales
    void jmhComparisonMatchesItsGoldenFile(String tag) throws Exception {
        Locale.setDefault(Locale.forLanguageTag(tag));
        String text = Files.readString(Path.of("src/test/resources/compare/jmh-1.37.json"));
        List<JmhBenchmark> base = JmhReader.fromJson(text, "jmh-1.37.json");
        List<JmhBenchmark> modified =
                base.stream().map(CompareGoldenTest::slowerFixedFasterVirtual).toList();
        List<Dataset> files = List.of(
                Inputs.fromJmh(base, "jdk21", "jmh-1.37.json"), Inputs.fromJmh(modified, "patched", "patched.json"));
        Comparison c = Comparisons.compute(files, CompareOptions.defaults(Layout.CHANGE));
        Golden.assertMatches("compare/jmh-change.md", CompareFormat.MARKDOWN.render(c, true));
        Comparison b = Comparisons.compute(files, CompareOptions.defaults(Layout.BASELINE));
        Golden.assertMatches("compare/jmh-baseline.md", CompareFormat.MARKDOWN.render(b, false));
    }

    /** The fixed-pool entry 10% slower, the virtual entry 10% faster, throughput unchanged. */
    static JmhBenchmark slowerFixedFasterVirtual(JmhBenchmark b) {
        double factor = "fixed".equals(b.params().get("executor"))
                ? 1.10
                : "virtual".equals(b.params().get("executor")) ? 0.90 : 1;
        return new JmhBenchmark(
                b.benchmark(),
                b.mode(),
                b.threads(),
                b.forks(),
                b.params(),
                b.unit(),
                b.rawData().stream().map(v -> v * factor).toList(),
                b.jmhVersion(),
                b.jdkVersion(),
                b.vmName(),
                b.vmVersion(),
                b.jvmArgs());
    }

    private static Comparison compare(Layout layout, RunResult... runs) {
        String[] labels = {"before", "after", "later"};
        List<Dataset> files = new ArrayList<>();
        for (int i = 0; i < runs.length; i++) {
            files.add(Inputs.fromRun(runs[i], labels[i], labels[i] + ".json", Metric.MAKESPAN));
        }
        return Comparisons.compute(files, CompareOptions.defaults(layout));
    }
}
