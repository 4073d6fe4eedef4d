package dev.vbench.workload.http;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads HTTP/1.1 responses, one at a time, from a connection's input into a buffer it owns: nothing is allocated
 * per successful response, and every read is a blocking read of the stream on the calling thread.
 *
 * <p>Responses are framed as RFC 9112 §6.3 says: no body for {@code HEAD}, 1xx, 204 and 304;
 * {@code Transfer-Encoding: chunked}; {@code Content-Length}; otherwise the body ends when the
 * server closes the connection. Interim 1xx responses (100 Continue, 103 Early Hints) are skipped. The body is
 * streamed through the buffer (any size) and summed. Whether the connection may carry the next request
 * ({@link #closes()}): HTTP/1.1 without {@code Connection: close}, or HTTP/1.0 with {@code Connection:
 * keep-alive}, and a body that did not run to the end of the stream. Not thread safe: one response at a time.
 *
 * <pre>{@code
 * parser.start(socket.getInputStream());
 * // write the request
 * if (!parser.awaitFirstBytes()) { ... } // the server closed the connection without answering
 * long tally = parser.read(false);       // status × 2^32 + (Σ body bytes mod 2^32)
 * if (parser.failure() != null) { throw parser.failure(); } // a non-2xx status
 * }</pre>
 */
final class HttpResponseParser {

    /** Response headers must fit; bodies and chunk data stream through it. */
    static final int BUFFER_BYTES = 16_384;

    private static final byte[] CONTENT_LENGTH = ascii("content-length:");
    private static final byte[] TRANSFER_ENCODING = ascii("transfer-encoding:");
    private static final byte[] CONNECTION = ascii("connection:");
    private static final byte[] LOCATION = ascii("location:");
    private static final byte[] CHUNKED = ascii("chunked");
    private static final byte[] CLOSE = ascii("close");
    private static final byte[] KEEP_ALIVE = ascii("keep-alive");

    /** The URL a failure names. */
    private final String url;

    private final byte[] buffer;
    private InputStream in;
    /** Unread response bytes are buffer[pos, lim). */
    private int pos;

    private int lim;
    /** Where the response's bytes are copied as received (verification only; null on the task path). */
    private ByteArrayOutputStream capture;
    /** Whether the last response ended its connection. */
    private boolean closes;
    /** The last response's non-2xx status as a failure, else null. */
    private HttpStatusException failure;

    /** @param url the URL requested, named by {@link #failure()} */
    HttpResponseParser(String url) {
        this(url, BUFFER_BYTES);
    }

    /** With a buffer of {@code bufferBytes}: tests reach its limits with a small one. */
    HttpResponseParser(String url, int bufferBytes) {
        this.url = url;
        this.buffer = new byte[bufferBytes];
    }

    /** Starts a response on {@code in}, before its request is written: what the buffer held is forgotten. */
    void start(InputStream in) {
        this.in = in;
        pos = 0;
        lim = 0;
    }

    /** Waits for the response's first bytes; false when the stream ended before any. */
    boolean awaitFirstBytes() throws IOException {
        return fill();
    }

    /** Copies each response's bytes, as received, to {@code to} from now on; null: no longer. */
    void captureInto(ByteArrayOutputStream to) {
        capture = to;
    }

    /** Whether the last response ended its connection: the server said so, or its body ran to the end of the stream. */
    boolean closes() {
        return closes;
    }

    /** The last response's status as a failure when it was not 2xx (its reason and, for a redirect, where to), else null. */
    HttpStatusException failure() {
        return failure;
    }

    /**
     * Reads the whole response (after {@link #start} and {@link #awaitFirstBytes}).
     *
     * @param head whether the request was {@code HEAD} (its response has no body)
     * @return the status code × 2^32 + the sum of the body's bytes modulo 2^32
     * @throws IOException a malformed response, or the stream ended inside it
     */
    long read(boolean head) throws IOException {
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
        failure = status >= 200 && status < 300 ? null : failure(status, headerEnd);
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
        closes = close;
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
        return new HttpStatusException(status, reason, url, location);
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
                throw new EOFException("the server closed the connection inside the response body (" + (length - left)
                        + " of " + length + " bytes)");
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
        if (b[at] != 'H'
                || b[at + 1] != 'T'
                || b[at + 4] != '/'
                || b[at + 5] != '1'
                || b[at + 8] != ' '
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
}
