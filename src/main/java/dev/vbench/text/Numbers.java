package dev.vbench.text;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * Number formatting for every text vbench writes: {@link Locale#ROOT}, explicit units. Tables, notes,
 * messages and history reports take their decimals, p-values and byte sizes from here, so one quantity
 * reads the same everywhere.
 */
public final class Numbers {

    private Numbers() {}

    /** Fixed decimals, Locale.ROOT; "NaN" stays "n/a". */
    public static String fixed(double value, int decimals) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    /** Milliseconds with two decimals, as the seed reports print them: {@code 243.71 ms}. */
    public static String millis(double ms) {
        return fixed(ms, 2) + " ms";
    }

    /**
     * A short time in the unit that keeps its digits: {@code 217.3 ns}, {@code 9.94 us}, {@code 12.34 ms} (2 decimals,
     * below 10 ns too; 1 decimal from 10 to 1,000 ns), for latencies, times per operation and GC pauses, which range
     * from nanoseconds to seconds in one table. An exact zero is {@code 0 ns}: a time recorded in coarser units
     * (a GC pause total in whole ms) claims no decimals it does not have.
     */
    public static String nanos(double ns) {
        if (Double.isNaN(ns)) {
            return "n/a";
        }
        if (ns == 0) {
            return "0 ns";
        }
        if (Math.abs(ns) < 1_000) {
            return fixed(ns, Math.abs(ns) < 10 ? 2 : 1) + " ns";
        }
        return Math.abs(ns) < 1_000_000 ? fixed(ns / 1e3, 2) + " us" : millis(ns / 1e6);
    }

    /** A latency given in milliseconds, written as {@link #nanos} writes it: {@code 0.00 ms} becomes {@code 217.3 ns}. */
    public static String latency(double ms) {
        return nanos(ms * 1e6);
    }

    /**
     * A wall-clock span, as an estimate or an ETA reads it: {@code 4.2 s} below 10 s, {@code 42 s} below two minutes,
     * {@code 12 min} below two hours, then {@code 5.2 h}.
     */
    public static String elapsed(double seconds) {
        if (seconds < 10) {
            return fixed(seconds, 1) + " s";
        }
        if (seconds < 120) {
            return fixed(seconds, 0) + " s";
        }
        return seconds < 7200 ? fixed(seconds / 60, 0) + " min" : fixed(seconds / 3600, 1) + " h";
    }

    /**
     * A value for a machine to read (CSV): 12 significant digits, without trailing zeros or an exponent, so the
     * binary noise of a computed double goes ({@code 104.93904896000001} → {@code 104.93904896}); "" for NaN.
     */
    public static String exact(double value) {
        if (!Double.isFinite(value)) {
            return "";
        }
        return new BigDecimal(value)
                .round(new MathContext(12))
                .stripTrailingZeros()
                .toPlainString();
    }

    /** A rate: no decimals from 100 up, else two. */
    public static String rate(double perSecond, String unit) {
        return fixed(perSecond, Math.abs(perSecond) >= 100 ? 0 : 2) + " " + unit;
    }

    /** A value in a metric's unit: times in ms with 2 decimals, rates via {@link #rate}. */
    public static String metric(double value, String unit) {
        if (unit.endsWith("/s")) {
            return rate(value, unit);
        }
        return fixed(value, 2) + " " + unit;
    }

    /** Relative CI half-width as {@code ±2.1%}, {@code ±∞} when unknown. */
    public static String plusMinusPercent(double relative) {
        if (Double.isInfinite(relative) || Double.isNaN(relative)) {
            return "±∞";
        }
        return "±" + fixed(relative * 100, 1) + "%";
    }

    /** Speedup ratio: {@code 38.6x}. */
    public static String speedup(double ratio) {
        if (Double.isNaN(ratio) || Double.isInfinite(ratio)) {
            return "n/a";
        }
        return fixed(ratio, ratio >= 10 ? 1 : 2) + "x";
    }

    /** Signed percent delta with one decimal: {@code -4.0%}, {@code +0.7%}. */
    public static String deltaPercent(double ratioMinusOne) {
        if (Double.isNaN(ratioMinusOne) || Double.isInfinite(ratioMinusOne)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, "%+.1f%%", ratioMinusOne * 100);
    }

    /**
     * A p-value: three decimals ({@code 0.008}, docs/statistics.md rule 4), and below 0.001 three significant
     * digits with an exponent ({@code 3.25e-05}) so a very small p is not printed as zero; {@code n/a} when
     * untested (NaN).
     */
    public static String pValue(double p) {
        if (Double.isNaN(p)) {
            return "n/a";
        }
        return p != 0 && p < 0.001 ? String.format(Locale.ROOT, "%.2e", p) : fixed(p, 3);
    }

    private static final String[] BINARY_UNITS = {"KiB", "MiB", "GiB", "TiB", "PiB"};

    /**
     * A size in binary units: whole bytes below 1 KiB ({@code 502 B}), else the largest unit in which it is
     * at least 1, rounded to one decimal, a whole number without one ({@code 12.3 KiB}, {@code 8 MiB},
     * {@code 5.9 GiB}). The one way a size is written: heaps, task slots, allocation, store files.
     */
    public static String bytes(double bytes) {
        if (Double.isNaN(bytes) || Double.isInfinite(bytes)) {
            return "n/a";
        }
        if (Math.abs(bytes) < 1024) {
            return fixed(bytes, 0) + " B";
        }
        double v = bytes / 1024;
        int u = 0;
        while (Math.abs(Math.round(v * 10) / 10.0) >= 1024 && u < BINARY_UNITS.length - 1) {
            v /= 1024;
            u++;
        }
        String text = fixed(v, 1);
        if (text.endsWith(".0")) {
            text = text.substring(0, text.length() - 2);
        }
        return text + " " + BINARY_UNITS[u];
    }
}
