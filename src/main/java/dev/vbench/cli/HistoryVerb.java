package dev.vbench.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What every {@code history} verb shares: {@code --history URL}, the common options, stdout and stderr.
 * The use cases open the store and turn its errors into one-line errors (exit 2 for input, 3 for the store).
 */
abstract class HistoryVerb implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Option(
            names = "--history",
            paramLabel = "URL",
            description = "The history store: a JDBC URL; default $VBENCH_HISTORY, else the H2 store under"
                    + " $XDG_DATA_HOME/vbench (~/.local/share/vbench).")
    String url;

    @Override
    public final Integer call() throws Exception {
        return execute();
    }

    /** The verb itself: options → a use case of {@code app/HistoryQueryUseCase} or {@code app/HistoryCheckUseCase} → exit code. */
    abstract int execute() throws Exception;

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }
}
