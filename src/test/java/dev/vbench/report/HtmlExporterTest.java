package dev.vbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.RunResult;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.Golden;
import dev.vbench.testing.GoldenLocales;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Acceptance 1: the HTML report is well-formed, self-contained and carries the tables and charts. */
@Isolated // it sets the default Locale
class HtmlExporterTest {

    static String html(RunResult run) {
        return Format.HTML.exporter(ReportOptions.DEFAULT).render(run);
    }

    @Test
    void isWellFormedXml() throws Exception {
        Document doc = parse(html(Fixtures.pinnedIoRun()));
        assertEquals("html", doc.getDocumentElement().getTagName());
        assertEquals(1, doc.getElementsByTagName("style").getLength());
    }

    @Test
    void isSelfContained() {
        for (RunResult run : List.of(Fixtures.ioRun(), Fixtures.pinnedIoRun(), concurrencySweep())) {
            String page = html(run);
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
    void hasTablesAndChartsPerWorkload() throws Exception {
        Document doc = parse(html(Fixtures.pinnedIoRun()));
        NodeList svgs = doc.getElementsByTagName("svg");
        // one bar chart (two executors) + one percentile chart per duration (two rows)
        assertEquals(3, svgs.getLength());
        List<String> titles = new ArrayList<>();
        for (int i = 0; i < svgs.getLength(); i++) {
            titles.add(((Element) svgs.item(i)).getAttribute("aria-label"));
        }
        assertEquals(
                List.of(
                        "io — makespan by executor",
                        "io duration=100ms — latency by percentile",
                        "io duration=200ms — latency by percentile"),
                titles);
        // bars: 2 executors × 2 rows, each with a CI whisker (6 trials give a finite interval)
        Element bars = (Element) svgs.item(0);
        assertEquals(
                4 + 2, bars.getElementsByTagName("rect").getLength() - 1, "4 bars + 2 legend swatches + background");
        assertEquals(4, bars.getElementsByTagName("path").getLength(), "one whisker per bar");
        // percentile charts: a curve per executor, x ticks 0% … 99%
        Element latency = (Element) svgs.item(1);
        assertEquals(2, latency.getElementsByTagName("polyline").getLength());
        String text = latency.getTextContent();
        assertTrue(text.contains("0%") && text.contains("90%") && text.contains("99%"), text);
        // tables: comparison, detail, telemetry, environment
        assertEquals(4, doc.getElementsByTagName("table").getLength());
        assertTrue(doc.getElementsByTagName("details").getLength() == 1, "pinned stacks block");
        assertTrue(html(Fixtures.pinnedIoRun()).contains("com.example.Dao.query:42"));
    }

    @Test
    void percentileCurveFollowsTheMergedHistogram() {
        CellResult cell = Fixtures.ioRun().cells().get(1);
        double[][] curve = LatencyCurves.curve(LatencyCurves.mergedEndToEnd(cell));
        var merged = LatencyCurves.mergedEndToEnd(cell);
        assertEquals(6 * 200, merged.getTotalCount());
        assertEquals(0.0, curve[0][0], 1e-12);
        assertEquals(merged.highestEquivalentValue(merged.getMinValue()) / 1e6, curve[1][0], 1e-9);
        for (int i = 1; i < curve[0].length; i++) {
            assertTrue(curve[0][i] >= curve[0][i - 1] && curve[1][i] >= curve[1][i - 1], "monotone");
        }
        assertEquals("99.99%", LatencyCurves.label(4));
        assertEquals(1.0, LatencyCurves.nines(0.9), 1e-12);
    }

    @Test
    void concurrencySweepDrawsThroughputLines() throws Exception {
        Document doc = parse(html(concurrencySweep()));
        NodeList svgs = doc.getElementsByTagName("svg");
        Element last = null;
        for (int i = 0; i < svgs.getLength(); i++) {
            Element svg = (Element) svgs.item(i);
            last = "io — throughput by concurrency".equals(svg.getAttribute("aria-label")) ? svg : last;
        }
        assertTrue(last != null, "a throughput-by-concurrency chart");
        assertEquals(2, last.getElementsByTagName("polyline").getLength(), "a line per executor");
        assertTrue(last.getTextContent().contains("concurrency (tasks in flight, log scale)"));
    }

    @GoldenLocales
    void matchesGoldenFiles(String tag) {
        Locale.setDefault(Locale.forLanguageTag(tag));
        Golden.assertMatches("run/io-pinned.html", html(Fixtures.pinnedIoRun()));
        Golden.assertMatches("run/io-concurrency.html", html(concurrencySweep()));
        Golden.assertMatches(
                "run/io-pinned-verbose.md",
                Format.MARKDOWN.exporter(new ReportOptions(Metric.P99, true)).render(Fixtures.pinnedIoRun()));
        Golden.assertMatches(
                "run/io-pinned-verbose.txt",
                Format.CONSOLE.exporter(new ReportOptions(null, true)).render(Fixtures.pinnedIoRun()));
    }

    /** Two executors × concurrency 1, 10, 100, built from the fixture's cells. */
    static RunResult concurrencySweep() {
        List<CellResult> cells = new ArrayList<>();
        int[] levels = {1, 10, 100};
        for (int i = 0; i < levels.length; i++) {
            for (int e = 0; e < 2; e++) {
                double makespan = e == 0 ? 5000.0 / levels[i] : 5000.0 / Math.min(levels[i], 8);
                CellResult c = Fixtures.cell(
                        "c" + (2 * i + e + 1),
                        "io",
                        Map.of("duration", "5ms"),
                        e == 0 ? Fixtures.virtual() : Fixtures.fixed(8),
                        1000,
                        6,
                        makespan,
                        0.05,
                        5.2,
                        10 * i + e);
                CellConfig config = CellConfig.closed(
                        "io", Map.of("duration", "5ms"), c.config().executor(), 1000, levels[i]);
                cells.add(new CellResult(c.id(), config, c.status(), c.trials(), c.summary(), c.notes()));
            }
        }
        return Fixtures.ioRun().withCells(cells);
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
