package dev.vbench.cli;

import dev.vbench.app.CheckFormat;
import dev.vbench.app.CiMode;
import dev.vbench.compare.Layout;
import dev.vbench.report.Format;
import dev.vbench.report.compare.CompareFormat;
import dev.vbench.result.Choice;
import dev.vbench.result.Metric;
import dev.vbench.suite.Scale;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * The values of an enum-typed option as users type them: a {@link Choice}'s {@code cliName()}
 * ({@code makespan}, {@code html}, {@code chain}), else the constant's name in lower case
 * ({@code quick}, {@code on}). picocli lists them in help ({@code ${COMPLETION-CANDIDATES}}) and
 * shell completion, and {@link Cli} in the error for a bad value, so every list comes from the enum
 * and none can drift. One small subclass per enum, because picocli instantiates the candidates
 * class by name.
 */
abstract class EnumNames implements Iterable<String> {

    private final Class<?> type;

    EnumNames(Class<?> type) {
        this.type = type;
    }

    @Override
    public Iterator<String> iterator() {
        return of(type).iterator();
    }

    /** The values of enum {@code type} as typed on the command line. */
    static List<String> of(Class<?> type) {
        return Arrays.stream(type.getEnumConstants()).map(EnumNames::cliName).toList();
    }

    /** How a constant is written on the command line. */
    static String cliName(Object constant) {
        return constant instanceof Choice c
                ? c.cliName()
                : ((Enum<?>) constant).name().toLowerCase(Locale.ROOT);
    }

    /** {@code --metric}. */
    static final class Metrics extends EnumNames {
        Metrics() {
            super(Metric.class);
        }
    }

    /** {@code run --format}, {@code report --format}. */
    static final class Formats extends EnumNames {
        Formats() {
            super(Format.class);
        }
    }

    /** {@code compare --format}. */
    static final class CompareFormats extends EnumNames {
        CompareFormats() {
            super(CompareFormat.class);
        }
    }

    /** {@code --ci}. */
    static final class CiModes extends EnumNames {
        CiModes() {
            super(CiMode.class);
        }
    }

    /** {@code history check --format}. */
    static final class CheckFormats extends EnumNames {
        CheckFormats() {
            super(CheckFormat.class);
        }
    }

    /** {@code compare --layout}. */
    static final class Layouts extends EnumNames {
        Layouts() {
            super(Layout.class);
        }
    }

    /** {@code run --scale}. */
    static final class Scales extends EnumNames {
        Scales() {
            super(Scale.class);
        }
    }
}
