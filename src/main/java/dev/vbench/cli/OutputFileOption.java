package dev.vbench.cli;

import dev.vbench.app.EnvironmentException;
import dev.vbench.app.OutputFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code -o/--output FILE} of {@code report} and {@code compare}: one file written atomically, else stdout. */
public final class OutputFileOption {

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description =
                    "Write to FILE (atomically) instead of stdout; without --format, its extension picks the format.")
    Path output;

    /** Fails before any work when the file cannot be written (exit 2). */
    void checkWritable() {
        if (output != null) {
            OutputFiles.checkWritable(output);
        }
    }

    /** The file, or null when writing to stdout. */
    Path file() {
        return output;
    }

    /** The file's name, for picking a format by extension; null when writing to stdout. */
    String fileName() {
        return output == null ? null : output.toString();
    }

    /** Writes {@code text} to the file, else to {@code out}. */
    void write(PrintWriter out, String text) {
        if (output == null) {
            out.print(text);
            out.flush();
            return;
        }
        try {
            OutputFiles.writeAtomically(output, text);
        } catch (IOException e) {
            throw new EnvironmentException(
                    "cannot write " + output + ": " + e.getMessage() + "; check free space and permissions", e);
        }
    }
}
