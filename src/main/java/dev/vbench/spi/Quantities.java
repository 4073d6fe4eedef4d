package dev.vbench.spi;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one grammar of numbers with units that vbench reads, wherever they are written: workload
 * parameters ({@code -p duration=1min}), run options ({@code --duration}, {@code --timeout},
 * {@code --pinning-threshold}, {@code --tasks}, {@code --rate}), latency objectives
 * ({@code --slo 'p99<1min'}) and suite files.
 *
 * <ul>
 *   <li><b>Durations</b>: a number and one of {@code ns us ms s min h} ({@code 200ms}, {@code 1.5s},
 *       {@code 2min}). A bare {@code m} is refused: it reads as minutes to some tools and as milli
 *       or million to others.
 *   <li><b>Counts</b>: a whole number, optionally with {@code k} (thousand) or {@code M} (million);
 *       {@code _} separates digits ({@code 10000}, {@code 10k}, {@code 1M}, {@code 1.5k},
 *       {@code 20_000_000}). A lower-case {@code m} is refused: {@code M} is million, {@code min}
 *       is minutes.
 *   <li><b>Rates</b>: a count per {@code s}, {@code min} or {@code h} ({@code 5000/s}, {@code 5k/s},
 *       {@code 300/min}, {@code 1M/h}, {@code 2.5/s}); a bare number is per second.
 * </ul>
 *
 * <p>Every failure is an {@link IllegalArgumentException} whose message completes the sentence
 * "'TEXT' …" and names the form to write, so a caller prefixes it with what was being read:
 * {@code "--duration '1m' " + e.getMessage()}. Ranges are the caller's: the grammar only reads.
 * {@link Durations#format} writes durations in a form this class reads back.
 *
 * <pre>{@code
 * Duration window = Quantities.duration("2min");   // PT2M
 * long tasks = Quantities.count("10k");            // 10000
 * double perSecond = Quantities.rate("300/min");   // 5.0
 * }</pre>
 */
public final class Quantities {

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([a-zA-Zµ]+)");
    private static final Pattern COUNT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([a-zA-Z]?)");
    private static final Pattern RATE = Pattern.compile("([^/]+?)\\s*(?:/\\s*([a-zA-Z]+))?");

    private static final String DURATION_FORM =
            "write a number and a unit: ns, us, ms, s, min or h (e.g. 200ms, 30s, 2min)";
    private static final String COUNT_FORM =
            "write a whole number, optionally with k (thousand) or M (million), e.g. 10000, 10k, 1M";
    private static final String RATE_FORM = "write tasks per s, min or h, e.g. 5000/s, 5k/s, 300/min or 1M/h";

    private Quantities() {}

    /**
     * Reads a duration: a number and one of {@code ns us ms s min h}.
     *
     * @throws IllegalArgumentException "is not a duration; …", or a hint for a bare {@code m}
     */
    public static Duration duration(String text) {
        Matcher m = DURATION.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("is not a duration; " + DURATION_FORM);
        }
        BigDecimal nanosPerUnit = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "ns" -> BigDecimal.ONE;
            case "us", "µs" -> BigDecimal.valueOf(1_000L);
            case "ms" -> BigDecimal.valueOf(1_000_000L);
            case "s" -> BigDecimal.valueOf(1_000_000_000L);
            case "min" -> BigDecimal.valueOf(60_000_000_000L);
            case "h" -> BigDecimal.valueOf(3_600_000_000_000L);
            case "m" ->
                throw new AmbiguousUnit("is ambiguous: 'm' is not a unit; write min for minutes" + " (e.g. "
                        + m.group(1) + "min) or ms for milliseconds");
            default -> throw new IllegalArgumentException("has an unknown unit '" + m.group(2) + "'; " + DURATION_FORM);
        };
        BigDecimal nanos = new BigDecimal(m.group(1)).multiply(nanosPerUnit).setScale(0, RoundingMode.HALF_UP);
        if (nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("is too long a duration; write at most a few thousand hours (e.g. 24h)");
        }
        return Duration.ofNanos(nanos.longValueExact());
    }

    /**
     * Reads a count: a whole number with an optional {@code k} or {@code M}; {@code _} separates digits.
     *
     * @throws IllegalArgumentException "is not a count; …", or a hint for a lower-case {@code m}
     */
    public static long count(String text) {
        BigDecimal value = scaled(text.trim().replace("_", ""), "is not a count; " + COUNT_FORM);
        if (value.signum() < 0 || value.stripTrailingZeros().scale() > 0) {
            throw new IllegalArgumentException("is not a whole number; " + COUNT_FORM);
        }
        if (value.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("is too large a count; " + COUNT_FORM);
        }
        return value.longValueExact();
    }

    /**
     * Reads a rate in tasks per second: {@code COUNT[/s|/min|/h]}; a bare number is per second.
     * The count may be fractional ({@code 2.5/s}).
     *
     * @throws IllegalArgumentException "is not a rate; …", or a hint for {@code m} or {@code /m}
     */
    public static double rate(String text) {
        Matcher m = RATE.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("is not a rate; " + RATE_FORM);
        }
        BigDecimal tasks = scaled(m.group(1).trim().replace("_", ""), "is not a rate; " + RATE_FORM);
        String unit = m.group(2) == null ? "s" : m.group(2).toLowerCase(Locale.ROOT);
        long secondsPerUnit = switch (unit) {
            case "s", "sec" -> 1;
            case "min" -> 60;
            case "h" -> 3600;
            case "m" ->
                throw new AmbiguousUnit("is ambiguous: '/m' is not a unit; write /min for per minute" + " (e.g. "
                        + m.group(1).trim() + "/min)");
            default -> throw new IllegalArgumentException("has an unknown unit '/" + unit + "'; " + RATE_FORM);
        };
        return tasks.doubleValue() / secondsPerUnit;
    }

    /** A decimal number with an optional k/K (thousand) or M (million) suffix. */
    private static BigDecimal scaled(String text, String notValid) {
        Matcher m = COUNT.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException(notValid);
        }
        long multiplier = switch (m.group(2)) {
            case "" -> 1;
            case "k", "K" -> 1_000;
            case "M" -> 1_000_000;
            case "m" ->
                throw new AmbiguousUnit("is ambiguous: a lower-case 'm' is not a count suffix; write M"
                        + " for million (e.g. " + m.group(1) + "M; min means minutes)");
            default -> throw new IllegalArgumentException(notValid);
        };
        return new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(multiplier));
    }

    /**
     * A value that would parse but means something else than its writer may think (a lower-case {@code m}):
     * its message names the fix, so callers that replace a parse error with their own pass this one on.
     */
    static final class AmbiguousUnit extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        AmbiguousUnit(String message) {
            super(message);
        }
    }
}
