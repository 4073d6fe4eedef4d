package dev.vbench.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;

/**
 * JFR in this JVM, for the JVM's events when async-profiler cannot load: {@code jdk.ExecutionSample} (cpu),
 * {@code jdk.JavaMonitorEnter} and {@code jdk.ThreadPark} (lock), {@code jdk.ObjectAllocationSample} (alloc).
 * JFR has no wall-clock sampler: {@code wall} is its execution and native-method samples together, threads
 * running Java or native code, not those waiting. One recording per measured trial, read after it.
 */
final class JfrBackend implements JvmProfiler {

    /** JFR's shortest sampling period. */
    static final long MIN_PERIOD_NANOS = 1_000_000L;
    /** Allocation samples JFR takes at most per second. */
    static final String ALLOC_THROTTLE = "1000/s";

    private Recording recording;
    private List<ProfileEvent> events = List.of();

    static boolean available() {
        try {
            return FlightRecorder.isAvailable();
        } catch (Throwable e) {
            return false;
        }
    }

    @Override
    public String name() {
        return "jfr";
    }

    @Override
    public List<String> notes(List<ProfileEvent> asked, long intervalNanos) {
        List<String> notes = new ArrayList<>();
        if (asked.contains(ProfileEvent.WALL)) {
            notes.add("wall: JFR has no wall-clock sampler; these are its execution and native-method samples"
                    + " (threads running, not waiting): use --profile tasks for where tasks wait");
        }
        if (asked.contains(ProfileEvent.LOCK)) {
            notes.add(
                    "lock: JFR's contended-monitor and park events (JFR records neither for virtual threads that unmount)");
        }
        if (asked.contains(ProfileEvent.ALLOC)) {
            notes.add("alloc: JFR's allocation samples, at most " + ALLOC_THROTTLE);
        }
        return notes;
    }

    @Override
    public void start(List<ProfileEvent> asked, long intervalNanos) {
        events = List.copyOf(asked);
        Duration period = Duration.ofNanos(Math.max(MIN_PERIOD_NANOS, intervalNanos));
        Recording r = new Recording();
        if (asked.contains(ProfileEvent.CPU) || asked.contains(ProfileEvent.WALL)) {
            r.enable("jdk.ExecutionSample").withPeriod(period);
        }
        if (asked.contains(ProfileEvent.WALL)) {
            r.enable("jdk.NativeMethodSample").withPeriod(period);
        }
        if (asked.contains(ProfileEvent.LOCK)) {
            r.enable("jdk.JavaMonitorEnter").withThreshold(Duration.ZERO).withStackTrace();
            r.enable("jdk.ThreadPark").withThreshold(Duration.ZERO).withStackTrace();
        }
        if (asked.contains(ProfileEvent.ALLOC)) {
            r.enable("jdk.ObjectAllocationSample")
                    .with("throttle", ALLOC_THROTTLE)
                    .withStackTrace();
        }
        r.start();
        recording = r;
    }

    @Override
    public Map<ProfileEvent, CollapsedStacks> stop() throws IOException {
        Recording r = recording;
        recording = null;
        Path file = JvmProfiler.tempFile();
        try {
            r.stop();
            r.dump(file);
            boolean jfrWall = events.contains(ProfileEvent.WALL);
            List<ProfileEvent> direct =
                    events.stream().filter(e -> e != ProfileEvent.WALL).toList();
            Map<ProfileEvent, CollapsedStacks> out = JfrStacks.read(file, jfrWall ? events : direct, jfrWall);
            if (!events.contains(ProfileEvent.CPU)) {
                out.remove(ProfileEvent.CPU);
            }
            return out;
        } finally {
            r.close();
            Files.deleteIfExists(file);
        }
    }

    @Override
    public void abort() {
        if (recording != null) {
            recording.close();
            recording = null;
        }
    }
}
