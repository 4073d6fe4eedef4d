package dev.vbench.workload.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The response parser on its own, fed responses a few bytes per read (as a socket may deliver them): each framing
 * of RFC 9112 §6.3, whether the connection stays open, non-2xx statuses, and each malformed or cut response as
 * an {@link IOException} naming what is wrong.
 */
class HttpResponseParserTest {

    private static final String URL = "http://127.0.0.1:8080/x";

    /** A stream that gives at most {@code step} bytes per read, then ends. */
    private static InputStream trickle(String response, int step) {
        return new ByteArrayInputStream(response.getBytes(StandardCharsets.ISO_8859_1)) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, step));
            }
        };
    }

    private static long sum(String body) {
        long sum = 0;
        for (byte b : body.getBytes(StandardCharsets.ISO_8859_1)) {
            sum += b;
        }
        return sum;
    }

    /** Reads one response with a parser of {@code bufferBytes}, {@code step} bytes per read. */
    private static HttpResponseParser parse(String response, int step, int bufferBytes, boolean head, long[] tally)
            throws IOException {
        HttpResponseParser p = new HttpResponseParser(URL, bufferBytes);
        p.start(trickle(response, step));
        assertTrue(p.awaitFirstBytes());
        tally[0] = p.read(head);
        return p;
    }

    private static long tally(int status, String body) {
        return ((long) status << 32) | (sum(body) & 0xFFFF_FFFFL);
    }

    @Test
    void contentLengthBodyReadAcrossManySmallReadsAndAFullBuffer() throws IOException {
        String body = "0123456789".repeat(30);
        String response = "HTTP/1.1 200 OK\r\nContent-Length: " + body.length() + "\r\nX-Other: y\r\n\r\n" + body;
        for (int step : new int[] {1, 3, 7, 4096}) {
            long[] t = new long[1];
            HttpResponseParser p = parse(response, step, 64, false, t); // a buffer smaller than the body: it streams
            assertEquals(tally(200, body), t[0], "step " + step);
            assertFalse(p.closes(), "HTTP/1.1 keeps the connection");
            assertNull(p.failure());
        }
    }

    @Test
    void chunkedBodyWithExtensionsAndTrailersInAnyCase() throws IOException {
        String response = "HTTP/1.1 200 OK\r\ntransfer-ENCODING: gzip, Chunked\r\n\r\n" + "5;name=value\r\nhello\r\n"
                + "B \r\n, new world\r\n" + "0\r\nTrailer: t\r\n\r\n";
        for (int step : new int[] {1, 2, 5, 4096}) {
            long[] t = new long[1];
            HttpResponseParser p = parse(response, step, 64, false, t); // chunks larger than what is left of it
            assertEquals(tally(200, "hello, new world"), t[0], "step " + step);
            assertFalse(p.closes());
        }
    }

    @Test
    void withoutLengthTheBodyRunsToTheEndAndTheConnectionCloses() throws IOException {
        long[] t = new long[1];
        HttpResponseParser p = parse("HTTP/1.1 200 OK\r\nServer: s\r\n\r\nuntil the end", 4, 64, false, t);
        assertEquals(tally(200, "until the end"), t[0]);
        assertTrue(p.closes());
    }

    @Test
    void noBodyForHeadNoContentAndNotModifiedWhateverTheHeadersSay() throws IOException {
        long[] t = new long[1];
        assertFalse(parse("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n", 3, 64, true, t)
                .closes());
        assertEquals(tally(200, ""), t[0]);
        parse("HTTP/1.1 204 No Content\r\n\r\n", 3, 64, false, t);
        assertEquals(tally(204, ""), t[0]);
        HttpResponseParser notModified =
                parse("HTTP/1.1 304 Not Modified\r\nContent-Length: 9\r\n\r\n", 3, 64, false, t);
        assertEquals(304, t[0] >>> 32);
        assertEquals(304, notModified.failure().status());
    }

    @Test
    void interimResponsesAreSkipped() throws IOException {
        long[] t = new long[1];
        parse(
                "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n"
                        + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok",
                5,
                64,
                false,
                t);
        assertEquals(tally(200, "ok"), t[0]);
    }

    @Test
    void whetherTheConnectionStaysOpenFollowsTheVersionAndTheConnectionHeader() throws IOException {
        long[] t = new long[1];
        assertTrue(parse("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n", 64, 64, false, t)
                .closes());
        assertFalse(parse("HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 0\r\n\r\n", 64, 64, false, t)
                .closes());
        assertTrue(parse("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n", 64, 64, false, t)
                .closes());
    }

    @Test
    void aNon2xxStatusIsAFailureWithItsReasonAndWhereARedirectPoints() throws IOException {
        long[] t = new long[1];
        HttpResponseParser notFound = parse("HTTP/1.1 404 Not Found\r\nContent-Length: 4\r\n\r\ngone", 3, 64, false, t);
        assertEquals(tally(404, "gone"), t[0], "the body is read: the connection stays usable");
        assertEquals(404, notFound.failure().status());
        assertTrue(
                notFound.failure().getMessage().contains("Not Found"),
                notFound.failure().getMessage());
        assertFalse(notFound.closes());
        HttpResponseParser moved =
                parse("HTTP/1.1 301 Moved\r\nLOCATION:  /elsewhere \r\nContent-Length: 0\r\n\r\n", 64, 128, false, t);
        assertTrue(
                moved.failure().getMessage().contains("/elsewhere"),
                moved.failure().getMessage());
    }

    @Test
    void theCaptureHoldsTheResponseAsReceived() throws IOException {
        String response =
                "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n";
        HttpResponseParser p = new HttpResponseParser(URL, 128);
        ByteArrayOutputStream capture = new ByteArrayOutputStream();
        p.captureInto(capture);
        p.start(trickle(response, 2));
        assertTrue(p.awaitFirstBytes());
        p.read(false);
        // the chunk framing is read past without copying: the capture holds status lines, headers and data
        assertArrayEquals(
                ("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nabc")
                        .getBytes(StandardCharsets.ISO_8859_1),
                capture.toByteArray());
    }

    @Test
    void malformedAndCutResponsesSayWhatIsWrong() {
        assertEquals(
                "response headers longer than 32 bytes",
                message("HTTP/1.1 200 OK\r\nX-Long: " + "x".repeat(40) + "\r\n\r\n", 32));
        assertEquals("malformed status line (not an HTTP/1.x server?)", message("SSH-2.0-OpenSSH\r\n\r\n", 64));
        assertEquals("malformed status code", message("HTTP/1.1 2x0 OK\r\n\r\n", 64));
        assertEquals("malformed Content-Length", message("HTTP/1.1 200 OK\r\nContent-Length: 1e3\r\n\r\n", 64));
        assertEquals(
                "Content-Length too large",
                message("HTTP/1.1 200 OK\r\nContent-Length: 1234567890123456789\r\n\r\n", 64));
        assertEquals(
                "malformed chunk size in a chunked response",
                message("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 64));
        assertEquals(
                "chunk data longer than its size in a chunked response",
                message("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n", 64));
        assertEquals(
                "the server closed the connection inside the response body (3 of 10 bytes)",
                message("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", 64));
        assertEquals(
                "the server closed the connection inside the response headers", message("HTTP/1.1 200 OK\r\nA: b", 64));
        assertEquals(
                "the server closed the connection inside the response body (2 of 5 bytes)",
                message("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab", 64));
        assertEquals(
                "the server closed the connection inside a chunked response",
                message("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n", 64));
    }

    @Test
    void anEmptyStreamHasNoFirstBytes() throws IOException {
        HttpResponseParser p = new HttpResponseParser(URL);
        p.start(InputStream.nullInputStream());
        assertFalse(p.awaitFirstBytes());
    }

    @Test
    void theStatusLineAndTheBlankLineFoundInRawBytes() throws IOException {
        byte[] r = "HTTP/1.1 404 Not Found\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        assertEquals(r.length - 4, HttpResponseParser.indexOfBlankLine(r, 0, r.length));
        assertEquals(404, HttpResponseParser.status(r, 0));
        assertEquals(-1, HttpResponseParser.indexOfBlankLine(r, 0, r.length - 1));
    }

    private static String message(String response, int bufferBytes) {
        IOException e = assertThrows(IOException.class, () -> parse(response, 3, bufferBytes, false, new long[1]));
        if (response.contains("Content-Length: 10")) {
            assertTrue(e instanceof EOFException, e::toString);
        }
        return e.getMessage();
    }
}
