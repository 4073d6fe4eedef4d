package dev.vbench.engine;

import dev.vbench.result.TrialResult;
import dev.vbench.spi.Redactor;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Failed tasks of one trial: a count, and the first {@link TrialResult#MAX_FAILURE_SAMPLES} distinct causes
 * (exception class and message) with how many tasks failed with each. Only the failure path touches it, so the
 * successful task path stays lock-free; a repeated cause costs a few compares and an atomic add, no allocation.
 */
final class FailureLog {

    private final AtomicInteger count = new AtomicInteger();
    private final AtomicReferenceArray<Class<?>> types = new AtomicReferenceArray<>(TrialResult.MAX_FAILURE_SAMPLES);
    private final AtomicReferenceArray<String> messages = new AtomicReferenceArray<>(TrialResult.MAX_FAILURE_SAMPLES);
    private final AtomicReferenceArray<String> samples = new AtomicReferenceArray<>(TrialResult.MAX_FAILURE_SAMPLES);
    private final AtomicLongArray counts = new AtomicLongArray(TrialResult.MAX_FAILURE_SAMPLES);
    /** Slots claimed: a slot's type is set before its message, and a reader waits for both. */
    private final AtomicReferenceArray<Throwable> claims = new AtomicReferenceArray<>(TrialResult.MAX_FAILURE_SAMPLES);

    void record(Throwable t) {
        count.getAndIncrement();
        String message = message(t);
        for (int i = 0; i < TrialResult.MAX_FAILURE_SAMPLES; i++) {
            if (claims.get(i) == null && claims.compareAndSet(i, null, t)) {
                messages.set(i, message == null ? "" : message);
                types.set(i, t.getClass());
                // a message may quote a URL with a password
                samples.set(i, t.getClass().getName() + (message == null ? "" : ": " + Redactor.redact(message)));
                counts.incrementAndGet(i);
                return;
            }
            if (sameCause(i, t, message)) {
                counts.incrementAndGet(i);
                return;
            }
        }
        // more distinct causes than kept: in the count only
    }

    /** The failure's message; null when it has none, or when asking for it throws (the failure is counted by its class). */
    static String message(Throwable t) {
        try {
            return t.getMessage();
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            return null;
        }
    }

    /** Whether slot {@code i} holds the cause of {@code t}; waits out the moment between a claim and its fields. */
    private boolean sameCause(int i, Throwable t, String message) {
        Class<?> type;
        while ((type = types.get(i)) == null) {
            Thread.onSpinWait();
        }
        return type == t.getClass() && Objects.equals(messages.get(i), message == null ? "" : message);
    }

    int count() {
        return count.get();
    }

    /** The distinct causes, first seen first. */
    List<String> samples() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < samples.length() && samples.get(i) != null; i++) {
            out.add(samples.get(i));
        }
        return out;
    }

    /** How many tasks failed with each of {@link #samples()}, in its order. */
    List<Long> sampleCounts() {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < samples.length() && samples.get(i) != null; i++) {
            out.add(counts.get(i));
        }
        return out;
    }
}
