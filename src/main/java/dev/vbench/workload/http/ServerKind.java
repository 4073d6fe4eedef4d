package dev.vbench.workload.http;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;

/** The embedded server's own executor ({@code -p server=…}): where each request's handler runs. */
enum ServerKind {

    /** A new virtual thread per request ({@code Executors.newVirtualThreadPerTaskExecutor}). */
    VIRTUAL("virtual") {
        @Override
        ExecutorService executor(int threads) {
            return Executors.newVirtualThreadPerTaskExecutor();
        }
    },
    /** A fixed pool of {@code server-threads} platform threads (daemon, so a forgotten server never blocks exit). */
    FIXED("fixed") {
        @Override
        ExecutorService executor(int threads) {
            ThreadFactory daemons = Thread.ofPlatform()
                    .name("vbench-http-server-", 1)
                    .daemon(true)
                    .factory();
            return Executors.newFixedThreadPool(threads, daemons);
        }
    };

    private final String paramName;

    ServerKind(String paramName) {
        this.paramName = paramName;
    }

    String paramName() {
        return paramName;
    }

    abstract ExecutorService executor(int threads);

    static ServerKind byParamName(String name) {
        for (ServerKind k : values()) {
            if (k.paramName.equals(name)) {
                return k;
            }
        }
        throw new IllegalArgumentException("no server kind " + name);
    }
}
