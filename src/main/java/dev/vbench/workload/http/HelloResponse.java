package dev.vbench.workload.http;

import java.nio.charset.StandardCharsets;

/**
 * Writes a complete hello-world HTTP/1.1 response into a byte array: status line, {@code
 * Content-Type}, {@code Content-Length} (its digits written per response), {@code Date}, {@code
 * Connection: keep-alive}, the blank line, and the body {@code hello world}.
 *
 * <pre>{@code
 * byte[] buffer = new byte[HelloResponse.CAPACITY];
 * int length = HelloResponse.write(buffer, HttpDate.SHARED.now());
 * }</pre>
 */
final class HelloResponse {

    static final byte[] BODY = ascii("hello world");
    /** Large enough for the response with any Date value. */
    static final int CAPACITY = 256;

    private static final byte[] STATUS_AND_TYPE =
            ascii("HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\n");
    private static final byte[] CONTENT_LENGTH = ascii("Content-Length: ");
    private static final byte[] DATE = ascii("\r\nDate: ");
    private static final byte[] KEEP_ALIVE_AND_END = ascii("\r\nConnection: keep-alive\r\n\r\n");

    private HelloResponse() {}

    /** Writes the response for {@code body} with the given Date value; returns the number of bytes written. */
    static int write(byte[] buffer, byte[] date, byte[] body) {
        int at = put(buffer, 0, STATUS_AND_TYPE);
        at = put(buffer, at, CONTENT_LENGTH);
        at = putDecimal(buffer, at, body.length);
        at = put(buffer, at, DATE);
        at = put(buffer, at, date);
        at = put(buffer, at, KEEP_ALIVE_AND_END);
        return put(buffer, at, body);
    }

    static int write(byte[] buffer, byte[] date) {
        return write(buffer, date, BODY);
    }

    private static int put(byte[] buffer, int at, byte[] bytes) {
        System.arraycopy(bytes, 0, buffer, at, bytes.length);
        return at + bytes.length;
    }

    /** Writes a non-negative int in decimal ASCII. */
    static int putDecimal(byte[] buffer, int at, int value) {
        int digits = 1;
        for (int v = value; v >= 10; v /= 10) {
            digits++;
        }
        int end = at + digits;
        int v = value;
        for (int i = end - 1; i >= at; i--) {
            buffer[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        return end;
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
