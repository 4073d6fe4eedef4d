package dev.vbench.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.compare.CompareOptions;
import dev.vbench.compare.Comparison;
import dev.vbench.compare.Comparisons;
import dev.vbench.compare.Dataset;
import dev.vbench.compare.Inputs;
import dev.vbench.compare.Latencies;
import dev.vbench.compare.Layout;
import dev.vbench.config.Defaults;
import dev.vbench.measure.Histograms;
import dev.vbench.result.CellResult;
import dev.vbench.result.JmhBenchmark;
import dev.vbench.result.JmhReader;
import dev.vbench.result.Metric;
import dev.vbench.result.ResultFields;
import dev.vbench.result.RunResult;
import dev.vbench.result.TrialHistograms;
import dev.vbench.result.TrialResult;
import dev.vbench.testing.CompareFixtures;
import dev.vbench.testing.Golden;
import dev.vbench.testing.GoldenLocales;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The HTML comparison page: well-formed, self-contained, the charts each row needs, golden files. */
@Isolated // it sets the default Locale
class CompareHtmlTest {

    private static final String[] LABELS = {"before", "after", "later"};

    /** The comparison of {@code runs} and the page with their latency curves. */
    record Page(Comparison comparison, Latencies latencies, String html) {}

    static Page page(Layout layout, Set<String> ignore, RunResult... runs) {
        List<Dataset> files = new ArrayList<>();
        for (int i = 0; i < runs.length; i++) {
            files.add(Inputs.fromRun(runs[i], LABELS[i], LABELS[i] + ".json", Metric.MAKESPAN));
        }
        Comparison c = Comparisons.compute(files, new CompareOptions(layout, Defaults.NOISE, Defaults.ALPHA, ignore));
        Latencies latencies = Latencies.of(c, List.of(runs), ignore);
        return new Page(c, latencies, CompareFormat.HTML.render(c, false, latencies));
    }

    static Page twoFiles() {
        return page(Layout.CHANGE, Set.of(), CompareFixtures.before(), CompareFixtures.after());
    }

    static Comparison jmh() throws Exception {
        String text = Files.readString(Path.of("src/test/resources/compare/jmh-1.37.json"));
        List<JmhBenchmark> base = JmhReader.fromJson(text, "jmh-1.37.json");
        List<JmhBenchmark> modified =
                base.stream().map(CompareGoldenTest::slowerFixedFasterVirtual).toList();
        return Comparisons.compute(
                List.of(
                        Inputs.fromJmh(base, "jdk21", "jmh-1.37.json"),
                        Inputs.fromJmh(modified, "patched", "patched.json")),
                CompareOptions.defaults(Layout.CHANGE));
    }

    @Test
    void isWellFormedXmlWithOneInlineStylesheet() throws Exception {
        for (String html : List.of(twoFiles().html(), CompareFormat.HTML.render(jmh(), true))) {
            Document doc = parse(html);
            assertEquals("html", doc.getDocumentElement().getTagName());
            assertEquals(1, doc.getElementsByTagName("style").getLength());
        }
    }

    @Test
    void isSelfContained() throws Exception {
        List<String> pages = List.of(
                twoFiles().html(),
                page(
                                Layout.BASELINE,
                                Set.of(),
                                CompareFixtures.before(),
                                CompareFixtures.after(),
                                CompareFixtures.later())
                        .html(),
                CompareFormat.HTML.render(jmh(), false));
        for (String page : pages) {
            String withoutSvgNamespace = page.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
            assertFalse(withoutSvgNamespace.contains("http://"), "no external URL");
            assertFalse(withoutSvgNamespace.contains("https://"), "no external URL");
            assertFalse(page.contains("src="), "no external resource");
            assertFalse(page.contains("<script"), "no script");
            assertFalse(page.contains("<link"), "no linked stylesheet");
            assertFalse(page.contains("url("), "no CSS url()");
            assertFalse(page.contains("@import"), "no CSS import");
        }
    }

