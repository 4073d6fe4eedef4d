package dev.vbench.profile;

import dev.vbench.config.Defaults;
import java.util.List;

/**
 * What a run profiles ({@code --profile}, {@code --profiler}, {@code --profile-interval}): the same in this
 * JVM and in every fork, which receives it in its plan.
 *
 * @param events what is sampled; empty: nothing is profiled
 * @param profiler who samples the JVM's events ({@code cpu}, {@code wall}, {@code lock}, {@code alloc})
 * @param intervalNanos the sampling interval of {@code cpu}, {@code wall} and {@code tasks}
 */
public record ProfileRequest(List<ProfileEvent> events, Profiler profiler, long intervalNanos) {

    /** Nothing profiled. */
    public static final ProfileRequest OFF =
            new ProfileRequest(List.of(), Profiler.AUTO, Defaults.PROFILE_INTERVAL_NANOS);

    public ProfileRequest {
        events = events == null ? List.of() : List.copyOf(events);
        profiler = profiler == null ? Profiler.AUTO : profiler;
        intervalNanos = intervalNanos <= 0 ? Defaults.PROFILE_INTERVAL_NANOS : intervalNanos;
    }

    /** Whether anything is profiled. */
    public boolean on() {
        return !events.isEmpty();
    }

    /** Whether {@code event} is profiled. */
    public boolean has(ProfileEvent event) {
        return events.contains(event);
    }

    /** The JVM's events asked for (all but {@code tasks}). */
    public List<ProfileEvent> jvmEvents() {
        return events.stream().filter(ProfileEvent::jvmEvent).toList();
    }

    /** Who samples the JVM's events: async-profiler where its library loads (auto), or the one forced. */
    public enum Profiler {
        AUTO,
        ASYNC,
        JFR
    }
}
