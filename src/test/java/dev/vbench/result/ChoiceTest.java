package dev.vbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vbench.compare.Layout;
import dev.vbench.report.Format;
import dev.vbench.report.compare.CompareFormat;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The named choices users type: every constant parses by its name, errors list every valid name from the enum. */
class ChoiceTest {

    @Test
    void everyConstantParsesByItsNameInAnyCase() {
        for (Metric m : Metric.values()) {
            assertEquals(m, Metric.parse(m.cliName().toUpperCase(Locale.ROOT)));
        }
        for (Format f : Format.values()) {
            assertEquals(f, Format.parse(f.cliName()));
        }
        for (Layout l : Layout.values()) {
            assertEquals(l, Layout.parse(" " + l.cliName() + " "));
        }
        for (CompareFormat f : CompareFormat.values()) {
            assertEquals(f, CompareFormat.parse(f.cliName()));
        }
    }

    @Test
    void aliasesParseButAreNotListed() {
        assertEquals(Layout.SPEEDUP, Layout.parse("executors"));
        assertEquals(Metric.P999, Metric.parse("p99.9"));
        assertEquals(CompareFormat.TEXT, CompareFormat.parse("console"));
        assertEquals("speedup, change, baseline, chain", Layout.validValues());
    }

    @Test
    void theErrorListsEveryValidValueFromTheEnum() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Metric.parse("p12"));
        String all = String.join(
                ", ", Arrays.stream(Metric.values()).map(Metric::cliName).toList());
        assertEquals("'p12' is unknown; use one of " + all, e.getMessage());
        assertEquals("makespan, throughput, mean, p50, p90, p99, p999, max, cpu, alloc", Metric.validValues());
        assertEquals(
                "'pdf' is unknown; use one of console, markdown, json, csv, html, hgrm, gobench,"
                        + " github-action-benchmark, bencher",
                assertThrows(IllegalArgumentException.class, () -> Format.parse("pdf"))
                        .getMessage());
        assertNull(Metric.byKey("p12"));
    }

    @Test
    void oneFileNameRuleForRunAndCompareFormats() {
        for (String name : List.of("r.json", "r.md", "r.markdown", "r.csv", "r.html", "r.HTM", "r.txt")) {
            Format run = Format.fromFileName(name);
            CompareFormat compare = CompareFormat.fromFileName(name);
            assertEquals(run.extension(), compare.extension(), name);
        }
        assertEquals(Format.HGRM, Format.fromFileName("a.hgrm"));
        assertNull(CompareFormat.fromFileName("a.hgrm"));
        assertNull(Format.fromFileName("a.pdf"));
    }
}
