package dev.vbench.spi;

import java.util.Objects;

/**
 * Declares one parameter of a workload: its name, what it means, its default (as the user would
 * type it) and its type.
 *
 * <pre>{@code
 * static final ParamSpec<Duration> DURATION = ParamSpec.of("duration", "time each task sleeps",
 *         "200ms", ParamType.duration(Duration.ZERO, Duration.ofMinutes(10)));
 * }</pre>
 */
public record ParamSpec<T>(String name, String description, String defaultValue, ParamType<T> type) {

    public ParamSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(defaultValue, "defaultValue");
        Objects.requireNonNull(type, "type");
    }

    public static <T> ParamSpec<T> of(String name, String description, String defaultValue, ParamType<T> type) {
        return new ParamSpec<>(name, description, defaultValue, type);
    }
}
