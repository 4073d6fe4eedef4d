package dev.vbench.cli;

import dev.vbench.app.ExitCodes;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code vbench generate-completion} (hidden): prints the bash/zsh completion script generated from
 * the picocli model, the same text as the committed {@code completions/vbench.bash}.
 *
 * <pre>{@code
 * ./vbench generate-completion > completions/vbench.bash
 * source <(vbench generate-completion)     # bash, or zsh after 'autoload -U +X bashcompinit && bashcompinit'
 * }</pre>
 */
@Command(name = "generate-completion", hidden = true,
        description = "Print the bash/zsh completion script (source <(vbench generate-completion)).")
public final class CompletionCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.print(script());
        out.flush();
        return ExitCodes.OK;
    }

    /** The completion script for the whole vbench command tree. */
    public static String script() {
        return AutoComplete.bash("vbench", Cli.commandLine(new PrintWriter(java.io.Writer.nullWriter()),
                new PrintWriter(java.io.Writer.nullWriter())));
    }
}
