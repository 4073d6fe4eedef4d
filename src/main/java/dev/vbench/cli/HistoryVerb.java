package dev.vbench.cli;

import dev.vbench.history.HistoryException;
import dev.vbench.history.HistoryStore;
import dev.vbench.history.HistoryUrl;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What every {@code history} verb shares: {@code --history URL} resolved once, the store opened, and
 * {@link HistoryException}s turned into the CLI's one-line errors (exit 2 for input, 3 for the store).
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
        return HistoryStore.open(resolve(url), create);
    }

    static HistoryUrl resolve(String option) {
        return HistoryUrl.resolve(option, System.getenv(), Path.of(System.getProperty("user.home")));
    }

    /** Runs {@code body}, mapping {@link HistoryException} to {@link UsageException} or {@link EnvironmentException}. */
    static int call(Callable<Integer> body) {
        return call(body, "");
    }

    static int call(Callable<Integer> body, String prefix) {
        try {
            return body.call();
        } catch (HistoryException e) {
            if (e.isEnvironment()) {
                throw new EnvironmentException(prefix + e.getMessage(), e);
            }
            throw new UsageException(prefix + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The series {@code ref} names: its id, or a text found in exactly one series' configuration.
     */
    static HistoryStore.SeriesInfo findSeries(List<HistoryStore.SeriesInfo> all, String ref) {
        for (HistoryStore.SeriesInfo s : all) {
            if (String.valueOf(s.id()).equals(ref.strip())) {
                return s;
            }
        }
        List<HistoryStore.SeriesInfo> matches = all.stream().filter(s -> s.key().label().contains(ref)).toList();
        if (matches.size() == 1) {
            return matches.get(0);
        }
        if (matches.isEmpty()) {
            throw new UsageException("no series matches '" + ref + "'; give a series id from 'vbench history series'");
        }
        throw new UsageException("'" + ref + "' matches " + matches.size() + " series (ids "
                + String.join(", ", matches.stream().limit(8).map(s -> String.valueOf(s.id())).toList())
                + (matches.size() > 8 ? ", …" : "") + "); give one id from 'vbench history series'");
    }
}
