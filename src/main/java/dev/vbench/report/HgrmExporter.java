package dev.vbench.report;

import dev.vbench.result.CellResult;
import dev.vbench.result.RunResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.HdrHistogram.Histogram;

/**
 * HdrHistogram percentile distributions ({@code .hgrm}), one block per cell: two {@code #}
 * comment lines naming the cell, then exactly what HdrHistogram's
 * {@code outputPercentileDistribution(out, 5, 1e6)} prints for the cell's end-to-end latency
 * histograms of all measured trials merged (values in milliseconds), then a blank line. A single
 * cell's block ({@code vbench report r.json --format hgrm --cell c1}) is a plain {@code .hgrm} file
 * that HdrHistogram's plotter and other tools read; HdrHistogram's number formatting is
 * locale-independent.
 */
final class HgrmExporter implements Exporter {

    /** Values are recorded in nanoseconds and printed in milliseconds. */
    static final double NANOS_PER_MILLI = 1e6;

    HgrmExporter(ReportOptions options) {
        // nothing to choose: the distribution has one layout
    }

    @Override
    public String render(RunResult result) {
        StringBuilder sb = new StringBuilder();
        for (CellResult c : result.cells()) {
            sb.append("# cell ")
                    .append(c.id())
                    .append(": ")
                    .append(c.config().label())
                    .append('\n');
            sb.append(
                            c.config().openModel()
                                    ? "# end-to-end latency from the intended start (corrected) in ms, "
                                    : "# end-to-end latency (submit to end) in ms, ")
                    .append(c.trials().size())
                    .append(c.trials().size() == 1 ? " measured trial" : " measured trials merged")
                    .append('\n');
            Histogram merged = LatencyCurves.mergedEndToEnd(c);
            sb.append(merged.getTotalCount() == 0 ? "# no completed tasks\n" : distribution(merged))
                    .append('\n');
        }
        return sb.toString();
    }

    /** HdrHistogram's own percentile distribution text, 5 ticks per half distance, ns scaled to ms. */
    static String distribution(Histogram h) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            h.outputPercentileDistribution(out, LatencyCurves.TICKS_PER_HALF_DISTANCE, NANOS_PER_MILLI);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
