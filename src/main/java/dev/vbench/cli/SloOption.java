package dev.vbench.cli;

import picocli.CommandLine.Option;

/** {@code --slo} of {@code run} and {@code report}: the latency objective that picks a concurrency sweep's best level. */
public final class SloOption {

    @Option(
            names = "--slo",
            paramLabel = "STAT<TIME",
            description = "Latency objective for a --concurrency sweep, e.g. 'p99<50ms' (quoted: < is a shell"
                    + " redirection; STAT: mean, p50, p90, p99, p999, max): the best concurrency is the highest"
                    + " throughput whose median STAT meets it.")
    String slo;
}
