package dev.vbench.report;

import dev.vbench.result.RunResult;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.Golden;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Seals every output format with golden files, under Locale.ROOT and a comma-decimal locale. */
class GoldenOutputTest {

    private final Locale saved = Locale.getDefault();

    @AfterEach
    void restoreLocale() {
        Locale.setDefault(saved);
    }

    @ParameterizedTest(name = "locale {0}")
    @ValueSource(strings = {"und", "de-DE"})
    void everyFormatMatchesItsGoldenFile(String tag) {
        Locale.setDefault(Locale.forLanguageTag(tag));
        RunResult run = Fixtures.ioRun();
        for (Format f : Format.values()) {
            Golden.assertMatches("run/io." + f.extension(), f.exporter(ReportOptions.DEFAULT).render(run));
        }
        Golden.assertMatches("run/io-verbose.md", Format.MARKDOWN.exporter(new ReportOptions(null, true)).render(run));
    }
}
