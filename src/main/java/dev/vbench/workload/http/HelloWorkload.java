package dev.vbench.workload.http;

import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.Params;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Seed 003's "trivial hello world script": one task builds a hello-world HTTP/1.1 response in a
 * fresh byte buffer, as a server does per request, and returns its length. The work is a few
 * hundred nanoseconds, so the measurement is mostly the executor's own cost of starting, running
 * and finishing a request.
 */
public final class HelloWorkload implements WorkloadProvider {

    @Override
    public String name() {
        return "hello";
    }

    @Override
    public String description() {
        return "build a hello-world HTTP/1.1 response in memory: per-request executor cost (seed 003)";
    }

    @Override
    public String notes() {
        return "Source: Lucee on Project Loom, a trivial hello-world script, 1 million requests at 10/100/1,000/10,000"
                + " concurrent requests on 4 cores (83k/79k/39k/10k req/s). Whether those requests crossed a network is"
                + " not recoverable, so vbench has two workloads: 'hello' (this one) builds the complete response in"
                + " memory -- status line, Content-Type, Content-Length, Date (formatted once per second and shared, as"
                + " servers do), Connection: keep-alive, body 'hello world' -- into a new 256-byte buffer and returns"
                + " its length (about 150 bytes); 'http' sends a real GET over loopback. Use --concurrency to"
                + " reproduce the source's concurrency levels and --metric throughput for req/s.";
    }

    @Override
    public List<ParamSpec<?>> params() {
        return List.of();
    }

    @Override
    public Workload create(Params params) {
        HttpDate dates = HttpDate.SHARED;
        Task task = taskIndex -> {
            byte[] response = new byte[HelloResponse.CAPACITY];
            return HelloResponse.write(response, dates.now());
        };
        return new Workload() {
            @Override
            public Task task() {
                return task;
            }

            @Override
            public String verify() {
                byte[] response = new byte[HelloResponse.CAPACITY];
                int length = HelloResponse.write(response, dates.now());
                return check(HttpMessage.parse(response, length), length);
            }
        };
    }

    /** Checks a parsed hello response; returns what was checked. */
    static String check(HttpMessage m, int length) {
        if (m.status() != 200 || !m.reason().equals("OK")) {
            throw new AssertionError("status " + m.status() + " " + m.reason() + ", expected 200 OK");
        }
        if (!m.bodyText().equals("hello world")) {
            throw new AssertionError("body '" + m.bodyText() + "', expected 'hello world'");
        }
        if (!"11".equals(m.header("content-length")) || !"keep-alive".equals(m.header("connection"))) {
            throw new AssertionError("headers " + m.headers());
        }
        Instant date = Instant.from(HttpDate.IMF_FIXDATE.parse(m.header("date")));
        if (Duration.between(date, Instant.now()).abs().toSeconds() > 5) {
            throw new AssertionError("Date header " + m.header("date") + " is not the current time");
        }
        return "parsed a " + length + "-byte HTTP/1.1 200 response: Content-Length 11, Date " + m.header("date")
                + ", body 'hello world'";
    }
}
