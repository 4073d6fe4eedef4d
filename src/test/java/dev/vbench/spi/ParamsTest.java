package dev.vbench.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParamsTest {

    static final ParamSpec<Duration> DURATION =
            ParamSpec.of("duration", "sleep", "200ms", ParamType.duration(Duration.ZERO, Duration.ofMinutes(10)));
    static final ParamSpec<Integer> FILES = ParamSpec.of("files", "photos", "10", ParamType.intRange(1, 10_000));

    @Test
    void defaultsAndUnits() {
        Params p = Params.resolve("io", List.of(DURATION), Map.of());
        assertEquals(Duration.ofMillis(200), p.get(DURATION));
        assertEquals(
                Duration.ofNanos(1500),
                Params.resolve("io", List.of(DURATION), Map.of("duration", "1.5us"))
                        .get(DURATION));
        assertEquals(
                Duration.ofSeconds(2),
                Params.resolve("io", List.of(DURATION), Map.of("duration", "2s"))
                        .get(DURATION));
        assertEquals(
                Map.of("duration", "20ms"),
                Params.resolve("io", List.of(DURATION), Map.of("duration", "20ms"))
                        .asText());
    }

    @Test
    void errorsNameParameterValueAndFix() {
        IllegalArgumentException bad = assertThrows(
                IllegalArgumentException.class,
                () -> Params.resolve("io", List.of(DURATION), Map.of("duration", "fast")));
        assertEquals(
                "parameter 'duration' of workload 'io': 'fast' is not a duration; write a number and a unit: ns, us, ms, s, min or h (e.g. 200ms, 30s, 2min)",
                bad.getMessage());
        IllegalArgumentException unknown = assertThrows(
                IllegalArgumentException.class, () -> Params.resolve("io", List.of(DURATION), Map.of("size", "1")));
        assertEquals("workload 'io' has no parameter 'size'; its parameters are duration", unknown.getMessage());
        IllegalArgumentException range = assertThrows(
                IllegalArgumentException.class,
                () -> Params.resolve("thumbnail", List.of(FILES), Map.of("files", "0")));
        assertEquals(
                "parameter 'files' of workload 'thumbnail': '0' is out of range; use a whole number in 1..10000",
                range.getMessage());
    }

    @Test
    void redactsSecrets() {
        assertEquals(
                "jdbc:postgresql://h:5432/db?user=u&password=***",
                Redactor.redact("jdbc:postgresql://h:5432/db?user=u&password=s3cret"));
        assertEquals("postgresql://u:***@h/db", Redactor.redact("postgresql://u:pw@h/db"));
    }

    @Test
    void textAndErrorsNeverCarryAPassword() {
        ParamSpec<String> url = ParamSpec.of("url", "JDBC URL", "jdbc:h2:mem:x", ParamType.text());
        ParamSpec<Integer> port = ParamSpec.of("port", "port", "1", ParamType.intRange(1, 2));
        Params p = Params.resolve("sql", List.of(url), Map.of("url", "jdbc:postgresql://h/db?user=u&password=s3cret"));
        assertEquals("jdbc:postgresql://h/db?user=u&password=s3cret", p.get(url));
        assertEquals(Map.of("url", "jdbc:postgresql://h/db?user=u&password=***"), p.asText());
        IllegalArgumentException bad = assertThrows(
                IllegalArgumentException.class,
                () -> Params.resolve("sql", List.of(port), Map.of("port", "password=s3cret")));
        assertEquals(
                "parameter 'port' of workload 'sql': 'password=***' is not an integer; use a whole number in 1..2 (10k and 1M work)",
                bad.getMessage());
    }

    /** Integer parameters are written as --tasks is: 10k, 1M, 20_000; a lower-case m gets the hint. */
    @Test
    void integerParametersTakeTheCountGrammar() {
        ParamType<Long> n = ParamType.longRange(0, 5_000_000);
        assertEquals(10_000L, n.parse("10k"));
        assertEquals(1_000_000L, n.parse("1M"));
        assertEquals(1_500L, n.parse("1.5k"));
        assertEquals(20_000L, n.parse("20_000"));
        assertEquals(7L, n.parse(" 7 "));
        assertEquals(
                "is out of range; use a whole number in 0..5000000",
                assertThrows(IllegalArgumentException.class, () -> n.parse("6M"))
                        .getMessage());
        assertEquals(
                "is out of range; use a whole number in 0..5000000",
                assertThrows(IllegalArgumentException.class, () -> n.parse("-3"))
                        .getMessage());
        assertEquals(
                "is not an integer; use a whole number in 0..5000000 (10k and 1M work)",
                assertThrows(IllegalArgumentException.class, () -> n.parse("1.0001k"))
                        .getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> n.parse("2m"))
                .getMessage()
                .startsWith("is ambiguous: a lower-case 'm' is not a count suffix"));
        assertEquals(2_000, ParamType.intRange(1, 10_000).parse("2k"));
    }
}
