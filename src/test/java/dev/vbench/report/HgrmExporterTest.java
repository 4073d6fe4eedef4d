package dev.vbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.measure.Histograms;
import dev.vbench.result.CellResult;
import dev.vbench.result.RunResult;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.Golden;
import dev.vbench.testing.GoldenLocales;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Acceptance 3: {@code .hgrm} blocks are HdrHistogram's own percentile distribution, byte for
 * byte, and parse back to the histogram they came from.
 */
@Isolated // it sets the default Locale
class HgrmExporterTest {

    /** 1 … 1000 µs, one value each: a fixed histogram whose distribution is sealed in a golden file. */
    static Histogram fixed() {
        Histogram h = Histograms.newHistogram();
        for (int i = 1; i <= 1000; i++) {
            h.recordValue(i * 1000L);
        }
        return h;
    }

    @GoldenLocales
    void fixedHistogramMatchesHdrHistogramByteForByte(String tag) {
        Locale.setDefault(Locale.forLanguageTag(tag));
        Histogram h = fixed();
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        h.outputPercentileDistribution(new PrintStream(expected, true, StandardCharsets.UTF_8), 5, 1e6);
        String text = HgrmExporter.distribution(h);
        assertEquals(expected.toString(StandardCharsets.UTF_8), text);
        Golden.assertMatches("hgrm/fixed-1-to-1000us.hgrm", text);
    }

    @Test
    void oneBlockPerCellWithACellHeader() {
        RunResult run = Fixtures.ioRun();
        String text = Format.HGRM.exporter(ReportOptions.DEFAULT).render(run);
        List<Block> blocks = parse(text);
        assertEquals(run.cells().size(), blocks.size());
        for (int i = 0; i < blocks.size(); i++) {
            CellResult cell = run.cells().get(i);
            Block b = blocks.get(i);
            assertEquals("# cell " + cell.id() + ": " + cell.config().label(), b.header());
            Histogram merged = LatencyCurves.mergedEndToEnd(cell);
            assertEquals(HgrmExporter.distribution(merged), b.body(), "the block is HdrHistogram's own text");
            assertParsesBackTo(merged, b.body());
        }
    }

    @GoldenLocales
    void matchesGoldenFile(String tag) {
        Locale.setDefault(Locale.forLanguageTag(tag));
        Golden.assertMatches(
                "run/io.hgrm", Format.HGRM.exporter(ReportOptions.DEFAULT).render(Fixtures.ioRun()));
    }

    /**
     * Reads the distribution the way HdrHistogram's plotter does (value, percentile, total count
     * columns; {@code #} lines and the header skipped) and checks it against the histogram.
     */
    static void assertParsesBackTo(Histogram h, String hgrm) {
        List<double[]> rows = new ArrayList<>();
        String footer = null;
        for (String line : hgrm.split("\n")) {
            String t = line.strip();
            if (t.startsWith("#[Max")) {
                footer = t;
            }
            if (t.isEmpty() || t.startsWith("#") || t.startsWith("Value")) {
                continue;
            }
            String[] cols = t.split("\\s+");
            rows.add(new double[] {Double.parseDouble(cols[0]), Double.parseDouble(cols[1]), Double.parseDouble(cols[2])
            });
        }
        assertTrue(rows.size() > 10, "a spectrum of percentiles");
        for (double[] r : rows) {
            double percentile = r[1] * 100;
            double expectedMillis = h.highestEquivalentValue(h.getValueAtPercentile(percentile)) / 1e6;
            assertEquals(expectedMillis, r[0], 0.0005 + expectedMillis * 1e-3, () -> "value at " + percentile + "%");
            assertTrue(r[2] <= h.getTotalCount());
        }
        double[] last = rows.get(rows.size() - 1);
        assertEquals(1.0, last[1], 0.0);
        assertEquals(h.getTotalCount(), (long) last[2]);
        assertTrue(
                footer != null
                        && footer.contains("Total count    =" + String.format(Locale.ROOT, "%13d", h.getTotalCount())),
                footer);
    }

    record Block(String header, String body) {}

    /** Splits the exporter's output into blocks at the {@code # cell} lines. */
    static List<Block> parse(String text) {
        List<Block> out = new ArrayList<>();
        for (String chunk : text.split("(?m)^(?=# cell )")) {
            if (chunk.isBlank()) {
                continue;
            }
            String[] lines = chunk.split("\n", 3);
            String body = lines[2];
            out.add(new Block(lines[0], body.substring(0, body.length() - 1))); // the blank line between blocks
        }
        return out;
    }
}
