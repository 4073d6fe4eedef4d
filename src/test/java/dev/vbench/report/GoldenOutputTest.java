package dev.vbench.report;

import dev.vbench.result.RunResult;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.Golden;
import dev.vbench.testing.GoldenLocales;
import java.util.Locale;
import org.junit.jupiter.api.parallel.Isolated;

/** Seals every output format with golden files, under Locale.ROOT and a comma-decimal locale. */
@Isolated // it sets the default Locale
class GoldenOutputTest {

    @GoldenLocales
    void everyFormatMatchesItsGoldenFile(String tag) {
        Locale.setDefault(Locale.forLanguageTag(tag));
        RunResult run = Fixtures.ioRun();
        for (Format f : Format.values()) {
            Golden.assertMatches(
                    "run/io." + Golden.suffix(f),
                    f.exporter(ReportOptions.DEFAULT).render(run));
        }
        // --verbose: every speedup ends in (p=… n=…), as in vbench compare --verbose
        Golden.assertMatches(
                "run/io-verbose.md",
                Format.MARKDOWN.exporter(new ReportOptions(null, true)).render(run));
        Golden.assertMatches(
                "run/io-verbose.txt",
                Format.CONSOLE.exporter(new ReportOptions(null, true)).render(run));
    }
}
