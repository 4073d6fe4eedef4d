package dev.vbench.cli;

import dev.vbench.report.Format;
import dev.vbench.report.ReportOptions;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code vbench report}: renders a saved result file in any output format, without running anything. */
@Command(name = "report", sortOptions = false, showDefaultValues = true,
        description = {"Render a saved result (vbench run -o FILE.json) as tables, HTML, .hgrm, CSV or JSON.", "",
            "Examples:",
            "  vbench report io.json",
            "  vbench report io.json --format html -o io.html",
            "  vbench report io.json --format hgrm --cell c2 -o virtual.hgrm"})
public final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Parameters(index = "0", paramLabel = "RESULT.json", description = "A result file written by 'vbench run -o FILE.json'.")
    Path input;

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", completionCandidates = FormatNames.class,
            description = "Output format: ${COMPLETION-CANDIDATES}. Default: by the -o extension, else console.")
    Format format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write to FILE (atomically) instead of stdout.")
    Path output;

    @Option(names = "--metric", paramLabel = "METRIC", defaultValue = "makespan",
            description = "Metric compared across executors: makespan, throughput, mean, p50, p90, p99, p999, max, cpu, alloc.")
    String metric;

    @Option(names = "--cell", paramLabel = "ID", description = "Only these cells (c1, c2 …; repeatable), e.g. one .hgrm per cell.")
    List<String> cells = new ArrayList<>();

    @Option(names = "--verbose", description = "More tables and detail (telemetry, pinned stacks).")
    boolean verbose;

    @Override
    public Integer call() {
        Metric m;
        try {
            m = Metric.parse(metric);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--metric " + e.getMessage());
        }
        Format chosen = format != null ? format
                : output != null && Format.fromFileName(output.toString()) != null ? Format.fromFileName(output.toString())
                : Format.CONSOLE;
        if (output != null) {
            OutputFiles.checkWritable(output);
        }
        RunResult result = select(ResultCodec.read(input));
        String text = chosen.exporter(new ReportOptions(m, verbose)).render(result);
        if (output == null) {
            PrintWriter out = spec.commandLine().getOut();
            out.print(text);
            out.flush();
            return ExitCodes.OK;
        }
        try {
            OutputFiles.writeAtomically(output, text);
        } catch (IOException e) {
            throw new EnvironmentException("cannot write " + output + ": " + e.getMessage() + "; check free space and permissions", e);
        }
        return ExitCodes.OK;
    }

    private RunResult select(RunResult result) {
        if (cells.isEmpty()) {
            return result;
        }
        List<String> known = result.cells().stream().map(CellResult::id).toList();
        for (String id : cells) {
            if (!known.contains(id)) {
                throw new UsageException("--cell " + id + " is not in " + input + "; its cells are " + String.join(", ", known));
            }
        }
        return result.withCells(result.cells().stream().filter(c -> cells.contains(c.id())).toList());
    }
}
