package dev.vbench.cli;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * The values of an enum-typed option as users type them: each constant's name in lower case
 * ({@code makespan}, {@code html}, {@code quick}). picocli lists them in help
 * ({@code ${COMPLETION-CANDIDATES}}) and shell completion, and {@link Cli} in the error for a bad
 * value, so every list comes from the enum and none can drift. One subclass per enum, because
 * picocli instantiates the candidates class by name.
 */
abstract class EnumNames implements Iterable<String> {

    private final Class<? extends Enum<?>> type;

    EnumNames(Class<? extends Enum<?>> type) {
        this.type = type;
    }

    @Override
    public Iterator<String> iterator() {
        return Arrays.stream(type.getEnumConstants()).map(EnumNames::cliName).iterator();
    }

    /** The values of {@code type} as typed on the command line. */
    @SuppressWarnings("unchecked")
    static List<String> of(Class<?> type) {
        return Arrays.stream(((Class<? extends Enum<?>>) type).getEnumConstants()).map(EnumNames::cliName).toList();
    }

    /** How a constant is written on the command line. */
    static String cliName(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
    }

    /** {@code --scale}: quick, full. */
    static final class Scales extends EnumNames {
        Scales() {
            super(dev.vbench.suite.Scale.class);
        }
    }
}
