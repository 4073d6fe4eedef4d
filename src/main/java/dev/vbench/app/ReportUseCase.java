package dev.vbench.app;

import dev.vbench.compare.Slo;
import dev.vbench.measure.Histograms;
import dev.vbench.report.Format;
import dev.vbench.report.ReportOptions;
import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import java.nio.file.Path;
import java.util.List;

/**
 * The {@code vbench report} use case: a saved result rendered in one format, without running anything.
 *
 * <pre>{@code
 * ReportUseCase.Outcome o = ReportUseCase.render(new ReportUseCase.Request(Path.of("d.json"), Format.CONSOLE, null, List.of(), false));
 * o.metric();   // THROUGHPUT for a --duration result: what the run showed
 * }</pre>
 */
public final class ReportUseCase {

    private ReportUseCase() {}

    /**
     * @param input a result file written by {@code vbench run -o FILE.json}
     * @param format the output format
     * @param metric {@code --metric}, or null for the default of the result's load shape
     * @param cells only these cells ({@code c1}, {@code c2} …); empty for all
     * @param verbose detail columns and sample counts
     * @param slo {@code --slo}: the latency objective that picks each concurrency sweep's best level, or null
     */
    public record Request(Path input, Format format, Metric metric, List<String> cells, boolean verbose, String slo) {
        public Request {
            cells = List.copyOf(cells);
        }

        public Request(Path input, Format format, Metric metric, List<String> cells, boolean verbose) {
            this(input, format, metric, cells, verbose, null);
        }
    }

    /**
     * @param result the result as rendered (the cells asked for)
     * @param metric the metric its comparison tables show
     * @param text what the format rendered
     * @param note what the user of the format should know that it cannot say ({@link Format#note}), or null
     */
    public record Outcome(RunResult result, Metric metric, String text, String note) {}

    /**
     * @throws UsageException for a {@code --cell} the result does not have, or an {@code --slo} it has no sweep for
     * @throws dev.vbench.result.ResultFormatException for a file that is not a readable result
     */
    public static Outcome render(Request request) {
        Slo slo = RunUseCase.slo(request.slo());
        RunResult result = select(ResultCodec.read(request.input()), request);
        if (slo != null
                && result.cells().stream()
                                .map(c -> c.config().concurrency())
                                .distinct()
                                .count()
                        < 2) {
            throw new UsageException("--slo picks the best level of a concurrency sweep, and every cell of "
                    + request.input() + " ran at one concurrency; drop --slo, or report a run made with a list"
                    + " such as --concurrency 1,10,100");
        }
        ReportOptions options = new ReportOptions(request.metric(), request.verbose(), request.metric(), slo);
        MalformedResults read = new MalformedResults();
        read.add(request.input(), result);
        try {
            return new Outcome(
                    result,
                    options.metricFor(result.cells()),
                    request.format().exporter(options).render(result),
                    request.format().note(options, result.cells()));
        } catch (Histograms.NotAHistogram e) {
            throw read.histogram(e);
        }
    }

    private static RunResult select(RunResult result, Request request) {
        if (request.cells().isEmpty()) {
            return result;
        }
        List<String> known = result.cells().stream().map(CellResult::id).toList();
        for (String id : request.cells()) {
            if (!known.contains(id)) {
                throw new UsageException("--cell " + id + " is not in " + request.input() + "; its cells are "
                        + String.join(", ", known));
            }
        }
        return result.withCells(result.cells().stream()
                .filter(c -> request.cells().contains(c.id()))
                .toList());
    }
}
