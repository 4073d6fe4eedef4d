package dev.vbench.workload.http;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * Builds the bytes of one HTTP/1.1 request, once, before measuring: every task sends the same bytes.
 *
 * <pre>{@code
 * byte[] r = HttpRequests.build("POST", target, List.of("Content-Type: application/json"), body);
 * }</pre>
 */
final class HttpRequests {

    private HttpRequests() {}

    /**
     * Request line, {@code Host} (unless a header gives one), {@code User-Agent: vbench} and
     * {@code Accept: *}{@code /*} (unless given), the user's headers, {@code Content-Length} when there
     * is a body or the method is POST, PUT or PATCH, the blank line, the body.
     */
    static byte[] build(String method, HttpTarget target, List<String> headers, byte[] body) {
        StringBuilder head = new StringBuilder();
        head.append(method).append(' ').append(target.requestTarget()).append(" HTTP/1.1\r\n");
        if (!has(headers, "host")) {
            head.append("Host: ").append(target.hostHeader()).append("\r\n");
        }
        if (!has(headers, "user-agent")) {
            head.append("User-Agent: vbench\r\n");
        }
        if (!has(headers, "accept")) {
            head.append("Accept: */*\r\n");
        }
        for (String h : headers) {
            head.append(h).append("\r\n");
        }
        if (body.length > 0 || method.equals("POST") || method.equals("PUT") || method.equals("PATCH")) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream(head.length() + body.length);
        out.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(body);
        return out.toByteArray();
    }

    private static boolean has(List<String> headers, String lowerName) {
        for (String h : headers) {
            if (h.substring(0, h.indexOf(':')).toLowerCase(Locale.ROOT).equals(lowerName)) {
                return true;
            }
        }
        return false;
    }
}
