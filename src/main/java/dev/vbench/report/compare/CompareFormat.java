package dev.vbench.report.compare;

import dev.vbench.compare.Comparison;
import dev.vbench.compare.Gates;
import dev.vbench.compare.Latencies;
import dev.vbench.diagnose.ComparedPair;
import dev.vbench.diagnose.WhyLines;
import dev.vbench.report.ComparisonJson;
import dev.vbench.report.ComparisonTables;
import dev.vbench.report.ConsoleRenderer;
import dev.vbench.report.Format;
import dev.vbench.report.MarkdownRenderer;
import dev.vbench.report.WhyText;
import dev.vbench.report.ci.GateReport;
import dev.vbench.report.ci.GateReports;
import dev.vbench.report.ci.JUnitXml;
import dev.vbench.result.Choice;
import java.util.List;
import java.util.Locale;

/**
 * Output formats of {@code vbench compare --format}: the run formats that make sense for a
 * comparison ({@link Format}), each with its renderer. File extensions are the run formats' own.
 */
public enum CompareFormat implements Choice {
    /** Aligned columns for a terminal (the default); {@code console} is accepted too. */
    TEXT(Format.CONSOLE),
    MARKDOWN(Format.MARKDOWN),
    CSV(Format.CSV),
    JSON(Format.JSON),
    /** One self-contained page: the table, a bar chart and latency curves per row ({@link CompareHtml}). */
    HTML(Format.HTML),
    /** One JUnit test case per compared change, failed past the gate ({@link JUnitXml}). */
    JUNIT(null);

    /** The run format whose extension this one shares; null for {@link #JUNIT} ({@code .xml}). */
    private final Format format;

    CompareFormat(Format format) {
        this.format = format;
    }

    public String extension() {
        return format == null ? "xml" : format.extension();
    }

    /** Lower-case name as written on the command line. */
    @Override
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public List<String> aliases() {
        return this == TEXT ? List.of(Format.CONSOLE.cliName()) : List.of();
    }

    /**
     * The format named {@code text}.
     *
     * @throws IllegalArgumentException {@code 'pdf' is unknown; use one of text, markdown, csv, json, html}
     */
    public static CompareFormat parse(String text) {
        return Choice.parse(CompareFormat.class, text);
    }

    /** Every format's name, for help text and errors. */
    public static String validValues() {
        return Choice.validValues(CompareFormat.class);
    }

    /** Renders {@code comparison}; {@code verbose} adds {@code (p=… n=…)} to the tables' change cells. */
    public String render(Comparison comparison, boolean verbose) {
        return render(comparison, verbose, Latencies.NONE);
    }

    /**
     * Renders {@code comparison}; {@link #HTML} also draws the latency percentile curves of
     * {@code latencies} (the other formats do not use them).
     */
    public String render(Comparison comparison, boolean verbose, Latencies latencies) {
        return render(comparison, verbose, latencies, List.of());
    }

    /**
     * Renders {@code comparison}; text, markdown and HTML add the Why of each significant pair of
     * {@code pairs} (the matched cells behind the rows, {@link dev.vbench.diagnose.ComparedPairs}) under
     * the table, and HTML the differential flame graphs of the pairs both sides of which were profiled.
     */
    public String render(Comparison comparison, boolean verbose, Latencies latencies, List<ComparedPair> pairs) {
        return render(
                comparison,
                verbose,
                latencies,
                pairs,
                this == JUNIT ? GateReports.of(comparison, Gates.NONE, null, verbose) : null);
    }

    /**
     * Renders {@code comparison} as {@link #render(Comparison, boolean, Latencies, List)} does; {@link #JUNIT}
     * renders {@code gate}, the comparison with its gate ({@code --fail-on-regression}, {@code --gates}); the
     * other formats do not use it (it may be null).
     */
    public String render(
            Comparison comparison, boolean verbose, Latencies latencies, List<ComparedPair> pairs, GateReport gate) {
        List<WhyLines.Explanation> why = WhyLines.of(pairs);
        return switch (this) {
            case TEXT ->
                ConsoleRenderer.render(ComparisonTables.table(comparison, ComparisonTables.Style.compare(verbose)))
                        + (why.isEmpty() ? "" : "\n" + WhyText.console(why));
            case MARKDOWN ->
                MarkdownRenderer.render(ComparisonTables.table(comparison, ComparisonTables.Style.compare(verbose)))
                        + (why.isEmpty() ? "" : "\n" + WhyText.markdown(why));
            case CSV -> CompareCsv.render(comparison);
            case JSON -> ComparisonJson.render(comparison);
            case HTML -> CompareHtml.render(comparison, verbose, latencies, pairs, why);
            case JUNIT -> JUnitXml.render(gate);
        };
    }

    /** The format a file name implies by its extension ({@link Format#fromFileName}), or null. */
    public static CompareFormat fromFileName(String fileName) {
        if (fileName.toLowerCase(Locale.ROOT).endsWith("." + JUNIT.extension())) {
            return JUNIT;
        }
        Format byExtension = Format.fromFileName(fileName);
        for (CompareFormat f : values()) {
            if (f.format != null && f.format == byExtension) {
                return f;
            }
        }
        return null;
    }
}
