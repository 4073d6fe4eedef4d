package dev.vbench.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/** The one formatter of numbers: byte sizes and p-values, under any default locale. */
@Isolated // it sets the default Locale
class NumbersTest {

    @Test
    void bytesAreBinaryUnitsWithOneDecimalAndWholeNumbersWithout() {
        assertEquals("0 B", Numbers.bytes(0));
        assertEquals("502 B", Numbers.bytes(502));
        assertEquals("1023 B", Numbers.bytes(1023));
        assertEquals("1 KiB", Numbers.bytes(1024));
        assertEquals("12.3 KiB", Numbers.bytes(12_595));
        assertEquals("8 MiB", Numbers.bytes(8L << 20));
        assertEquals("8 MiB", Numbers.bytes((8L << 20) - 4096), "rounded to the nearest tenth, not down or up");
        assertEquals("32.9 MiB", Numbers.bytes(34_497_331));
        assertEquals("1 GiB", Numbers.bytes(1024L << 20));
        assertEquals("5.9 GiB", Numbers.bytes(6028L << 20));
        assertEquals("1 MiB", Numbers.bytes((1L << 20) - 10), "a value that rounds to 1024 KiB moves up a unit");
        assertEquals("2 TiB", Numbers.bytes(2L << 40));
        assertEquals("n/a", Numbers.bytes(Double.NaN));
    }

    @Test
    void pValuesHaveThreeDecimalsAndAnExponentBelowOneThousandth() {
        assertEquals("0.008", Numbers.pValue(0.008));
        assertEquals("0.050", Numbers.pValue(0.05));
        assertEquals("1.000", Numbers.pValue(1));
        assertEquals("0.001", Numbers.pValue(0.001));
        assertEquals("3.25e-05", Numbers.pValue(3 * 2.0 / 184_756));
        assertEquals("3.42e-30", Numbers.pValue(3.4217e-30));
        assertEquals("0.000", Numbers.pValue(0));
        assertEquals("n/a", Numbers.pValue(Double.NaN));
    }

    @Test
    void aCommaDecimalLocaleChangesNothing() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertEquals("5.9 GiB", Numbers.bytes(6028L << 20));
            assertEquals("3.25e-05", Numbers.pValue(3 * 2.0 / 184_756));
            assertEquals("0.008", Numbers.pValue(0.008));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void elapsedTimesReadAsSecondsMinutesOrHours() {
        assertEquals("0.4 s", Numbers.elapsed(0.42));
        assertEquals("42 s", Numbers.elapsed(42.4));
        assertEquals("12 min", Numbers.elapsed(12 * 60 + 20));
        assertEquals("15.6 h", Numbers.elapsed(56_000));
    }

    @Test
    void exactValuesLoseOnlyTheBinaryNoise() {
        assertEquals("104.93904896", Numbers.exact(104.93904896000001));
        assertEquals("0.9921345", Numbers.exact(0.9921344999999999));
        assertEquals("1000", Numbers.exact(1000.0));
        assertEquals("", Numbers.exact(Double.NaN));
    }

    @Test
    void shortTimesKeepTheirDigitsInNanosMicrosOrMillis() {
        assertEquals("217.3 ns", Numbers.latency(0.0002173), "a sub-microsecond latency no longer reads 0.00 ms");
        assertEquals("9.94 us", Numbers.latency(0.00994));
        assertEquals("430.10 us", Numbers.latency(0.4301));
        assertEquals("12.34 ms", Numbers.latency(12.34), "from 1 ms on, as every other ms figure");
        assertEquals("1.25 ns", Numbers.nanos(1.25));
        assertEquals("n/a", Numbers.nanos(Double.NaN));
        assertEquals("0 ns", Numbers.nanos(0), "an exact zero claims no decimals");
        assertEquals("0 ns", Numbers.latency(0));
    }
}
