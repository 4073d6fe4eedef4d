package dev.vbench.cli;

import picocli.CommandLine.Option;

/** {@code --verbose} of {@code run}, {@code report} and {@code compare}. */
public final class VerboseOption {

    @Option(
            names = "--verbose",
            description = "More detail: the telemetry table and pinned stacks of a result;"
                    + " in 'compare', (p=… n=…) after every change (Holm-adjusted p, trials per side).")
    boolean verbose;
}
