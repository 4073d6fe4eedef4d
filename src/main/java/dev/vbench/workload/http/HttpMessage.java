package dev.vbench.workload.http;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A parsed HTTP/1.1 response, for verification only (it allocates freely): status line, headers
 * (names lower-cased), and a body of exactly {@code Content-Length} bytes.
 *
 * <pre>{@code
 * HttpMessage m = HttpMessage.parse(bytes, length);
 * m.status();          // 200
 * m.header("date");    // "Fri, 20 Nov 2026 10:00:00 GMT"
 * m.bodyText();        // "hello world"
 * }</pre>
 *
 * @param status the status code
 * @param reason the reason phrase
 * @param headers header name (lower case) → value
 * @param body the body bytes
 */
record HttpMessage(int status, String reason, Map<String, String> headers, byte[] body) {

    /**
     * @throws IllegalArgumentException when the bytes are not a well-formed response with a
     *     {@code Content-Length} that matches the body
     */
    static HttpMessage parse(byte[] bytes, int length) {
        String text = new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        if (end < 0) {
            throw new IllegalArgumentException("no blank line ends the headers");
        }
        String[] lines = text.substring(0, end).split("\r\n");
        String[] status = lines[0].split(" ", 3);
        if (status.length < 2 || !status[0].equals("HTTP/1.1") || !status[1].matches("\\d{3}")) {
            throw new IllegalArgumentException("bad status line '" + lines[0] + "'");
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("bad header line '" + lines[i] + "'");
            }
            headers.put(
                    lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
                    lines[i].substring(colon + 1).strip());
        }
        String declared = headers.get("content-length");
        if (declared == null) {
            throw new IllegalArgumentException("no Content-Length header");
        }
        int bodyStart = end + 4;
        byte[] body = Arrays.copyOfRange(bytes, bodyStart, length);
        if (Integer.parseInt(declared) != body.length) {
            throw new IllegalArgumentException(
                    "Content-Length " + declared + " but the body has " + body.length + " bytes");
        }
        return new HttpMessage(Integer.parseInt(status[1]), status.length > 2 ? status[2] : "", headers, body);
    }

    String header(String name) {
        return headers.get(name.toLowerCase(Locale.ROOT));
    }

    String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }
}