    @Test
    void everyMatchedRowGetsBarsWithWhiskersAndLatencyCurvesPerFile() throws Exception {
        Page p = twoFiles();
        Document doc = parse(p.html());
        // 4 matched rows (the duration=300ms cell is only in "after"): bars + percentile curves each
        NodeList svgs = doc.getElementsByTagName("svg");
        assertEquals(8, svgs.getLength());
        List<String> titles = new ArrayList<>();
        for (int i = 0; i < svgs.getLength(); i++) {
            titles.add(((Element) svgs.item(i)).getAttribute("aria-label"));
        }
        assertEquals(
                List.of(
                        "duration=100ms fixed:threads=200 — makespan",
                        "duration=100ms fixed:threads=200 — latency by percentile",
                        "duration=100ms virtual — makespan",
                        "duration=100ms virtual — latency by percentile",
                        "duration=200ms fixed:threads=200 — makespan",
                        "duration=200ms fixed:threads=200 — latency by percentile",
                        "duration=200ms virtual — makespan",
                        "duration=200ms virtual — latency by percentile"),
                titles);
        Element bars = (Element) svgs.item(0);
        assertEquals(
                2 + 2 + 1, bars.getElementsByTagName("rect").getLength(), "2 bars + 2 legend swatches + background");
        assertEquals(2, bars.getElementsByTagName("path").getLength(), "a whisker per bar (6 trials each)");
        assertTrue(bars.getTextContent().contains("after vs before: +5.6% (slower)"), bars.getTextContent());
        // "after" has only 3 trials of duration=200ms virtual: no finite CI, so no whisker on its bar
        assertEquals(1, ((Element) svgs.item(6)).getElementsByTagName("path").getLength());
        Element curves = (Element) svgs.item(1);
        assertEquals(2, curves.getElementsByTagName("polyline").getLength(), "a curve per file");
        String text = curves.getTextContent();
        assertTrue(
                text.contains("90%") && text.contains("99%") && text.contains("before") && text.contains("after"),
                text);
        // the table in the layout, with its footnotes, then the environment per file
        assertEquals(2, doc.getElementsByTagName("table").getLength());
        assertTrue(p.html().contains("<th>Change</th>"), "change layout");
        assertTrue(p.html().contains("only in after: io duration=300ms virtual tasks=10000"), "footnotes");
        assertTrue(p.html().contains("<h3>duration=100ms fixed:threads=200 — +5.6% (slower)</h3>"), "row headings");
    }

    @Test
    void aFileWithoutTheRowKeepsItsColourButHasNoBarOrCurve() throws Exception {
        RunResult after = CompareFixtures.after();
        RunResult afterWithoutFirst =
                after.withCells(after.cells().subList(1, after.cells().size()));
        Page p = page(Layout.BASELINE, Set.of(), after, CompareFixtures.before(), afterWithoutFirst);
        Document doc = parse(p.html());
        NodeList svgs = doc.getElementsByTagName("svg");
        assertEquals(10, svgs.getLength(), "5 rows: the 300ms row is in the first and third file");
        Element bars = (Element) svgs.item(0);
        assertEquals(
                2 + 3 + 1, bars.getElementsByTagName("rect").getLength(), "2 bars + 3 legend swatches + background");
        Element curves = (Element) svgs.item(1);
        NodeList lines = curves.getElementsByTagName("polyline");
        assertEquals(3, lines.getLength(), "a legend colour per file");
        assertTrue(((Element) lines.item(2)).getAttribute("points").isEmpty(), "no curve for the file without the row");
        assertTrue(p.html().contains("Not in later."), "caption says which file lacks the row");
        assertTrue(p.html().contains("<th class=\"num\">after%</th>"), "baseline layout");
    }

