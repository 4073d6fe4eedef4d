package dev.vbench.workload.http;

import java.io.IOException;

/**
 * A complete response whose status is not 2xx: the task failed, and the status and the URL are what its
 * failure sample says ({@code HTTP 404 Not Found at http://127.0.0.1:8080/nope}; for a redirect also the
 * {@code Location}, which vbench does not follow). The connection stays usable: the body was read. No stack trace is taken.
 */
final class HttpStatusException extends IOException {

    private static final long serialVersionUID = 1L;

    private final int status;

    HttpStatusException(int status, String reason, String url, String location) {
        super(
                "HTTP " + status + (reason.isEmpty() ? "" : " " + reason) + " at " + url
                        + (location == null ? "" : ", Location: " + location + " (redirects are not followed)"),
                null);
        this.status = status;
    }

    /** The response status code. */
    int status() {
        return status;
    }

    @Override
    public Throwable fillInStackTrace() {
        return this;
    }
}
