/**
 * The command line (picocli) as adapters only: one class per subcommand, shared options as mixins; each
 * command turns its options into a request of {@code dev.vbench.app}, calls the use case and turns the
 * outcome into output and an exit code ({@code app/ExitCodes}). {@link dev.vbench.cli.Cli#run} runs a
 * command in-process, which is how the CLI tests call it; {@code CliImportsTest} keeps the package to
 * {@code app/} and a few value types.
 */
package dev.vbench.cli;
