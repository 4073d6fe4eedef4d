package dev.vbench.workload.http;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The {@code Date} header value in the IMF-fixdate form of RFC 9110 §5.6.7
 * ({@code Sun, 06 Nov 1994 08:49:37 GMT}), formatted at most once per second and shared, as
 * servers do (Tomcat's {@code FastHttpDateFormat}, Netty's {@code DateFormatter} cache): formatting
 * a date per request would dominate a hello-world response.
 *
 * <pre>{@code
 * byte[] date = HttpDate.SHARED.now(); // ASCII bytes of the current second's Date value
 * }</pre>
 */
final class HttpDate {

    /** Day and month names must be English (RFC 9110), whatever the default locale. */
    static final DateTimeFormatter IMF_FIXDATE = DateTimeFormatter.ofPattern(
                    "EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US)
            .withZone(ZoneOffset.UTC);

    static final HttpDate SHARED = new HttpDate();

    /** One second's formatted value; replaced (never mutated) when the second changes. */
    private record Cached(long epochSecond, byte[] ascii) {}

    private volatile Cached cached = format(Instant.now().getEpochSecond());

    /** The current second's value as ASCII bytes (do not modify the array). */
    byte[] now() {
        long second = System.currentTimeMillis() / 1000;
        Cached c = cached;
        if (c.epochSecond() != second) {
            // A benign race: two threads may both format the new second; either result is correct.
            c = format(second);
            cached = c;
        }
        return c.ascii();
    }

    private static Cached format(long epochSecond) {
        String text = IMF_FIXDATE.format(Instant.ofEpochSecond(epochSecond));
        return new Cached(epochSecond, text.getBytes(StandardCharsets.US_ASCII));
    }
}
