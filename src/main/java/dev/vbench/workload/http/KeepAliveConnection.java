package dev.vbench.workload.http;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One persistent HTTP/1.1 client connection over a plain blocking {@link Socket}: write the
 * request, read the response into a buffer the connection owns, parse the status and
 * {@code Content-Length}. Nothing is allocated per request, and every read is a real blocking
 * socket read on the calling thread (a virtual thread parks in it and frees its carrier).
 *
 * <p>A reused connection that fails before any response byte arrives was closed by the server while
 * idle; it is reopened and the (idempotent) GET is sent once more, as HTTP clients do. Not thread
 * safe: one task at a time, which the pool guarantees.
 *
 * <pre>{@code
 * try (KeepAliveConnection c = new KeepAliveConnection(address, "/hello")) {
 *     long tally = c.get(); // status × 2^32 + Σ body bytes
 * }
 * }</pre>
 */
final class KeepAliveConnection implements AutoCloseable {

    static final int CONNECT_TIMEOUT_MILLIS = 2_000;
    /** A response that takes longer than this is a failure, not a hang. */
    static final int READ_TIMEOUT_MILLIS = 30_000;
    static final int BUFFER_BYTES = 4_096;

    private static final byte[] CONTENT_LENGTH = "content-length:".getBytes(StandardCharsets.US_ASCII);

    private final InetSocketAddress address;
    private final byte[] request;
    private final byte[] buffer = new byte[BUFFER_BYTES];
    private int lastLength;
    private Socket socket;
    private InputStream in;
    private OutputStream out;
    private boolean reused;

    KeepAliveConnection(InetSocketAddress address, String path) throws IOException {
        this.address = address;
        this.request = ("GET " + path + " HTTP/1.1\r\nHost: " + address.getHostString() + ":" + address.getPort()
                + "\r\nUser-Agent: vbench\r\nAccept: */*\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        connect();
    }

    private void connect() throws IOException {
        close();
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.connect(address, CONNECT_TIMEOUT_MILLIS);
            s.setSoTimeout(READ_TIMEOUT_MILLIS);
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
     * Sends one GET and reads the whole response.
     *
     * @return the status code × 2^32 + the sum of the body's bytes
     */
    long get() throws IOException {
        if (socket == null) {
            connect();
        }
        try {
            return exchange();
        } catch (StaleConnection e) {
            if (!e.reused) {
                throw new IOException("the server closed a new connection without answering: " + e.getCause(), e);
            }
            connect();
            return exchange();
        } catch (IOException e) {
            close();
            throw e;
        }
    }

    private long exchange() throws IOException {
        boolean wasReused = reused;
        int filled = 0;
        int headerEnd = -1;
        try {
            out.write(request);
            while (headerEnd < 0) {
                if (filled == buffer.length) {
                    throw new IOException("response headers longer than " + buffer.length + " bytes");
                }
                int n = in.read(buffer, filled, buffer.length - filled);
                if (n < 0) {
                    throw new EOFException("the server closed the connection");
                }
                int from = Math.max(0, filled - 3);
                filled += n;
                headerEnd = indexOfBlankLine(buffer, from, filled);
            }
        } catch (IOException e) {
            if (filled == 0) {
                close();
                throw new StaleConnection(wasReused, e);
            }
            throw e;
        }
        int bodyStart = headerEnd + 4;
        int total = bodyStart + contentLength(buffer, headerEnd);
        if (total > buffer.length) {
            throw new IOException("response of " + total + " bytes is longer than the " + buffer.length + "-byte buffer");
        }
        while (filled < total) {
            int n = in.read(buffer, filled, total - filled);
            if (n < 0) {
                throw new EOFException("the server closed the connection inside the response body");
            }
            filled += n;
        }
        reused = true;
        lastLength = total;
        long sum = 0;
        for (int i = bodyStart; i < total; i++) {
            sum += buffer[i];
        }
        return ((long) status(buffer) << 32) | sum;
    }

    /** The bytes of the last complete response (for verification). */
    byte[] lastResponse() {
        return Arrays.copyOf(buffer, lastLength);
    }

    /** Index of the CR of the first CR LF CR LF in buffer[from, to), or -1. */
    static int indexOfBlankLine(byte[] b, int from, int to) {
        for (int i = from; i + 3 < to; i++) {
            if (b[i] == '\r' && b[i + 1] == '\n' && b[i + 2] == '\r' && b[i + 3] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** The three digits after "HTTP/1.1 ". */
    static int status(byte[] b) throws IOException {
        if (b[0] != 'H' || b[8] != ' ' || (b[12] != ' ' && b[12] != '\r')) {
            throw new IOException("malformed status line");
        }
        return (b[9] - '0') * 100 + (b[10] - '0') * 10 + (b[11] - '0');
    }

    /** Value of the Content-Length header within buffer[0, headerEnd). */
    static int contentLength(byte[] b, int headerEnd) throws IOException {
        for (int line = 0; line < headerEnd; ) {
            int next = line;
            while (next < headerEnd && b[next] != '\r') {
                next++;
            }
            if (startsWithIgnoreCase(b, line, next, CONTENT_LENGTH)) {
                int value = 0;
                for (int i = line + CONTENT_LENGTH.length; i < next; i++) {
                    if (b[i] >= '0' && b[i] <= '9') {
                        value = value * 10 + (b[i] - '0');
                    } else if (b[i] != ' ') {
                        throw new IOException("malformed Content-Length");
                    }
                }
                return value;
            }
            line = next + 2;
        }
        throw new IOException("response without Content-Length (chunked responses are not supported)");
    }

    private static boolean startsWithIgnoreCase(byte[] b, int from, int to, byte[] lowerPrefix) {
        if (to - from < lowerPrefix.length) {
            return false;
        }
        for (int i = 0; i < lowerPrefix.length; i++) {
            int c = b[from + i];
            if (c >= 'A' && c <= 'Z') {
                c += 'a' - 'A';
            }
            if (c != lowerPrefix[i]) {
                return false;
            }
        }
        return true;
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
