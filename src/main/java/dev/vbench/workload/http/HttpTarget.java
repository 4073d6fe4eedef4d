package dev.vbench.workload.http;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * The server an {@code http} workload sends its requests to: scheme, host, port and the request
 * target (path and query) of an {@code http://} or {@code https://} URL.
 *
 * <pre>{@code
 * HttpTarget t = HttpTarget.parse("http://127.0.0.1:8080/api?x=1");
 * t.hostPort();       // "127.0.0.1:8080"
 * t.requestTarget();  // "/api?x=1"
 * }</pre>
 *
 * @param tls whether the scheme is {@code https}
 * @param host the host name or address, without brackets for IPv6
 * @param port the port (80 or 443 when the URL names none)
 * @param requestTarget path and query as sent in the request line ({@code /} when the URL has no path)
 * @param hostHeader the {@code Host} header value
 */
record HttpTarget(boolean tls, String host, int port, String requestTarget, String hostHeader) {

    /** A loopback target for the embedded server. */
    static HttpTarget loopback(InetSocketAddress address, String path) {
        String host = address.getAddress().getHostAddress();
        return new HttpTarget(false, host, address.getPort(), path, host + ":" + address.getPort());
    }

    /**
     * Parses an absolute {@code http://} or {@code https://} URL.
     *
     * @throws IllegalArgumentException with a message that completes "'URL' …" and names the fix
     */
    static HttpTarget parse(String text) {
        if (!text.contains("://")) {
            throw new IllegalArgumentException(
                    "has no scheme; write an http:// or https:// URL, e.g." + " -p url=http://127.0.0.1:8080/");
        }
        URI uri;
        try {
            uri = new URI(text.strip());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(
                    "is not a URL (" + e.getReason() + "); write e.g. -p url=http://127.0.0.1:8080/");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (scheme.isEmpty()) {
            throw new IllegalArgumentException("has no scheme; write e.g. -p url=http://127.0.0.1:8080/");
        }
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("has scheme '" + scheme + "'; the http workload speaks HTTP/1.1: use an"
                    + " http:// or https:// URL");
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("names no host; write e.g. -p url=" + scheme + "://127.0.0.1:8080/");
        }
        if (uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException("carries user info; send credentials as a header instead, e.g."
                    + " -p 'header=Authorization: Basic …'");
        }
        boolean tls = scheme.equals("https");
        String host = uri.getHost();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int defaultPort = tls ? 443 : 80;
        int port = uri.getPort() < 0 ? defaultPort : uri.getPort();
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String target = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        String hostHeader = uri.getHost() + (port == defaultPort ? "" : ":" + port);
        return new HttpTarget(tls, host, port, target, hostHeader);
    }

    /** {@code host:port}, for messages. */
    String hostPort() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    /** The URL again (scheme, host, port, request target), for messages. */
    String url() {
        return (tls ? "https://" : "http://") + hostPort() + requestTarget;
    }
}
