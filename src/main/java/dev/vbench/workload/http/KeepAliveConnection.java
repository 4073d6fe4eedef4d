package dev.vbench.workload.http;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * One persistent HTTP/1.1 client connection over a plain blocking {@link Socket} (or the JDK's
 * {@link SSLSocket} over it for {@code https}): write the prepared request, read the response into
 * a buffer the connection owns. Nothing is allocated per successful request, and every read is a
 * real blocking socket read on the calling thread (a virtual thread parks in it and frees its
 * carrier).
 *
 * <p>Responses are framed as RFC 9112 §6.3 says: no body for {@code HEAD}, 1xx, 204 and 304;
 * {@code Transfer-Encoding: chunked}; {@code Content-Length}; otherwise the body ends when the
 * server closes the connection. The body is streamed through the buffer (any size) and summed.
 *
 * <p>Connection reuse: after a response the connection is kept when the server allows it
 * (HTTP/1.1 without {@code Connection: close}, or HTTP/1.0 with {@code Connection: keep-alive});
 * otherwise it is closed and the next request connects again, inside that request's latency
 * ({@link #serverCloses()} reports it). A reused connection that fails before any response byte
 * arrives was closed by the server while idle; it is reopened and the request sent once more, as
 * HTTP clients do. Redirects are not followed. Not thread safe: one task at a time, which the pool
 * guarantees.
 *
 * <pre>{@code
 * try (KeepAliveConnection c = new KeepAliveConnection(target, address, request, false, null)) {
 *     long tally = c.get(); // status × 2^32 + (Σ body bytes mod 2^32); non-2xx throws HttpStatusException
 * }
 * }</pre>
 */
final class KeepAliveConnection implements AutoCloseable {

    static final int CONNECT_TIMEOUT_MILLIS = 2_000;
    /** A response that takes longer than this is a failure, not a hang. */
    static final int READ_TIMEOUT_MILLIS = 30_000;
    /** Response headers must fit; bodies and chunk data stream through it. */
    static final int BUFFER_BYTES = 16_384;

    private static final byte[] CONTENT_LENGTH = ascii("content-length:");
    private static final byte[] TRANSFER_ENCODING = ascii("transfer-encoding:");
    private static final byte[] CONNECTION = ascii("connection:");
    private static final byte[] LOCATION = ascii("location:");
    private static final byte[] CHUNKED = ascii("chunked");
    private static final byte[] CLOSE = ascii("close");
    private static final byte[] KEEP_ALIVE = ascii("keep-alive");

    private final HttpTarget target;
    private final InetSocketAddress address;
    private final byte[] request;
    private final boolean head;
    private final SSLSocketFactory tls;
    private final byte[] buffer = new byte[BUFFER_BYTES];
    /** Unread response bytes are buffer[pos, lim). */
    private int pos;
    private int lim;
    private Socket socket;
    private InputStream in;
    private OutputStream out;
    private boolean reused;
    /** Set once the server ended a connection after a response; read between trials only. */
    private boolean serverCloses;
    /** Where {@link #exchange} copies the response in verification (null on the task path). */
    private ByteArrayOutputStream capture;

    /**
     * Opens the connection.
     *
     * @param target the server (its host is used for TLS server name and certificate checks)
     * @param address the resolved address to connect to
     * @param request the complete request bytes, sent as they are for every task
     * @param head whether the request is {@code HEAD} (its response has no body)
     * @param tls the socket factory for {@code https}; null for {@code http}
     */
    KeepAliveConnection(HttpTarget target, InetSocketAddress address, byte[] request, boolean head,
            SSLSocketFactory tls) throws IOException {
        this.target = target;
        this.address = address;
        this.request = request;
        this.head = head;
        this.tls = tls;
        connect();
    }

    /** A plain {@code GET path} to a loopback address (the embedded server, tests). */
    KeepAliveConnection(InetSocketAddress address, String path) throws IOException {
        this(HttpTarget.loopback(address, path), address,
                HttpRequests.build("GET", HttpTarget.loopback(address, path), java.util.List.of(), new byte[0]), false,
                null);
    }

    private void connect() throws IOException {
        close();
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.connect(address, CONNECT_TIMEOUT_MILLIS);
            s.setSoTimeout(READ_TIMEOUT_MILLIS);
            if (tls != null) {
                SSLSocket ssl = (SSLSocket) tls.createSocket(s, target.host(), target.port(), true);
                SSLParameters parameters = ssl.getSSLParameters();
                parameters.setEndpointIdentificationAlgorithm("HTTPS");
                ssl.setSSLParameters(parameters);
                ssl.startHandshake();
                s = ssl;
            }
            in = s.getInputStream();
            out = s.getOutputStream();
        } catch (IOException e) {
            s.close();
            throw e;
        }
        socket = s;
        reused = false;
    }

    /**
     * Sends the request and reads the whole response.
     *
     * @return the status code × 2^32 + the sum of the body's bytes modulo 2^32
     * @throws HttpStatusException for a complete response whose status is not 2xx
     */
    long get() throws IOException {
        if (socket == null) {
            connect();
        }
        try {
            try {
                return exchange();
            } catch (StaleConnection e) {
                if (!e.reused) {
                    throw new IOException("the server closed a new connection without answering: " + e.getCause(), e);
                }
                connect();
                return exchange();
            }
        } catch (HttpStatusException e) {
            throw e;
        } catch (IOException e) {
            close();
            throw e;
        }
    }

    /** {@link #get()} that also returns the response's bytes as received (for verification only). */
    byte[] getCapturing() throws IOException {
        capture = new ByteArrayOutputStream();
        try {
            get();
            return capture.toByteArray();
        } catch (HttpStatusException e) {
            return capture.toByteArray();
        } finally {
            capture = null;
        }
    }

    /** Whether the server ended a connection after a response since this connection was opened. */
    boolean serverCloses() {
        return serverCloses;
    }

    private long exchange() throws IOException {
        boolean wasReused = reused;
        pos = 0;
        lim = 0;
        try {
            out.write(request);
            out.flush();
            if (!fill()) {
                throw new EOFException("the server closed the connection");
            }
        } catch (IOException e) {
            close();
            throw new StaleConnection(wasReused, e);
        }
        int headerEnd;
        int status;
        do {
            headerEnd = headerEnd();
            if (headerEnd - pos < 12) {
                throw new IOException("malformed status line (not an HTTP/1.x server?)");
            }
            status = status(buffer, pos);
            if (status >= 100 && status < 200 && status != 101) {
                copyToCapture(pos, headerEnd + 4);
                pos = headerEnd + 4; // an interim response (100 Continue, 103 Early Hints): the real one follows
                continue;
            }
            break;
        } while (true);
        boolean http11 = buffer[pos + 7] == '1';
        long contentLength = -1;
        boolean chunked = false;
        boolean close = !http11;
        for (int line = lineAfter(pos, headerEnd); line < headerEnd; line = lineAfter(line, headerEnd)) {
            int end = lineEnd(line, headerEnd);
            if (startsWithIgnoreCase(line, end, CONTENT_LENGTH)) {
                contentLength = decimal(line + CONTENT_LENGTH.length, end);
            } else if (startsWithIgnoreCase(line, end, TRANSFER_ENCODING)) {
                chunked = containsIgnoreCase(line + TRANSFER_ENCODING.length, end, CHUNKED);
            } else if (startsWithIgnoreCase(line, end, CONNECTION)) {
                if (containsIgnoreCase(line + CONNECTION.length, end, CLOSE)) {
                    close = true;
                } else if (containsIgnoreCase(line + CONNECTION.length, end, KEEP_ALIVE)) {
                    close = false;
                }
            }
        }
        HttpStatusException failure = status >= 200 && status < 300 ? null : failure(status, headerEnd);
        copyToCapture(pos, headerEnd + 4);
        pos = headerEnd + 4;
        long sum;
        if (head || status == 204 || status == 304) {
            sum = 0;
        } else if (chunked) {
            sum = readChunked();
        } else if (contentLength >= 0) {
            sum = readFixed(contentLength);
        } else {
            sum = readToEnd();
            close = true;
        }
        if (close) {
            serverCloses = true;
            close();
        } else {
            reused = true;
        }
        if (failure != null) {
            throw failure;
        }
        return ((long) status << 32) | (sum & 0xFFFF_FFFFL);
    }

    /** The failure for a non-2xx status (failure path only: it allocates). */
    private HttpStatusException failure(int status, int headerEnd) {
        int statusLineEnd = lineEnd(pos, headerEnd);
        String reason = statusLineEnd > pos + 13 ? text(pos + 13, statusLineEnd) : "";
        String location = null;
        if (status >= 300 && status < 400) {
            for (int line = lineAfter(pos, headerEnd); line < headerEnd; line = lineAfter(line, headerEnd)) {
                int end = lineEnd(line, headerEnd);
                if (startsWithIgnoreCase(line, end, LOCATION)) {
                    location = text(line + LOCATION.length, end).strip();
                }
            }
        }
        return new HttpStatusException(status, reason, target.url(), location);
    }

    /** Index of the CR of the blank line ending the headers at pos, reading until it is in the buffer. */
    private int headerEnd() throws IOException {
        int from = pos;
        while (true) {
            int end = indexOfBlankLine(buffer, from, lim);
            if (end >= 0) {
                return end;
            }
            from = Math.max(pos, lim - 3);
            if (lim == buffer.length && pos == 0) {
                throw new IOException("response headers longer than " + buffer.length + " bytes");
            }
            int before = pos;
            if (!fill()) {
                throw new EOFException("the server closed the connection inside the response headers");
            }
            from -= before - pos; // fill may have moved the unread bytes to the front
        }
    }

    /**
     * Reads more bytes after buffer[lim), first moving the unread bytes to the front when the
     * buffer is full. Returns false at end of stream.
     */
    private boolean fill() throws IOException {
        if (pos == lim) {
            pos = 0;
            lim = 0;
        } else if (lim == buffer.length && pos > 0) {
            System.arraycopy(buffer, pos, buffer, 0, lim - pos);
            lim -= pos;
            pos = 0;
        }
        int n = in.read(buffer, lim, buffer.length - lim);
        if (n < 0) {
            return false;
        }
        lim += n;
        return true;
    }

    private long readFixed(long length) throws IOException {
        long sum = 0;
        long left = length;
        while (left > 0) {
            if (pos == lim && !fill()) {
                throw new EOFException("the server closed the connection inside the response body ("
                        + (length - left) + " of " + length + " bytes)");
            }
            int take = (int) Math.min(left, lim - pos);
            sum += sum(pos, pos + take);
            copyToCapture(pos, pos + take);
            pos += take;
            left -= take;
        }
        return sum;
    }

    private long readToEnd() throws IOException {
        long sum = 0;
        while (pos < lim || fill()) {
            sum += sum(pos, lim);
            copyToCapture(pos, lim);
            pos = lim;
        }
        return sum;
    }

    /** Chunk-size lines (extensions ignored), chunk data, the last chunk and any trailer lines. */
    private long readChunked() throws IOException {
        long sum = 0;
        while (true) {
            int end = crlf();
            long size = 0;
            int digits = 0;
            for (int i = pos; i < end && buffer[i] != ';' && buffer[i] != ' ' && buffer[i] != '\t'; i++) {
                int d = Character.digit(buffer[i], 16);
                if (d < 0 || ++digits > 15) {
                    throw new IOException("malformed chunk size in a chunked response");
                }
                size = size * 16 + d;
            }
            if (digits == 0) {
                throw new IOException("malformed chunk size in a chunked response");
            }
            pos = end + 2;
            if (size == 0) {
                while (true) { // trailer fields, then the empty line
                    int trailerEnd = crlf();
                    boolean empty = trailerEnd == pos;
                    pos = trailerEnd + 2;
                    if (empty) {
                        return sum;
                    }
                }
            }
            sum += readFixed(size);
            int after = crlf();
            if (after != pos) {
                throw new IOException("chunk data longer than its size in a chunked response");
            }
            pos = after + 2;
        }
    }

    /** Index of the next CR LF at or after pos, reading until it is in the buffer. */
    private int crlf() throws IOException {
        int from = pos;
        while (true) {
            for (int i = from; i + 1 < lim; i++) {
                if (buffer[i] == '\r' && buffer[i + 1] == '\n') {
                    return i;
                }
            }
            if (lim == buffer.length && pos == 0) {
                throw new IOException("a line of the chunked response is longer than " + buffer.length + " bytes");
            }
            int before = pos;
            from = Math.max(pos, lim - 1);
            if (!fill()) {
                throw new EOFException("the server closed the connection inside a chunked response");
            }
            from -= before - pos;
        }
    }

    private void copyToCapture(int from, int to) {
        if (capture != null) {
            capture.write(buffer, from, to - from);
        }
    }

    private long sum(int from, int to) {
        long sum = 0;
        for (int i = from; i < to; i++) {
            sum += buffer[i];
        }
        return sum;
    }

    private int lineEnd(int from, int headerEnd) {
        int i = from;
        while (i < headerEnd && buffer[i] != '\r') {
            i++;
        }
        return i;
    }

    private int lineAfter(int from, int headerEnd) {
        return Math.min(headerEnd, lineEnd(from, headerEnd) + 2);
    }

    private long decimal(int from, int to) throws IOException {
        long value = 0;
        int digits = 0;
        for (int i = from; i < to; i++) {
            byte b = buffer[i];
            if (b >= '0' && b <= '9') {
                if (++digits > 18) {
                    throw new IOException("Content-Length too large");
                }
                value = value * 10 + (b - '0');
            } else if (b != ' ' && b != '\t') {
                throw new IOException("malformed Content-Length");
            }
        }
        if (digits == 0) {
            throw new IOException("malformed Content-Length");
        }
        return value;
    }

    private String text(int from, int to) {
        return new String(buffer, from, to - from, StandardCharsets.ISO_8859_1);
    }

    /** Index of the CR of the first CR LF CR LF in b[from, to), or -1. */
    static int indexOfBlankLine(byte[] b, int from, int to) {
        for (int i = from; i + 3 < to; i++) {
            if (b[i] == '\r' && b[i + 1] == '\n' && b[i + 2] == '\r' && b[i + 3] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** The three digits after "HTTP/1.x " at {@code at}. */
    static int status(byte[] b, int at) throws IOException {
        if (b[at] != 'H' || b[at + 1] != 'T' || b[at + 4] != '/' || b[at + 5] != '1' || b[at + 8] != ' '
                || (b[at + 12] != ' ' && b[at + 12] != '\r')) {
            throw new IOException("malformed status line (not an HTTP/1.x server?)");
        }
        int status = 0;
        for (int i = at + 9; i < at + 12; i++) {
            if (b[i] < '0' || b[i] > '9') {
                throw new IOException("malformed status code");
            }
            status = status * 10 + (b[i] - '0');
        }
        return status;
    }

    private boolean startsWithIgnoreCase(int from, int to, byte[] lowerPrefix) {
        if (to - from < lowerPrefix.length) {
            return false;
        }
        for (int i = 0; i < lowerPrefix.length; i++) {
            if (lower(buffer[from + i]) != lowerPrefix[i]) {
                return false;
            }
        }
        return true;
    }

    private boolean containsIgnoreCase(int from, int to, byte[] lowerWord) {
        for (int i = from; i + lowerWord.length <= to; i++) {
            int j = 0;
            while (j < lowerWord.length && lower(buffer[i + j]) == lowerWord[j]) {
                j++;
            }
            if (j == lowerWord.length) {
                return true;
            }
        }
        return false;
    }

    private static int lower(byte b) {
        return b >= 'A' && b <= 'Z' ? b + ('a' - 'A') : b;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public void close() throws IOException {
        Socket s = socket;
        socket = null;
        if (s != null) {
            s.close();
        }
    }

    /** No response byte arrived: on a reused connection the server closed it while idle. */
    private static final class StaleConnection extends IOException {
        private static final long serialVersionUID = 1L;
        final boolean reused;

        StaleConnection(boolean reused, IOException cause) {
            super(cause);
            this.reused = reused;
        }
    }
}
