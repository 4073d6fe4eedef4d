package dev.vbench.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import one.profiler.AsyncProfiler;

/**
 * async-profiler in this JVM, through its Java API and the native library inside its jar. One session per
 * measured trial records every asked event at once in its JFR output, which {@link JfrStacks} reads.
 * {@code cpu} uses perf events where the kernel allows them and a timer otherwise (async-profiler decides);
 * {@code lock} records contended monitors and parks over {@value #LOCK_THRESHOLD}; {@code alloc} one sample
 * per {@value #ALLOC_INTERVAL} allocated.
 */
final class AsyncProfilerBackend implements JvmProfiler {

    /**
     * A system property naming an async-profiler library to load instead of the one in the jar (a build of
     * the user's own, or another platform's): {@code VBENCH_JAVA_OPTS=-Dvbench.asyncProfiler.lib=/opt/ap/lib/libasyncProfiler.so}.
     */
    static final String LIBRARY_PROPERTY = "vbench.asyncProfiler.lib";

    static final String LOCK_THRESHOLD = "10us";
    static final String ALLOC_INTERVAL = "512k";

    private final AsyncProfiler profiler;
    private Path file;
    private List<ProfileEvent> events = List.of();

    private AsyncProfilerBackend(AsyncProfiler profiler) {
        this.profiler = profiler;
    }

    /** Loads the native library (throws when it cannot: another platform, a denied load). */
    static AsyncProfilerBackend load() {
        String library = System.getProperty(LIBRARY_PROPERTY);
        if (library != null && !Files.isReadable(Path.of(library))) {
            throw new IllegalStateException("no library at " + library + " (-D" + LIBRARY_PROPERTY + ")");
        }
        AsyncProfiler p = library == null ? AsyncProfiler.getInstance() : AsyncProfiler.getInstance(library);
        p.getVersion();
        return new AsyncProfilerBackend(p);
    }

    @Override
    public String name() {
        return "async-profiler " + profiler.getVersion();
    }

    @Override
    public List<String> notes(List<ProfileEvent> asked, long intervalNanos) {
        List<String> notes = new ArrayList<>();
        if (asked.contains(ProfileEvent.LOCK)) {
            notes.add("lock: contended monitors and parks longer than " + LOCK_THRESHOLD + ", one sample per event");
        }
        if (asked.contains(ProfileEvent.ALLOC)) {
            notes.add("alloc: one sample per " + ALLOC_INTERVAL + "B allocated (TLAB-driven)");
        }
        return notes;
    }

    /** The start command: every asked event in one session, written as JFR. */
    static String command(List<ProfileEvent> events, long intervalNanos, Path file) {
        List<String> parts = new ArrayList<>();
        parts.add("start");
        boolean cpu = events.contains(ProfileEvent.CPU);
        if (cpu) {
            parts.add("event=cpu");
            parts.add("interval=" + intervalNanos);
        }
        if (events.contains(ProfileEvent.WALL)) {
            parts.add("wall=" + intervalNanos);
        }
        if (events.contains(ProfileEvent.ALLOC)) {
            parts.add("alloc=" + ALLOC_INTERVAL);
        }
        if (events.contains(ProfileEvent.LOCK)) {
            parts.add("lock=" + LOCK_THRESHOLD);
        }
        parts.add("jfr");
        parts.add("file=" + file);
        return String.join(",", parts);
    }

    @Override
    public void start(List<ProfileEvent> asked, long intervalNanos) throws Exception {
        file = JvmProfiler.tempFile();
        events = List.copyOf(asked);
        try {
            profiler.execute(command(asked, intervalNanos, file));
        } catch (Exception | Error e) {
            Files.deleteIfExists(file);
            file = null;
            throw e;
        }
    }

    @Override
    public Map<ProfileEvent, CollapsedStacks> stop() throws IOException {
        try {
            profiler.execute("stop");
            return JfrStacks.read(file, events, false);
        } finally {
            Files.deleteIfExists(file);
            file = null;
        }
    }

    @Override
    public void abort() {
        try {
            profiler.execute("stop");
        } catch (Exception | Error ignored) {
            // nothing was recording
        }
        try {
            if (file != null) {
                Files.deleteIfExists(file);
            }
        } catch (IOException ignored) {
            // a temporary file
        }
        file = null;
    }
}
