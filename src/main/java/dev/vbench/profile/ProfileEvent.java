package dev.vbench.profile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What {@code --profile} can sample. {@link #TASKS} is vbench's own sampler; the others are the
 * JVM's events, taken by async-profiler where its native library loads, else by JFR.
 *
 * <pre>{@code
 * List<ProfileEvent> events = ProfileEvent.parse("tasks,lock");
 * }</pre>
 */
public enum ProfileEvent {
    /** On-CPU stacks of the task threads. */
    CPU("cpu", "on-CPU samples of the task threads"),
    /** Wall-clock stacks of the task threads (mounted carriers and pool workers). */
    WALL("wall", "wall-clock samples of the task threads, running or not"),
    /** Contended monitors and locks, with the monitor's class. */
    LOCK("lock", "contended monitors and locks"),
    /** Allocation samples, with the allocated class. */
    ALLOC("alloc", "allocation samples"),
    /** vbench's own sampler: where each in-flight task is and in which state, virtual threads included. */
    TASKS(
            "tasks",
            "vbench's sampler of the in-flight tasks: running, blocked, parked, sleeping, waiting for a carrier");

    private final String key;
    private final String description;

    ProfileEvent(String key, String description) {
        this.key = key;
        this.description = description;
    }

    /** The name on the command line and in results: {@code cpu}, {@code tasks}, … */
    public String key() {
        return key;
    }

    public String description() {
        return description;
    }

    /** Whether async-profiler or JFR samples it (every event but {@link #TASKS}). */
    public boolean jvmEvent() {
        return this != TASKS;
    }

    /** The event named {@code key}, or null. */
    public static ProfileEvent byKey(String key) {
        for (ProfileEvent e : values()) {
            if (e.key.equals(key)) {
                return e;
            }
        }
        return null;
    }

    /**
     * The events of a comma-separated list, each once, in the order given.
     *
     * @throws IllegalArgumentException with a one-line message listing the events, for an unknown name
     */
    public static List<ProfileEvent> parse(String text) {
        LinkedHashSet<ProfileEvent> events = new LinkedHashSet<>();
        for (String part : text.split(",", -1)) {
            String name = part.trim().toLowerCase(Locale.ROOT);
            ProfileEvent e = byKey(name);
            if (e == null) {
                throw new IllegalArgumentException("'" + part.trim() + "' is not a profile event; use one or more of "
                        + keys() + ", comma-separated (e.g. --profile tasks,lock)");
            }
            events.add(e);
        }
        return new ArrayList<>(events);
    }

    /** Every event's key, comma-separated. */
    public static String keys() {
        return Arrays.stream(values()).map(ProfileEvent::key).collect(Collectors.joining(", "));
    }
}
