package dev.vbench.spi;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Parses and validates one parameter value. Every failure message names the allowed form, so the
 * CLI can print "parameter 'duration' of workload 'io': 'fast' is not a duration; use e.g. 200ms".
 *
 * <pre>{@code
 * ParamType<Long> iterations = ParamType.longRange(1, 10_000_000_000L);
 * ParamType<Duration> duration = ParamType.duration(Duration.ZERO, Duration.ofHours(1));
 * ParamType<String> entry = ParamType.choice("small-stored", "big-stored");
 * }</pre>
 *
 * @param <T> the parsed value's type
 */
public interface ParamType<T> {

    /**
     * Parses {@code text}.
     *
     * @throws IllegalArgumentException with a message that completes the sentence
     *     "'text' ..." e.g. "is not a duration; write a number and a unit: ns, us, ms, s, min or h (e.g. 200ms, 30s, 2min)"
     */
    T parse(String text);

    /** Short description of the allowed values, shown by {@code vbench list}. */
    String describe();

    /** An integer in [min, max]. Accepts underscores and commas are not allowed (commas separate sweeps). */
    static ParamType<Integer> intRange(int min, int max) {
        return new ParamType<>() {
            @Override
            public Integer parse(String text) {
                long v = ParamType.longRange(min, max).parse(text);
                return (int) v;
            }

            @Override
            public String describe() {
                return "integer " + min + ".." + max;
            }
        };
    }

    /**
     * A long in [min, max], written as {@code --tasks} is ({@link Quantities#count}): underscores separate
     * digits ({@code 20_000_000}), {@code k} and {@code M} scale ({@code 10k}, {@code 1M}); a lower-case
     * {@code m} gets its hint.
     */
    static ParamType<Long> longRange(long min, long max) {
        return new ParamType<>() {
            @Override
            public Long parse(String text) {
                String digits = text.trim().replace("_", "");
                long v;
                try {
                    v = Long.parseLong(digits); // a negative number is out of range, not malformed
                } catch (NumberFormatException e) {
                    try {
                        v = Quantities.count(digits);
                    } catch (Quantities.AmbiguousUnit hint) {
                        throw hint; // a lower-case m: its message names the fix
                    } catch (IllegalArgumentException notCount) {
                        throw new IllegalArgumentException(
                                "is not an integer; use a whole number in " + min + ".." + max + " (10k and 1M work)");
                    }
                }
                if (v < min || v > max) {
                    throw new IllegalArgumentException("is out of range; use a whole number in " + min + ".." + max);
                }
                return v;
            }

            @Override
            public String describe() {
                return "integer " + min + ".." + max;
            }
        };
    }

    /**
     * A duration in the grammar of {@link Quantities#duration}: a number and one of {@code ns us ms s
     * min h} ({@code 200ms}, {@code 1min}); a bare {@code m} is refused with a hint.
     */
    static ParamType<Duration> duration(Duration min, Duration max) {
        return new ParamType<>() {
            @Override
            public Duration parse(String text) {
                Duration d = Quantities.duration(text);
                if (d.compareTo(min) < 0 || d.compareTo(max) > 0) {
                    throw new IllegalArgumentException("is out of range; use a duration from " + Durations.format(min)
                            + " to " + Durations.format(max));
                }
                return d;
            }

            @Override
            public String describe() {
                return "duration " + Durations.format(min) + ".." + Durations.format(max) + " (ns|us|ms|s|min|h)";
            }
        };
    }

    /** One of a fixed set of names (case-sensitive). */
    static ParamType<String> choice(String... allowed) {
        List<String> names = List.of(allowed);
        return new ParamType<>() {
            @Override
            public String parse(String text) {
                String t = text.trim();
                if (!names.contains(t)) {
                    throw new IllegalArgumentException("is not one of " + String.join(", ", names));
                }
                return t;
            }

            @Override
            public String describe() {
                return String.join("|", names);
            }
        };
    }

    /** {@code true} or {@code false}. */
    static ParamType<Boolean> bool() {
        return new ParamType<>() {
            @Override
            public Boolean parse(String text) {
                return switch (text.trim().toLowerCase(Locale.ROOT)) {
                    case "true", "yes", "on" -> true;
                    case "false", "no", "off" -> false;
                    default -> throw new IllegalArgumentException("is not a boolean; use true or false");
                };
            }

            @Override
            public String describe() {
                return "true|false";
            }
        };
    }

    /** Any non-empty text (for example a JDBC URL). */
    static ParamType<String> text() {
        return new ParamType<>() {
            @Override
            public String parse(String text) {
                if (text.isBlank()) {
                    throw new IllegalArgumentException("is empty; give a value");
                }
                return text;
            }

            @Override
            public String describe() {
                return "text";
            }
        };
    }
}
