package dev.vbench.cli;

import dev.vbench.report.Format;
import dev.vbench.report.ReportOptions;
import dev.vbench.result.RunResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where {@code vbench run} sends results: the {@code -o} files (format by extension, else
 * {@code --format}, else JSON; {@code -} is stdout) and stdout itself. Files are checked before
 * anything runs and rewritten atomically after every cell.
 */
final class RunOutputs {

    /** An -o target: a file and its format, or stdout when {@code file} is null. */
    record Output(Path file, Format format) {}

    private final List<Output> outputs;
    private final Format format;
    private final boolean quiet;

    private RunOutputs(List<Output> outputs, Format format, boolean quiet) {
        this.outputs = List.copyOf(outputs);
        this.format = format;
        this.quiet = quiet;
    }

    /**
     * @throws UsageException when an -o file cannot be written (before any measurement)
     */
    static RunOutputs parse(List<String> names, Format format, boolean quiet) {
        List<Output> out = new ArrayList<>();
        for (String o : names) {
            if (o.equals("-")) {
                out.add(new Output(null, format == null ? Format.CONSOLE : format));
                continue;
            }
            Path file = Path.of(o);
            Format byExtension = Format.fromFileName(o);
            OutputFiles.checkWritable(file);
            out.add(new Output(file, byExtension != null ? byExtension : format != null ? format : Format.JSON));
        }
        return new RunOutputs(out, format, quiet);
    }

    boolean anyFile() {
        return outputs.stream().anyMatch(o -> o.file() != null);
    }

    /** Rewrites every -o file with {@code result} (called after every cell). */
    void writeFiles(RunResult result, ReportOptions options) {
        for (Output o : outputs) {
            if (o.file() == null) {
                continue;
            }
            try {
                OutputFiles.writeAtomically(o.file(), o.format().exporter(options).render(result));
            } catch (IOException e) {
                throw new EnvironmentException("cannot write " + o.file() + ": " + e.getMessage()
                        + "; check free space and permissions", e);
            }
        }
    }

    /** After user code ended the JVM: the files once more and what {@code -o -} asked for on stdout, no tables. */
    void finishPartial(PrintWriter out, RunResult result, ReportOptions options) {
        writeFiles(result, options);
        for (Output o : outputs) {
            if (o.file() == null) {
                out.print(o.format().exporter(options).render(result));
            }
        }
        out.flush();
    }

    /** The -o files, for a message: {@code r.json, r.html}, or {@code stdout}. */
    String names() {
        return String.join(", ", outputs.stream().map(o -> o.file() == null ? "stdout" : o.file().toString()).toList());
    }

    /**
     * The final output: files once more, then stdout — what {@code -o -} asked for, else the console
     * summary when files were written (nothing with --quiet), else {@code --format}.
     */
    void finish(PrintWriter out, RunResult result, ReportOptions options) {
        writeFiles(result, options);
        boolean stdoutTaken = false;
        for (Output o : outputs) {
            if (o.file() == null) {
                out.print(o.format().exporter(options).render(result));
                stdoutTaken = true;
            }
        }
        if (!stdoutTaken && !(quiet && anyFile())) {
            Format stdoutFormat = anyFile() || format == null ? Format.CONSOLE : format;
            out.print(stdoutFormat.exporter(options).render(result));
        }
        out.flush();
    }
}
