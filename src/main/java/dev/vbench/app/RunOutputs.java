package dev.vbench.app;

import dev.vbench.report.Format;
import dev.vbench.report.ReportOptions;
import dev.vbench.result.CellResult;
import dev.vbench.result.Profile;
import dev.vbench.result.RunResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Where {@code vbench run} sends results: the {@code -o} files (format by extension, else
 * {@code --format}, else JSON; {@code -} is stdout) and stdout itself. Files are checked before
 * anything runs and rewritten atomically as cells finish ({@link CellCollector} batches them once a rewrite is slow).
 */
final class RunOutputs implements AutoCloseable {

    /** An -o target: a file and its format, or stdout when {@code file} is null. */
    record Output(Path file, Format format) {}

    /** What a result file may take beside its trials (environment, settings, a page's markup and charts). */
    static final long FILE_BASE_BYTES = 256 << 10;
    /** What one measured trial may take in a file, in the largest format (four histograms, telemetry, a chart's points). */
    static final long TRIAL_BYTES = 16 << 10;

    private final List<Output> outputs;
    private final Format format;
    private final boolean quiet;
    private final List<OutputFiles.Claim> claims;
    /** Whether an -o file without a known extension took --format, which then is not stdout's. */
    private final boolean formatTakenByFile;

    private RunOutputs(
            List<Output> outputs,
            Format format,
            boolean quiet,
            List<OutputFiles.Claim> claims,
            boolean formatTakenByFile) {
        this.outputs = List.copyOf(outputs);
        this.format = format;
        this.quiet = quiet;
        this.claims = List.copyOf(claims);
        this.formatTakenByFile = formatTakenByFile;
    }

    /**
     * Checks every -o file and makes this run its one writer ({@link OutputFiles#claim}) until {@link #close}.
     *
     * @throws UsageException when an -o file cannot be written, or another run writes it (before any measurement)
     */
    static RunOutputs parse(List<String> names, Format format, boolean quiet) {
        List<Output> out = new ArrayList<>();
        List<OutputFiles.Claim> claims = new ArrayList<>();
        boolean taken = false;
        try {
            for (String o : names) {
                if (o.equals("-")) {
                    out.add(new Output(null, format == null ? Format.CONSOLE : format));
                    continue;
                }
                Path file = Path.of(o);
                Format byExtension = Format.fromFileName(o);
                OutputFiles.checkWritable(file);
                claims.add(OutputFiles.claim(file));
                out.add(new Output(file, byExtension != null ? byExtension : format != null ? format : Format.JSON));
                taken |= byExtension == null && format != null;
            }
        } catch (RuntimeException e) {
            claims.forEach(OutputFiles.Claim::close);
            throw e;
        }
        return new RunOutputs(out, format, quiet, claims, taken);
    }

    /**
     * Fails before any measurement when a file system of the -o files has less room than they may take: the
     * atomic rewrite holds the old file and the new one at once, each at most {@link #FILE_BASE_BYTES} and
     * {@link #TRIAL_BYTES} per measured trial.
     *
     * @throws EnvironmentException naming the folder, the room left and the room needed
     */
    void checkSpace(long measuredTrials) {
        long perFile = 2 * (FILE_BASE_BYTES + TRIAL_BYTES * Math.max(0, measuredTrials));
        for (Output o : outputs) {
            if (o.file() != null) {
                OutputFiles.checkSpace(
                        o.file(),
                        perFile
                                * outputs.stream()
                                        .filter(x -> x.file() != null && sameFolder(x.file(), o.file()))
                                        .count());
            }
        }
    }

    private static boolean sameFolder(Path a, Path b) {
        return Objects.equals(a.toAbsolutePath().getParent(), b.toAbsolutePath().getParent());
    }

    /** Lets other runs write these files. */
    @Override
    public void close() {
        claims.forEach(OutputFiles.Claim::close);
    }

    boolean anyFile() {
        return outputs.stream().anyMatch(o -> o.file() != null);
    }

    /** Rewrites every -o file with {@code result} (called as cells finish, by {@link CellCollector}). */
    void writeFiles(RunResult result, ReportOptions options) {
        for (Output o : outputs) {
            if (o.file() == null) {
                continue;
            }
            try {
                OutputFiles.writeAtomically(
                        o.file(), o.format().exporter(options).render(result));
            } catch (IOException e) {
                throw new EnvironmentException(
                        "cannot write " + o.file() + ": " + e.getMessage() + "; check free space and permissions", e);
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

    /** The -o files, for a message: {@code r.json, r.html}; empty when there is none. */
    String fileNames() {
        return String.join(
                ", ",
                outputs.stream()
                        .filter(o -> o.file() != null)
                        .map(o -> o.file().toString())
                        .toList());
    }

    /** The -o files, for a message: {@code r.json, r.html}, or {@code stdout}. */
    String names() {
        return String.join(
                ", ",
                outputs.stream()
                        .map(o -> o.file() == null ? "stdout" : o.file().toString())
                        .toList());
    }

    /**
     * Writes every stack of a profiled cell beside each -o file ({@code r.json} → {@code r.profiles/c1.tasks.collapsed},
     * and {@code c1.tasks.slow.collapsed} for its slow tail), in the collapsed-stack format flame-graph tools read,
     * each file atomically. A profile that cannot be written costs a warning, never the result.
     *
     * @return the cell as the result files keep it: its profiles bounded to their heaviest stacks
     */
    CellResult writeProfiles(CellResult cell, Consumer<String> warn) {
        if (cell.profiles().isEmpty()) {
            return cell;
        }
        for (Output o : outputs) {
            if (o.file() == null) {
                continue;
            }
            Path dir = profilesDir(o.file());
            try {
                Files.createDirectories(dir);
                for (Profile p : cell.profiles()) {
                    OutputFiles.writeAtomically(
                            dir.resolve(cell.id() + "." + p.event() + ".collapsed"), p.collapsedText());
                    if (p.slowTail() != null) {
                        OutputFiles.writeAtomically(
                                dir.resolve(cell.id() + "." + p.event() + ".slow.collapsed"),
                                p.slowTail().collapsedText());
                    }
                }
            } catch (IOException | RuntimeException e) {
                warn.accept("cannot write the profiles of cell " + cell.id() + " to " + dir + " (" + e.getMessage()
                        + "); the result keeps the heaviest " + Profile.MAX_STACKS + " stacks of each");
            }
        }
        return cell.withProfiles(cell.profiles().stream().map(Profile::bounded).toList());
    }

    /** Where the full profiles of an -o file go: {@code r.json} → {@code r.profiles}. */
    static Path profilesDir(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return file.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + ".profiles");
    }

    /**
     * The final output: files once more, then stdout — what {@code -o -} asked for, else {@code --format} unless an
     * {@code -o} file without a known extension took it, else the console summary (nothing with --quiet when files
     * were written).
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
            Format stdoutFormat = format == null || formatTakenByFile ? Format.CONSOLE : format;
            out.print(stdoutFormat.exporter(options).render(result));
        }
        out.flush();
    }
}
