package dev.vbench.workload.http;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * One persistent HTTP/1.1 client connection over a plain blocking {@link Socket} (or the JDK's
 * {@link SSLSocket} over it for {@code https}): write the prepared request, read the response with the
 * connection's own {@link HttpResponseParser} (framing, status, the body's sum). Nothing is allocated per
 * successful request, and every read is a real blocking socket read on the calling thread (a virtual thread
 * parks in it and frees its carrier).
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

    private final HttpTarget target;
    private final InetSocketAddress address;
    private final byte[] request;
    private final boolean head;
    private final SSLSocketFactory tls;
    private final HttpResponseParser response;
    private Socket socket;
    private InputStream in;
    private OutputStream out;
    private boolean reused;
    /** Set once the server ended a connection after a response; read between trials only. */
    private boolean serverCloses;

    /**
     * Opens the connection.
     *
     * @param target the server (its host is used for TLS server name and certificate checks)
     * @param address the resolved address to connect to
     * @param request the complete request bytes, sent as they are for every task
     * @param head whether the request is {@code HEAD} (its response has no body)
     * @param tls the socket factory for {@code https}; null for {@code http}
     */
    KeepAliveConnection(
            HttpTarget target, InetSocketAddress address, byte[] request, boolean head, SSLSocketFactory tls)
            throws IOException {
        this.target = target;
        this.address = address;
        this.request = request;
        this.head = head;
        this.tls = tls;
        this.response = new HttpResponseParser(target.url());
        connect();
    }

    /** A plain {@code GET path} to a loopback address (the embedded server, tests). */
    KeepAliveConnection(InetSocketAddress address, String path) throws IOException {
        this(
                HttpTarget.loopback(address, path),
                address,
                HttpRequests.build("GET", HttpTarget.loopback(address, path), List.of(), new byte[0]),
                false,
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
        ByteArrayOutputStream capture = new ByteArrayOutputStream();
        response.captureInto(capture);
        try {
            get();
            return capture.toByteArray();
        } catch (HttpStatusException e) {
            return capture.toByteArray();
        } finally {
            response.captureInto(null);
        }
    }

    /** Whether the server ended a connection after a response since this connection was opened. */
    boolean serverCloses() {
        return serverCloses;
    }

    private long exchange() throws IOException {
        boolean wasReused = reused;
        response.start(in);
        try {
            out.write(request);
            out.flush();
            if (!response.awaitFirstBytes()) {
                throw new EOFException("the server closed the connection");
            }
        } catch (IOException e) {
            close();
            throw new StaleConnection(wasReused, e);
        }
        long tally = response.read(head);
        if (response.closes()) {
            serverCloses = true;
            close();
        } else {
            reused = true;
        }
        HttpStatusException failure = response.failure();
        if (failure != null) {
            throw failure;
        }
        return tally;
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
