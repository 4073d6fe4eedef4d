package dev.vbench.cli;

import dev.vbench.app.CheckFormat;
import dev.vbench.app.CiMode;
import dev.vbench.compare.Layout;
import dev.vbench.config.Limits;
import dev.vbench.profile.ProfileEvent;
import dev.vbench.report.Format;
import dev.vbench.report.compare.CompareFormat;
import dev.vbench.result.Choice;
import dev.vbench.result.Metric;
import dev.vbench.spi.Quantities;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The picocli converters of vbench's typed options, all reading the one grammar of
 * {@link Quantities}: {@link Duration} options ({@code --duration}, {@code --timeout},
 * {@code --pinning-threshold}) and {@link Choice} enums ({@code --metric}, {@code --format},
 * {@code --layout}) through the converters {@link #register registered} once per type, counts
 * ({@code --tasks 10k}) and rates ({@code --rate 5k/s}) through {@code converter =}.
 * A bad value fails while parsing, as one line naming the option, the value as it was typed and
 * the fix: {@code vbench: --tasks '1m' is ambiguous: …}. Options with a range are range-checked here too, by the
 * rule of {@link Limits} that the planner applies to a suite's values, so an out-of-range value
 * is quoted as typed as well: {@code --duration '0s' is out of range}, not {@code 0ns}.
 */
final class OptionTypes {

    private OptionTypes() {}

    /** Registers the converters picocli picks by type, on {@code cl} and its subcommands. */
    static void register(CommandLine cl) {
        cl.registerConverter(Duration.class, new DurationConverter());
        registerChoice(cl, Metric.class);
        registerChoice(cl, Format.class);
        registerChoice(cl, CompareFormat.class);
        registerChoice(cl, Layout.class);
        registerChoice(cl, CiMode.class);
        registerChoice(cl, CheckFormat.class);
    }

    /** A {@link Choice} enum read by its {@code cliName()} or an alias, case-insensitive. */
    private static <E extends Enum<E> & Choice> void registerChoice(CommandLine cl, Class<E> type) {
        cl.registerConverter(type, value -> read(value, text -> Choice.parse(type, text)));
    }

    /** A value the grammar refused; {@link Cli} prints it after the option name. */
    static final class BadValue extends TypeConversionException {
        private static final long serialVersionUID = 1L;

        BadValue(String value, IllegalArgumentException e) {
            super(e.getMessage().startsWith("'") ? e.getMessage() : "'" + value + "' " + e.getMessage());
        }
    }

    private static <T> T read(String value, Function<String, T> grammar) {
        try {
            return grammar.apply(value);
        } catch (IllegalArgumentException e) {
            throw new BadValue(value, e);
        }
    }

    /**
     * A converter from one grammar of {@link Quantities}, optionally followed by a range rule of {@link Limits}; picocli
     * makes each subclass with its no-argument constructor ({@code converter = X.class}).
     */
    private abstract static class Grammar<T> implements ITypeConverter<T> {
        private final Function<String, T> grammar;

        Grammar(Function<String, T> grammar) {
            this.grammar = grammar;
        }

        @Override
        public T convert(String value) {
            return read(value, grammar);
        }
    }

    /** {@code 200ms}, {@code 30s}, {@code 2min} . */
    static final class DurationConverter extends Grammar<Duration> {
        DurationConverter() {
            super(Quantities::duration);
        }
    }

    /** {@code 10000}, {@code 10k}, {@code 1M} . */
    static final class CountConverter extends Grammar<Long> {
        CountConverter() {
            super(Quantities::count);
        }
    }

    // Options whose range the planner decides are checked here, while the text is at hand, so the
    // message quotes what was typed ("--tasks '0k' is out of range"), not the value it became ("0").

    /** {@code run --rate}: {@code 5000/s}, {@code 5k/s}, {@code 300/min}  in range ({@link Limits}). */
    static final class RateConverter extends Grammar<Double> {
        RateConverter() {
            super(text -> Limits.rate("--rate", Quantities.rate(text)));
        }
    }

    /** {@code run --tasks}: a count in range ({@link Limits}). */
    static final class TasksConverter extends Grammar<Long> {
        TasksConverter() {
            super(text -> Limits.tasks("--tasks", Quantities.count(text)));
        }
    }

    /** {@code run --batch}: a count in range ({@link Limits}). */
    static final class BatchConverter extends Grammar<Long> {
        BatchConverter() {
            super(text -> Limits.batch("--batch", Quantities.count(text)));
        }
    }

    /** {@code run --fanout}: a count in range ({@link Limits}). */
    static final class FanoutConverter extends Grammar<Long> {
        FanoutConverter() {
            super(text -> Limits.fanout("--fanout", Quantities.count(text)));
        }
    }

    /** {@code run --concurrency}: a count in range ({@link Limits}). */
    static final class ConcurrencyConverter extends Grammar<Long> {
        ConcurrencyConverter() {
            super(text -> Limits.concurrency("--concurrency", Quantities.count(text)));
        }
    }

    /** {@code calibrate --concurrency}: a count in range ({@link Limits}). */
    static final class ConcurrencyOrUnlimitedConverter extends Grammar<Long> {
        ConcurrencyOrUnlimitedConverter() {
            super(text -> Limits.concurrencyOrUnlimited("--concurrency", Quantities.count(text)));
        }
    }

    /** {@code run --duration}: a duration in range ({@link Limits}). */
    static final class WindowConverter extends Grammar<Duration> {
        WindowConverter() {
            super(text -> Limits.window("--duration", Quantities.duration(text)));
        }
    }

    /** {@code run --timeout}: a duration in range ({@link Limits}). */
    static final class TimeoutConverter extends Grammar<Duration> {
        TimeoutConverter() {
            super(text -> Limits.timeout("--timeout", Quantities.duration(text)));
        }
    }

    /** {@code tasks,lock}: the events of {@code --profile} ({@link ProfileEvent#parse}). */
    static final class ProfileEventsConverter extends Grammar<List<ProfileEvent>> {
        ProfileEventsConverter() {
            super(ProfileEvent::parse);
        }
    }

    /** {@code --profile-interval}: 1 ms to 1 s. */
    static final class ProfileIntervalConverter extends Grammar<Duration> {
        ProfileIntervalConverter() {
            super(text -> Limits.profileInterval("--profile-interval", Quantities.duration(text)));
        }
    }

    /** {@code run --pinning-threshold}: a duration from 0 to {@link Limits#MAX_PINNING_THRESHOLD}. */
    static final class PinningThresholdConverter extends Grammar<Duration> {
        PinningThresholdConverter() {
            super(text -> Limits.pinningThreshold("--pinning-threshold", Quantities.duration(text)));
        }
    }

    /** {@code run --task-timeout}: {@code off} (zero), or a duration from 100ms to 24h. */
    static final class TaskTimeoutConverter extends Grammar<Duration> {
        TaskTimeoutConverter() {
            super(text -> {
                if (text.equalsIgnoreCase("off")) {
                    return Duration.ZERO;
                }
                return Limits.taskTimeout("--task-timeout", Quantities.duration(text));
            });
        }
    }
}
