package dev.vbench.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The one grammar of durations, counts and rates: each unit, each refusal and its hint. */
class QuantitiesTest {

    @ParameterizedTest(name = "{0} = {1} ns")
    @CsvSource({
        "250ns, 250",
        "1.5us, 1500",
        "3µs, 3000",
        "200ms, 200000000",
        "2s, 2000000000",
        "1.5s, 1500000000",
        "1min, 60000000000",
        "1.5min, 90000000000",
        "2h, 7200000000000",
        "0ms, 0",
        "' 30 s ', 30000000000",
        "200MS, 200000000"
    })
    void durationsInEveryUnit(String text, long nanos) {
        assertEquals(Duration.ofNanos(nanos), Quantities.duration(text));
    }

    /** {@link Durations#format} writes the shortest exact form, which the grammar reads back. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"250ns", "1500ns", "3us", "200ms", "1500ms", "2s", "90s", "1min", "2h", "0ns"})
    void formatReadsBack(String text) {
        assertEquals(text, Durations.format(Quantities.duration(text)));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({
        "10000, 10000",
        "10k, 10000",
        "10K, 10000",
        "1M, 1000000",
        "1.5k, 1500",
        "20_000_000, 20000000",
        "' 7 ', 7"
    })
    void countsWithThousandAndMillion(String text, long value) {
        assertEquals(value, Quantities.count(text));
    }

    @ParameterizedTest(name = "{0} = {1}/s")
    @CsvSource({
        "5000/s, 5000",
        "5k/s, 5000",
        "300/min, 5",
        "2.5/s, 2.5",
        "100, 100",
        "3.6M/h, 1000",
        "7/sec, 7",
        "'1 / s', 1"
    })
    void ratesPerSecondMinuteHour(String text, double perSecond) {
        assertEquals(perSecond, Quantities.rate(text), 1e-9);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "duration|1m|is ambiguous: 'm' is not a unit; write min for minutes (e.g. 1min) or ms for milliseconds",
                "duration|5M|is ambiguous: 'm' is not a unit; write min for minutes (e.g. 5min)",
                "duration|fast|is not a duration; write a number and a unit: ns, us, ms, s, min or h (e.g. 200ms, 30s, 2min)",
                "duration|200|is not a duration; write a number and a unit",
                "duration|-1s|is not a duration",
                "duration|3d|has an unknown unit 'd'; write a number and a unit: ns, us, ms, s, min or h",
                "duration|9999999h|is too long a duration",
                "count|10m|is ambiguous: a lower-case 'm' is not a count suffix; write M for million (e.g. 10M; min means minutes)",
                "count|many|is not a count; write a whole number, optionally with k (thousand) or M (million), e.g. 10000, 10k, 1M",
                "count|1.5|is not a whole number",
                "count|1.0001k|is not a whole number",
                "count|99999999999999999999|is too large a count",
                "count|10x|is not a count",
                "rate|1m/s|is ambiguous: a lower-case 'm' is not a count suffix; write M for million (e.g. 1M",
                "rate|300/m|is ambiguous: '/m' is not a unit; write /min for per minute (e.g. 300/min)",
                "rate|5/fortnight|has an unknown unit '/fortnight'; write tasks per s, min or h",
                "rate|abc|is not a rate; write tasks per s, min or h, e.g. 5000/s, 5k/s, 300/min or 1M/h"
            })
    void refusalsNameTheFix(String kind, String text, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> {
            switch (kind) {
                case "duration" -> Quantities.duration(text);
                case "count" -> Quantities.count(text);
                default -> Quantities.rate(text);
            }
        });
        assertTrue(e.getMessage().startsWith(message), e::getMessage);
    }
}
