package dev.vbench.dashboard;

import dev.vbench.history.HistoryStore;
import dev.vbench.history.HistoryUrl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The history store as the dashboard holds it: opened on the first request, used by one request at a
 * time, and closed again once no request has come for {@code idleMillis}. An embedded H2 file admits one
 * process at a time, and a writer ({@code vbench run --history}) waits for it up to 30 s: closing while
 * idle lets the nightly run store while a browser tab stays open.
 *
 * <pre>{@code
 * try (StoreLease lease = new StoreLease(url, 5_000)) {
 *     List<HistoryStore.SeriesInfo> all = lease.with(store -> store.series(null));
 * }
 * }</pre>
 */
public final class StoreLease implements AutoCloseable {

    /** How long an unused store stays open by default. */
    public static final long DEFAULT_IDLE_MILLIS = 5_000;

    private final HistoryUrl url;
    private final long idleMillis;
    private final ScheduledExecutorService closer;
    private HistoryStore store;
    private long lastUse;
    private boolean closed;
    /** The H2 file's size and modification time when it was let go; null while open or never let go. */
    private String stampWhenLetGo;

    /**
     * @param idleMillis how long the store stays open without a request; 0: until {@link #close}
     */
    public StoreLease(HistoryUrl url, long idleMillis) {
        this.url = url;
        this.idleMillis = idleMillis;
        this.closer = idleMillis > 0
                ? Executors.newSingleThreadScheduledExecutor(r -> {
                    Thread t = new Thread(r, "vbench-dashboard-store");
                    t.setDaemon(true);
                    return t;
                })
                : null;
        if (closer != null) {
            long period = Math.max(100, idleMillis / 4);
            closer.scheduleWithFixedDelay(this::closeIfIdle, period, period, TimeUnit.MILLISECONDS);
        }
    }

    /** Where the store is, passwords redacted. */
    public String shown() {
        return url.shown();
    }

    /**
     * Runs {@code query} on the open store (opening it first when needed), one query at a time.
     *
     * @throws dev.vbench.history.HistoryException when the store cannot be opened or read
     */
    public synchronized <T> T with(Function<HistoryStore, T> query) {
        if (closed) {
            throw new IllegalStateException("the dashboard's store is closed");
        }
        if (store == null) {
            stampWhenLetGo = null;
            store = HistoryStore.open(url, false);
        }
        try {
            return query.apply(store);
        } finally {
            lastUse = System.nanoTime();
        }
    }

    /**
     * What {@code fromMemory} gives, when the store was let go while idle and its file has not changed since
     * (no process stored, excluded or acknowledged anything): what was read before is still current, and
     * the store need not be opened again. Null otherwise (the caller reads the store).
     */
    public synchronized <T> T unchanged(Supplier<T> fromMemory) {
        if (store != null || closed || stampWhenLetGo == null || !stampWhenLetGo.equals(stamp())) {
            return null;
        }
        lastUse = System.nanoTime();
        return fromMemory.get();
    }

    /** The embedded file's size and modification time, or null when the store is not an H2 file. */
    private String stamp() {
        Path file = url.h2File();
        if (file == null) {
            return null;
        }
        try {
            return Files.size(file) + ":" + Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            return null;
        }
    }

    /** Whether the store is open now (for tests and the benchmark). */
    public synchronized boolean isOpen() {
        return store != null;
    }

    private synchronized void closeIfIdle() {
        if (store != null && System.nanoTime() - lastUse >= idleMillis * 1_000_000) {
            closeStore();
            stampWhenLetGo = stamp();
        }
    }

    private void closeStore() {
        try {
            store.close();
        } catch (RuntimeException e) {
            // a store that fails to close while idle is opened again on the next request
        }
        store = null;
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (closer != null) {
            closer.shutdownNow();
        }
        if (store != null) {
            closeStore();
        }
    }
}
