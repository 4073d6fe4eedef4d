package dev.vbench.cli;

import picocli.CommandLine.Option;

/** Options every subcommand has. */
public final class CommonOptions {

    @Option(names = "--stacktrace", description = "Print the stack trace of an error (for bug reports).")
    boolean stacktrace;

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help message and exit.")
    boolean help;
}
