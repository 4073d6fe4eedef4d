package dev.vbench.spi;

import java.util.List;
import java.util.OptionalLong;

/**
 * Entry point of a workload, registered in
 * {@code META-INF/services/dev.vbench.spi.WorkloadProvider} so a jar on the classpath can add one.
 *
 * <pre>{@code
 * public final class IoWorkload implements WorkloadProvider {
 *     static final ParamSpec<Duration> DURATION = ParamSpec.of("duration", "sleep per task",
 *             "200ms", ParamType.duration(Duration.ZERO, Duration.ofMinutes(10)));
 *     public String name() { return "io"; }
 *     public String description() { return "Thread.sleep(duration): simulated blocking I/O"; }
 *     public List<ParamSpec<?>> params() { return List.of(DURATION); }
 *     public Workload create(Params p) {
 *         long millis = p.get(DURATION).toMillis();
 *         return () -> i -> { Thread.sleep(millis); return i; };
 *     }
 * }
 * }</pre>
 */
public interface WorkloadProvider {

    /** Short name used on the command line ({@code -w io}); lower case, no spaces. */
    String name();

    /** One line shown by {@code vbench list}. */
    String description();

    /** Declared parameters, in the order {@code vbench list} shows them. */
    List<ParamSpec<?>> params();

    /**
     * Longer notes for {@code vbench list --workload NAME}: choices made where the source report
     * left something open, what the measured unit is. Default: none.
     */
    default String notes() {
        return "";
    }

    /**
     * Default task count when the user gives no {@code --tasks}. For example the thumbnail
     * workload's unit is a whole folder, so its default is {@code files}. Empty: the engine's default.
     */
    default OptionalLong defaultTasks(Params params) {
        return OptionalLong.empty();
    }

    /**
     * Whether the workload can run here with these parameters (e.g. a database that answers).
     * Must be quick. Default: available.
     */
    default Availability availability(Params params) {
        return Availability.AVAILABLE;
    }

    /** Creates an unprepared instance. Must not do I/O; that belongs in {@link Workload#prepare}. */
    Workload create(Params params);

    /** Whether a workload can run on this machine, and why not. */
    record Availability(boolean available, String reason) {
        public static final Availability AVAILABLE = new Availability(true, "");

        public static Availability unavailable(String reason) {
            return new Availability(false, reason);
        }
    }
}
