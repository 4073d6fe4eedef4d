package dev.vbench.workload.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.spi.Params;
import dev.vbench.spi.Workload;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HelloWorkloadTest {

    @Test
    void writesTheExactResponseBytes() {
        byte[] buffer = new byte[HelloResponse.CAPACITY];
        byte[] date = HelloResponse.ascii("Sun, 06 Nov 1994 08:49:37 GMT");
        int n = HelloResponse.write(buffer, date);
        assertEquals(
                "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 11\r\n"
                        + "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\nConnection: keep-alive\r\n\r\nhello world",
                new String(buffer, 0, n, StandardCharsets.US_ASCII));
    }

    @Test
    void writesContentLengthDigits() {
        byte[] buffer = new byte[HelloResponse.CAPACITY];
        for (int v : new int[] {0, 7, 10, 99, 100, 12345}) {
            int end = HelloResponse.putDecimal(buffer, 3, v);
            assertEquals(String.valueOf(v), new String(buffer, 3, end - 3, StandardCharsets.US_ASCII));
        }
        byte[] body = new byte[123];
        int n = HelloResponse.write(new byte[400], HttpDate.SHARED.now(), body);
        assertTrue(n > 123);
    }

    @Test
    void dateIsTheCurrentSecondInImfFixdate() {
        String text = new String(HttpDate.SHARED.now(), StandardCharsets.US_ASCII);
        assertTrue(text.matches("[A-Z][a-z]{2}, \\d{2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT"), text);
        long seconds = Instant.from(HttpDate.IMF_FIXDATE.parse(text)).getEpochSecond();
        assertTrue(Math.abs(seconds - Instant.now().getEpochSecond()) <= 2, text);
    }

    @Test
    void taskReturnsTheByteCountAndVerifyParsesTheResponse() throws Exception {
        HelloWorkload provider = new HelloWorkload();
        try (Workload w = provider.create(Params.resolve("hello", provider.params(), Map.of()))) {
            long bytes = w.task().run(0);
            // status line 17, Content-Type 41, Content-Length 20, Date 37, Connection 24, blank line 2, body 11
            assertEquals(152, bytes);
            assertTrue(w.verify().startsWith("parsed a 152-byte HTTP/1.1 200 response"), w.verify());
        }
    }

    @Test
    void parserRejectsMalformedResponses() {
        byte[] noLength = "HTTP/1.1 200 OK\r\nX: y\r\n\r\nhi".getBytes(StandardCharsets.US_ASCII);
        assertThrows(IllegalArgumentException.class, () -> HttpMessage.parse(noLength, noLength.length));
        byte[] wrongLength = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhi".getBytes(StandardCharsets.US_ASCII);
        assertThrows(IllegalArgumentException.class, () -> HttpMessage.parse(wrongLength, wrongLength.length));
        byte[] badStatus = "HTTP/1.0 2x0 OK\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        assertThrows(IllegalArgumentException.class, () -> HttpMessage.parse(badStatus, badStatus.length));
        byte[] notFound = "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        assertThrows(
                AssertionError.class,
                () -> HelloWorkload.check(HttpMessage.parse(notFound, notFound.length), notFound.length));
    }
}
