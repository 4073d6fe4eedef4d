package dev.vbench.profile;

import dev.vbench.result.Profile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Sample counts per collapsed stack, summed over trials (and forks); becomes a {@link Profile}. Not
 * thread-safe: one sampler thread, or the engine thread after a trial, adds to it.
 *
 * <pre>{@code
 * CollapsedStacks s = new CollapsedStacks();
 * s.add("com.acme.Work.run;com.acme.Work.hash", 3);
 * Profile p = s.toProfile("cpu", "jfr", 10_000_000, "task threads", List.of());
 * }</pre>
 */
public final class CollapsedStacks {

    private final Map<String, long[]> counts = new HashMap<>();
    private long total;

    /** Adds {@code samples} to {@code stack} (frames root first, joined by {@code ;}). */
    public void add(String stack, long samples) {
        if (samples <= 0 || stack.isEmpty()) {
            return;
        }
        counts.computeIfAbsent(stack, k -> new long[1])[0] += samples;
        total += samples;
    }

    /** Adds every stack of {@code profile} (all of them, when it holds all). */
    public void addAll(Profile profile) {
        for (Profile.ProfileStack s : profile.stacks()) {
            add(s.frames(), s.samples());
        }
        long kept = profile.stacks().stream()
                .mapToLong(Profile.ProfileStack::samples)
                .sum();
        total += Math.max(0, profile.totalSamples() - kept); // samples of stacks a bounded profile left out
    }

    public long total() {
        return total;
    }

    public boolean isEmpty() {
        return total == 0;
    }

    /** Every stack, heaviest first (ties by name, so the order is the same in every run). */
    public List<Profile.ProfileStack> stacks() {
        List<Profile.ProfileStack> out = new ArrayList<>(counts.size());
        counts.forEach((k, v) -> out.add(new Profile.ProfileStack(k, v[0])));
        out.sort(Comparator.comparingLong(Profile.ProfileStack::samples)
                .reversed()
                .thenComparing(Profile.ProfileStack::frames));
        return out;
    }

    /** A profile with every stack (a result keeps {@link Profile#MAX_STACKS} of them: {@link Profile#bounded()}). */
    public Profile toProfile(
            String event, String profiler, long intervalNanos, String threads, Profile slowTail, List<String> notes) {
        return new Profile(event, profiler, intervalNanos, threads, total, stacks(), slowTail, notes);
    }
}
