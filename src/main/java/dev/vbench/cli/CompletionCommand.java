package dev.vbench.cli;

import dev.vbench.app.ExitCodes;
import java.io.PrintWriter;
import java.io.Writer;
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
@Command(
        name = "generate-completion",
        hidden = true,
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

    /**
     * The completion script for the whole vbench command tree. A workload is a built-in name or a path
     * ({@code FILE.java}), so after {@code -w} the names are offered and the files beside them.
     */
    public static String script() {
        String script = AutoComplete.bash(
                "vbench", Cli.commandLine(new PrintWriter(Writer.nullWriter()), new PrintWriter(Writer.nullWriter())));
        String names = "COMPREPLY=( $( compReplyArray \"${%s_option_args[@]}\" ) )\n";
        String files = "      COMPREPLY+=( $( compgen -f -- \"${curr_word}\" ) ) # files: FILE.java\n";
        for (String label : new String[] {"WORKLOAD", "NAME"}) {
            String line = String.format(names, label);
            if (!script.contains(line)) {
                throw new IllegalStateException("picocli's script has no line " + line.strip() + ": update script()");
            }
            script = script.replace(line, line + files);
        }
        return script;
    }
}
