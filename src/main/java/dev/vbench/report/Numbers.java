package dev.vbench.report;

import java.util.Locale;

/** Number formatting for every report: {@link Locale#ROOT}, explicit units. */
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
}
