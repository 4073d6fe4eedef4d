package dev.vbench.report.compare;

import dev.vbench.compare.Comparison;
import dev.vbench.compare.Latencies;
import dev.vbench.report.ConsoleRenderer;
import dev.vbench.report.MarkdownRenderer;
import java.util.Locale;

/** Output formats of {@code vbench compare --format}: one constant, one renderer each. */
public enum CompareFormat {
    /** Aligned columns for a terminal (the default). */
    TEXT("txt"),
    MARKDOWN("md"),
    CSV("csv"),
    JSON("json"),
    /** One self-contained page: the table, a bar chart and latency curves per row ({@link CompareHtml}). */
    HTML("html");

    private final String extension;

    CompareFormat(String extension) {
        this.extension = extension;
    }

    public String extension() {
        return extension;
    }

    /** Lower-case name as written on the command line. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
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
        return switch (this) {
            case TEXT -> ConsoleRenderer.render(CompareTables.table(comparison, verbose));
            case MARKDOWN -> MarkdownRenderer.render(CompareTables.table(comparison, verbose));
            case CSV -> CompareCsv.render(comparison);
            case JSON -> CompareJson.render(comparison);
            case HTML -> CompareHtml.render(comparison, verbose, latencies);
        };
    }

    /** The format a file name implies by its extension, or null. */
    public static CompareFormat fromFileName(String fileName) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".markdown")) {
            return MARKDOWN;
        }
        if (lower.endsWith(".htm")) {
            return HTML;
        }
        for (CompareFormat f : values()) {
            if (lower.endsWith("." + f.extension)) {
                return f;
            }
        }
        return null;
    }
}
