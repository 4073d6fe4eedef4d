package dev.vbench.cli;

import dev.vbench.report.Format;
import picocli.CommandLine.Option;

/** {@code -f/--format} of {@code run} and {@code report}: a result {@link Format}, its values listed from the enum. */
public final class FormatOption {

    @Option(
            names = {"-f", "--format"},
            paramLabel = "FORMAT",
            completionCandidates = EnumNames.Formats.class,
            description = "Output format: ${COMPLETION-CANDIDATES}. Default: by the -o file's extension, else console"
                    + " ('run': also for -o files without a known extension, which are otherwise JSON).")
    Format format;

    /** The format given, else the one {@code fileName}'s extension implies, else {@code otherwise}. */
    Format orByFileName(String fileName, Format otherwise) {
        Format byExtension = fileName == null ? null : Format.fromFileName(fileName);
        return format != null ? format : byExtension != null ? byExtension : otherwise;
    }
}
