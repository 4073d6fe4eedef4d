package dev.vbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.diagnose.ComparedPair;
import dev.vbench.diagnose.ComparedPair.View;
import dev.vbench.report.ReportDocument.Profiles;
import dev.vbench.report.ReportDocument.Why;
import dev.vbench.result.CellResult;
import dev.vbench.result.RunResult;
import dev.vbench.result.SuiteLayout;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.Golden;
import dev.vbench.testing.GoldenLocales;
import dev.vbench.testing.ProfileFixtures;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.w3c.dom.Document;

/** The Why lines and flame graphs of profiled cells in every format, from hand-built profiles. */
@Isolated // it sets the default Locale
class ProfileReportTest {

    private static final ReportOptions OPTIONS = ReportOptions.DEFAULT;

    @GoldenLocales
    void whyLinesMatchTheirGoldenFiles(String tag) {
        Locale.setDefault(Locale.forLanguageTag(tag));
        RunResult run = ProfileFixtures.storeRun();
        Golden.assertMatches(
                "run/store-profiled.txt", Format.CONSOLE.exporter(OPTIONS).render(run));
        Golden.assertMatches(
                "run/store-profiled.md", Format.MARKDOWN.exporter(OPTIONS).render(run));
        Golden.assertMatches(
                "run/jar-jvm-profiled.txt", Format.CONSOLE.exporter(OPTIONS).render(ProfileFixtures.jvmRun()));
    }

    @Test
    void theDocumentHoldsThePairsOnceForEveryFormat() {
        ReportDocument doc = ReportDocument.of(ProfileFixtures.storeRun(), OPTIONS);
        Why why = doc.sections().get(0).blocks().stream()
                .filter(b -> b instanceof Why)
                .map(b -> (Why) b)
                .findFirst()
                .orElseThrow();
        assertEquals(1, why.pairs().size());
        Profiles profiles = doc.sections().get(0).blocks().stream()
                .filter(b -> b instanceof Profiles)
                .map(b -> (Profiles) b)
                .findFirst()
                .orElseThrow();
        assertEquals(
                List.of(
                        "fixed:threads=8 — tasks profile, 12000 samples",
                        "fixed:threads=8 — lock profile, 400 samples",
                        "virtual — tasks profile, 10000 samples",
                        "virtual — lock profile, 900 samples",
                        "Differential virtual vs fixed:threads=8 — tasks, leaf first",
                        "Differential virtual vs fixed:threads=8 — lock, leaf first"),
                profiles.flames().stream().map(FlameGraphs.Flame::title).toList());
    }

    @Test
    void jvmPairsAreRootFirst() {
        ReportDocument doc = ReportDocument.of(ProfileFixtures.jvmRun(), OPTIONS);
        Why why = doc.sections().get(0).blocks().stream()
                .filter(b -> b instanceof Why)
                .map(b -> (Why) b)
                .findFirst()
                .orElseThrow();
        ComparedPair p = why.pairs().get(0);
        assertEquals(View.ROOT_FIRST, p.view(), "the same cell on two JVMs");
        assertEquals(
                "j25: 5% of lock samples entering a monitor of java.util.zip.ZipFile$Source in java.util.zip.ZipFile.getEntry"
                        + " (called from com.acme.JarTask.run), j21: 62%",
                why.explanations().get(0).lines().get(0));
    }

