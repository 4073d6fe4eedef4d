package dev.vbench.cli;

import dev.vbench.result.Metric;
import picocli.CommandLine.Option;

/** {@code --metric} of {@code run}, {@code report} and {@code compare}: a {@link Metric}, its values listed from the enum. */
public final class MetricOption {

    @Option(
            names = "--metric",
            paramLabel = "METRIC",
            completionCandidates = EnumNames.Metrics.class,
            description = "Metric of the tables: ${COMPLETION-CANDIDATES} (cpu: process CPU ms per 1,000 tasks; alloc:"
                    + " bytes per task). Default: by the load shape the cells ran with: makespan, throughput with --duration,"
                    + " p99 with --rate; JMH files in 'compare' always use their primary metric.")
    Metric metric;
}
