package dev.vbench.app;

import dev.vbench.history.HistoryException;
import dev.vbench.history.HistoryStore;
import dev.vbench.history.HistoryUrl;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Not a use case: what every use case of the results history shares: the store's URL resolved once
 * ({@code --history}, {@code $VBENCH_HISTORY}, the default H2 file), the store opened, a series found by
 * id or text, and {@link HistoryException}s turned into {@link UsageException} (input) or
 * {@link EnvironmentException} (the store).
 *
 * <pre>{@code
 * int code = HistoryAccess.call(() -> {
 *     try (HistoryStore store = HistoryAccess.open(null, false)) {
 *         return report(store.series(null));
 *     }
 * });
 * }</pre>
 */
public final class HistoryAccess {

    private HistoryAccess() {}

    /** The store's URL: {@code option} (the {@code --history} value, may be null or empty), else the environment's, else the default. */
    public static HistoryUrl resolve(String option) {
        return HistoryUrl.resolve(option, System.getenv(), Path.of(System.getProperty("user.home")));
    }

    /** Opens the store at {@code option}; {@code create} only for use cases that write runs. */
    public static HistoryStore open(String option, boolean create) {
        return HistoryStore.open(resolve(option), create);
    }

    /**
     * For a {@code history} verb that only reads: opens the store named by {@code option} (the
     * {@code --history} value as the command line holds it, may be null) on the calling thread, for the
     * opening that follows ({@link HistoryStore#prepareReading}). Never fails: a URL that does not resolve is
     * left for the verb to report.
     */
    public static void prepareReading(String option) {
        try {
            HistoryStore.prepareReading(resolve(option));
        } catch (RuntimeException e) {
            // the verb resolves the URL again and says what is wrong with it
        }
    }

    /** Runs {@code body}, mapping {@link HistoryException} to {@link UsageException} or {@link EnvironmentException}. */
    public static int call(Callable<Integer> body) {
        return call(body, "");
    }

    /** As {@link #call(Callable)}, with {@code prefix} before the message (e.g. "results written; not stored …: "). */
    public static int call(Callable<Integer> body, String prefix) {
        return get(body, prefix);
    }

    /** As {@link #call(Callable)} for a use case that returns a value. */
    public static <T> T get(Callable<T> body) {
        return get(body, "");
    }

    private static <T> T get(Callable<T> body, String prefix) {
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
    public static HistoryStore.SeriesInfo findSeries(List<HistoryStore.SeriesInfo> all, String ref) {
        for (HistoryStore.SeriesInfo s : all) {
            if (String.valueOf(s.id()).equals(ref.strip())) {
                return s;
            }
        }
        List<HistoryStore.SeriesInfo> matches =
                all.stream().filter(s -> s.key().label().contains(ref)).toList();
        if (matches.size() == 1) {
            return matches.get(0);
        }
        if (matches.isEmpty()) {
            throw new UsageException("no series matches '" + ref + "'; give a series id from 'vbench history series'");
        }
        throw new UsageException("'" + ref + "' matches " + matches.size() + " series (ids "
                + String.join(
                        ", ",
                        matches.stream()
                                .limit(8)
                                .map(s -> String.valueOf(s.id()))
                                .toList())
                + (matches.size() > 8 ? ", …" : "") + "); give one id from 'vbench history series'");
    }
}