    @Test
    void htmlDrawsEveryProfileAndTheDifferentialWithBothShares() throws Exception {
        String html = Format.HTML.exporter(OPTIONS).render(ProfileFixtures.storeRun());
        Document doc = HtmlExporterTest.parse(html);
        assertEquals(
                6,
                doc.getElementsByTagName("figure").getLength() - 2,
                "4 profiles and 2 differentials beside 2 charts");
        assertTrue(html.contains("<h3>Profiles</h3>"));
        // a single profile: frame, samples and share in the hover title
        assertTrue(
                html.contains("<title>[blocked on monitor]\n4100 samples, 41.00% of virtual</title>"),
                "hover of a frame");
        // the differential: both shares and the change
        assertTrue(
                html.contains(
                        "<title>[blocked on monitor]\nvirtual: 41.00% (4100 samples)\nfixed:threads=8: 3.00% (360 samples)\n"
                                + "change: +38.00 points</title>"),
                "hover of a differential frame");
        assertTrue(html.contains("data-n=\"com.acme.Store.put\""));
        assertTrue(html.contains("fill=\"#d73027\""), "the frame that grew most is full red");
        assertTrue(html.contains("<h4>Why virtual vs fixed:threads=8: makespan +202.1% (slower)</h4>"));
        assertTrue(
                html.contains(
                        "<li>virtual: 41% of tasks samples blocked on monitor in com.acme.Store.put, fixed:threads=8: 3%</li>"));
        assertTrue(html.contains("<script>"), "zoom and search");
        assertFalse(
                html.replace("http://www.w3.org/2000/svg", "").matches("(?s).*(https?:|src=|href=).*"),
                "nothing fetched");
    }

    @Test
    void suiteTablesGetTheirWhyAndTheExperimentsFlameGraphs() {
        RunResult store = ProfileFixtures.storeRun();
        RunResult suite = store.withCells(store.cells().stream()
                        .map(c -> new CellResult(
                                "store/" + c.id(),
                                c.config(),
                                c.status(),
                                c.trials(),
                                c.summary(),
                                c.notes(),
                                c.jvm(),
                                c.profiles()))
                        .toList())
                .withSuite(new SuiteLayout(
                        "seed", "Store suite", null, List.of(new SuiteLayout.Experiment("store", "Store", List.of()))));
        String text = Format.CONSOLE.exporter(OPTIONS).render(suite);
        assertTrue(
                text.contains(
                        "Why virtual vs fixed:threads=8: makespan +202.1% (slower)\n"
                                + "  virtual: 41% of tasks samples blocked on monitor in com.acme.Store.put, fixed:threads=8: 3%\n"),
                text);
        String html = Format.HTML.exporter(OPTIONS).render(suite);
        assertTrue(
                html.contains("store: Differential virtual vs fixed:threads=8 — tasks, leaf first"),
                "flames named by experiment");
    }

    @Test
    void everyFormatShowsTheSameWhy() {
        RunResult run = ProfileFixtures.storeRun();
        ReportDocument doc = ReportDocument.of(run, OPTIONS);
        String console = Format.CONSOLE.exporter(OPTIONS).render(run);
        String markdown = Format.MARKDOWN.exporter(OPTIONS).render(run);
        String html = Format.HTML.exporter(OPTIONS).render(run);
        for (var block : doc.sections().get(0).blocks()) {
            if (block instanceof Why w) {
                for (var e : w.explanations()) {
                    assertTrue(console.contains(WhyText.heading(e) + "\n"));
                    assertTrue(markdown.contains("**" + WhyText.heading(e) + "**"));
                    assertTrue(html.contains("<h4>" + Html.escape(WhyText.heading(e)) + "</h4>"));
                    for (String line : e.lines()) {
                        assertTrue(console.contains("  " + line + "\n"), line);
                        assertTrue(markdown.contains("- " + line + "\n"), line);
                        assertTrue(html.contains("<li>" + Html.escape(line) + "</li>"), line);
                    }
                }
            }
        }
        assertEquals(
                "virtual: 3% in com.acme.Foo.\\<init>",
                WhyText.markdownText("virtual: 3% in com.acme.Foo.<init>"),
                "a constructor frame is no HTML tag in markdown");
    }

    @Test
    void pagesWithoutProfilesCarryNoScript() {
        String html = Format.HTML.exporter(OPTIONS).render(Fixtures.ioRun());
        assertFalse(html.contains("<script"));
        assertFalse(html.contains("class=\"flame\""));
    }
}