    @Test
    void jmhInputsHaveBarsButNoCurves() throws Exception {
        String html = CompareFormat.HTML.render(jmh(), false);
        Document doc = parse(html);
        NodeList svgs = doc.getElementsByTagName("svg");
        assertEquals(3, svgs.getLength(), "one bar chart per benchmark");
        for (int i = 0; i < svgs.getLength(); i++) {
            assertEquals(
                    0, ((Element) svgs.item(i)).getElementsByTagName("polyline").getLength());
        }
        assertTrue(html.contains("JMH results carry no per-task latency histograms, so there are no latency curves."));
        assertTrue(html.contains("thrpt (ops/s), higher is better"), "direction on the axis");
        assertTrue(html.contains(">1.5M<"), "large ticks are compact");
    }

    @Test
    void latenciesMergeEveryMeasuredTrialOfTheMatchedCell() {
        Page p = twoFiles();
        Latencies.Merged m = p.latencies().get(0, 1);
        assertEquals(6, m.trials());
        assertEquals(6 * 200, m.histogram().getTotalCount());
        assertFalse(m.corrected());
        Histogram expected = Histograms.newHistogram();
        CellResult cell = CompareFixtures.after().cells().get(0);
        cell.trials().forEach(t -> expected.add(Histograms.decode(t.histograms().endToEnd())));
        assertEquals(expected, m.histogram());
        assertEquals(3 * 200, p.latencies().get(3, 1).histogram().getTotalCount(), "3 trials");
        assertNull(p.latencies().get(4, 0), "no such row");
        assertTrue(Latencies.NONE.isEmpty());
        // matched across an ignored dimension: the 100ms cells of one run against the 200ms cells of the other
        RunResult only100 = CompareFixtures.before()
                .withCells(CompareFixtures.before().cells().subList(0, 2));
        RunResult only200 = CompareFixtures.after()
                .withCells(CompareFixtures.after().cells().subList(2, 4));
        Page ignored = page(Layout.CHANGE, Set.of("duration"), only100, only200);
        assertEquals(2, ignored.comparison().rows().size());
        assertEquals(
                only200.cells().get(0).trials().size() * 200L,
                ignored.latencies().get(0, 1).histogram().getTotalCount());
    }

    @Test
    void aDamagedHistogramIsFoundByItsField() {
        RunResult before = CompareFixtures.before();
        List<CellResult> cells = new ArrayList<>(before.cells());
        CellResult c = cells.get(0);
        List<TrialResult> trials = new ArrayList<>(c.trials());
        TrialResult t = trials.get(0);
        trials.set(0, t.withLatency(t.latency(), new TrialHistograms("AAAA", "AAAA", "not base64!")));
        cells.set(0, new CellResult(c.id(), c.config(), c.status(), trials, c.summary(), c.notes()));
        RunResult damaged = before.withCells(cells);
        Histograms.NotAHistogram e = assertThrows(
                Histograms.NotAHistogram.class, () -> page(Layout.CHANGE, Set.of(), damaged, CompareFixtures.after()));
        assertEquals(
                "cells[0].trials[0].histograms.endToEnd",
                ResultFields.histogramPath(damaged, e.encoded()),
                "the use case that read the file names it and this field (CheckedUpFrontTest)");
    }

    @GoldenLocales
    void matchesGoldenFiles(String tag) throws Exception {
        Locale.setDefault(Locale.forLanguageTag(tag));
        Golden.assertMatches("compare/change.html", twoFiles().html());
        Golden.assertMatches(
                "compare/baseline.html",
                page(
                                Layout.BASELINE,
                                Set.of(),
                                CompareFixtures.before(),
                                CompareFixtures.after(),
                                CompareFixtures.later())
                        .html());
        Golden.assertMatches("compare/jmh-change.html", CompareFormat.HTML.render(jmh(), true));
    }

    static Document parse(String xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        DocumentBuilder b = f.newDocumentBuilder();
        b.setErrorHandler(null);
        return b.parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }
}
