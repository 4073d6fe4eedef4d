package dev.vbench.engine;

import dev.vbench.result.TrialResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Failed tasks of one trial: a count and the first {@link TrialResult#MAX_FAILURE_SAMPLES}
 * descriptions. Only the failure path touches it, so the successful task path stays lock-free.
 */
final class FailureLog {

    private final AtomicInteger count = new AtomicInteger();
    private final AtomicReferenceArray<String> samples = new AtomicReferenceArray<>(TrialResult.MAX_FAILURE_SAMPLES);

    void record(Throwable t) {
        int n = count.getAndIncrement();
        if (n < TrialResult.MAX_FAILURE_SAMPLES) {
            // failure path only (never on a successful task): a message may quote a URL with a password
            String message = message(t);
            samples.set(n, t.getClass().getName() + (message == null ? "" : ": " + dev.vbench.spi.Redactor.redact(message)));
        }
    }

    /** The failure's message; null when it has none, or when asking for it throws (the failure is counted by its class). */
    static String message(Throwable t) {
        try {
            return t.getMessage();
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            return null;
        }
    }

    int count() {
        return count.get();
    }

    List<String> samples() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < samples.length(); i++) {
            if (samples.get(i) != null) {
                out.add(samples.get(i));
            }
        }
        return out;
    }
}
