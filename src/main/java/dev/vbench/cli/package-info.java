/**
 * The command line (picocli): one class per subcommand, shared options as mixins, named exit codes
 * in {@link dev.vbench.cli.ExitCodes}. {@link dev.vbench.cli.Cli#run} runs a command in-process,
 * which is how the CLI tests call it.
 */
package dev.vbench.cli;
import dev.vbench.app.ExitCodes;
