package dev.vbench.profile;

import dev.vbench.jvm.ScratchDir;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Who samples the JVM's events ({@code cpu}, {@code wall}, {@code lock}, {@code alloc}) during one measured
 * trial: async-profiler where its native library loads, else JFR. Each records to a file of its own for the
 * trial, read after the trial by {@link JfrStacks}, outside the timed region.
 *
 * <pre>{@code
 * JvmProfiler p = JvmProfiler.open(request, warn); // once per JVM and run; null when no JVM event is asked
 * p.start(events, interval);
 * Map<ProfileEvent, CollapsedStacks> stacks = p.stop();
 * }</pre>
 */
public interface JvmProfiler {

    /** {@code async-profiler 4.2} or {@code jfr}: what the result names as the profiler. */
    String name();

    /** What the result notes about this profiler's events (their thresholds, what stands in for what). */
    List<String> notes(List<ProfileEvent> events, long intervalNanos);

    /** Starts recording {@code events}; throws when the profiler cannot. */
    void start(List<ProfileEvent> events, long intervalNanos) throws Exception;

    /** Stops recording and returns what it sampled, cut at the task boundary. */
    Map<ProfileEvent, CollapsedStacks> stop() throws IOException;

    /** Stops recording without reading it (the trial failed). */
    void abort();

    /**
     * The profiler a run uses for the JVM's events: async-profiler unless JFR is forced or the library does
     * not load, JFR otherwise; null when neither can run. Says in one line which one runs and why, when it is
     * not the one asked for (or, for auto, when it falls back).
     */
    static JvmProfiler open(ProfileRequest request, Consumer<String> warn) {
        if (request.jvmEvents().isEmpty()) {
            return null;
        }
        String events = String.join(
                ",", request.jvmEvents().stream().map(ProfileEvent::key).toList());
        String asyncFailure = null;
        if (request.profiler() != ProfileRequest.Profiler.JFR) {
            try {
                return AsyncProfilerBackend.load();
            } catch (Throwable e) { // UnsatisfiedLinkError, SecurityException, IllegalStateException …
                asyncFailure = firstLine(e);
            }
        }
        if (!JfrBackend.available()) {
            warn.accept("profile: neither async-profiler (" + (asyncFailure == null ? "not asked for" : asyncFailure)
                    + ") nor JFR (not in this JVM) can sample " + events + "; the run goes on without those events");
            return null;
        }
        if (asyncFailure != null) {
            warn.accept("profile: async-profiler cannot start here (" + asyncFailure + "); " + events
                    + " sampled by JFR instead");
        }
        return new JfrBackend();
    }

    private static String firstLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.lines().findFirst().orElse(m);
    }

    /** A temporary recording file, deleted by the caller. */
    static Path tempFile() throws IOException {
        return ScratchDir.createTempFile("vbench-profile-", ".jfr");
    }
}
