package dev.vbench.result;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * An enum constant that a user picks by name: a metric ({@code --metric p99}), an output format
 * ({@code --format html}), a table layout ({@code --layout chain}, {@code layout:} in a suite file).
 * The names users type come from the enum itself, so help text, errors and shell completion list
 * exactly the values that parse.
 *
 * <pre>{@code
 * Metric m = Choice.parse(Metric.class, "p99");         // Metric.P99
 * String valid = Choice.validValues(Metric.class);    // "makespan, throughput, mean, …"
 * }</pre>
 */
public interface Choice {

    /** The name as typed on the command line or in a suite file, lower case. */
    String cliName();

    /** Other accepted spellings (an older name, a common abbreviation); not listed as valid values. */
    default List<String> aliases() {
        return List.of();
    }

    /** The names users type, in declaration order. */
    static <E extends Enum<E> & Choice> List<String> names(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(Choice::cliName).toList();
    }

    /** The names joined for a message or help text: {@code makespan, throughput, mean}. */
    static <E extends Enum<E> & Choice> String validValues(Class<E> type) {
        return String.join(", ", names(type));
    }

    /** The constant named {@code text} (case-insensitive, aliases included), or null when none is. */
    static <E extends Enum<E> & Choice> E find(Class<E> type, String text) {
        String wanted = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        for (E e : type.getEnumConstants()) {
            if (Stream.concat(Stream.of(e.cliName()), e.aliases().stream()).anyMatch(wanted::equals)) {
                return e;
            }
        }
        return null;
    }

    /**
     * The constant named {@code text}.
     *
     * @throws IllegalArgumentException {@code 'TEXT' is unknown; use one of A, B, C}: callers put the
     *     option or field in front ({@code --metric 'p12' is unknown; use one of makespan, …})
     */
    static <E extends Enum<E> & Choice> E parse(Class<E> type, String text) {
        E found = find(type, text);
        if (found == null) {
            throw new IllegalArgumentException("'" + text + "' is unknown; use one of " + validValues(type));
        }
        return found;
    }
}
