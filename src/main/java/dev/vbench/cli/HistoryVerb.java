package dev.vbench.cli;

import dev.vbench.app.Histories;
import dev.vbench.history.HistoryStore;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What every {@code history} verb shares: {@code --history URL} resolved once, the store opened, and
 * history errors turned into the CLI's one-line errors (exit 2 for input, 3 for the store).
 */
abstract class HistoryVerb implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Option(names = "--history", paramLabel = "URL",
            description = "The history store: a JDBC URL; default $VBENCH_HISTORY, else the H2 store under"
                    + " $XDG_DATA_HOME/vbench (~/.local/share/vbench).")
    String url;

    @Override
    public final Integer call() {
        return call(this::execute);
    }

    /** The verb itself; the store is opened with {@link #open}. */
    abstract int execute() throws Exception;

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    /** Opens the store; {@code create} only for verbs that write runs. */
    HistoryStore open(boolean create) {
        return Histories.open(url, create);
    }

    static int call(Callable<Integer> body) {
        return Histories.call(body);
    }

    static HistoryStore.SeriesInfo findSeries(List<HistoryStore.SeriesInfo> all, String ref) {
        return Histories.findSeries(all, ref);
    }
}
