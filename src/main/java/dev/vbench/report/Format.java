package dev.vbench.report;

import dev.vbench.result.CellResult;
import dev.vbench.result.Choice;
import dev.vbench.result.Metric;
import java.util.Collection;
import java.util.Locale;
import java.util.function.Function;

/**
 * Output formats of {@code vbench run --format} and {@code vbench report --format}, each with its
 * exporter and file extension. {@link #fromFileName} is the one place a file name decides a format
 * ({@code compare}'s formats map onto these, {@link dev.vbench.report.compare.CompareFormat}).
 */
public enum Format implements Choice {
    CONSOLE("txt", ConsoleExporter::new),
    MARKDOWN("md", MarkdownExporter::new),
    JSON("json", JsonExporter::new),
    CSV("csv", CsvExporter::new),
    HTML("html", HtmlExporter::new),
    HGRM("hgrm", HgrmExporter::new),
    /** Go benchmark lines, one per trial, for benchstat. */
    GOBENCH("bench", GobenchExporter::new),
    /** github-action-benchmark's custom JSON ({@code customSmallerIsBetter}/{@code customBiggerIsBetter}). */
    GITHUB_ACTION_BENCHMARK("json", GithubActionBenchmarkExporter::new),
    /** Bencher Metric Format JSON. */
    BENCHER("json", BencherExporter::new);

    private final String extension;
    private final Function<ReportOptions, Exporter> factory;

    Format(String extension, Function<ReportOptions, Exporter> factory) {
        this.extension = extension;
        this.factory = factory;
    }

    public Exporter exporter(ReportOptions options) {
        return factory.apply(options);
    }

    public String extension() {
        return extension;
    }

    /** Lower-case name as written on the command line, words joined by {@code -}. */
    @Override
    public String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * What a user of this format should know that the output cannot say, or null: github-action-benchmark's
     * JSON has no direction, so the workflow's {@code tool:} must match the metric's.
     */
    public String note(ReportOptions options, Collection<CellResult> cells) {
        if (this != GITHUB_ACTION_BENCHMARK) {
            return null;
        }
        Metric m = options.metricFor(cells);
        return m.key() + " is " + (m.higherIsBetter() ? "bigger" : "smaller") + "-is-better: use tool: '"
                + GithubActionBenchmarkExporter.tool(m) + "' in the github-action-benchmark step";
    }

    /**
     * The format named {@code text}.
     *
     * @throws IllegalArgumentException {@code 'pdf' is unknown; use one of console, markdown, …}
     */
    public static Format parse(String text) {
        return Choice.parse(Format.class, text);
    }

    /** Every format's name, for help text and errors. */
    public static String validValues() {
        return Choice.validValues(Format.class);
    }

    /** The format a file name implies by its extension, or null (a {@code .json} file is {@link #JSON}). */
    public static Format fromFileName(String fileName) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".markdown")) {
            return MARKDOWN;
        }
        if (lower.endsWith(".htm")) {
            return HTML;
        }
        for (Format f : values()) {
            if (lower.endsWith("." + f.extension)) {
                return f;
            }
        }
        return null;
    }
}
