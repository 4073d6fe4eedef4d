package dev.vbench.result;

import java.util.List;

/**
 * Where virtual threads pinned their carrier during a trial: one distinct stack of JFR
 * {@code jdk.VirtualThreadPinned} events, its top frames below the JDK's park machinery.
 *
 * @param events pinned parks with this stack
 * @param totalNanos time those parks kept the carrier pinned, summed
 * @param reason the JDK's pinned reason (JDK 24+, e.g. {@code Native or VM frame on stack}), or empty
 * @param frames top frames, innermost first, as {@code class.method(line)}
 */
public record PinnedStack(long events, long totalNanos, String reason, List<String> frames) {

    public PinnedStack {
        reason = reason == null ? "" : reason;
        frames = frames == null ? List.of() : List.copyOf(frames);
    }
}
