package dev.vbench.profile;

import dev.vbench.result.Profile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Sums the profiles of one cell's forks into one profile per event: stacks added, the slow tails added,
 * each note once. The profiler named is the first fork's (each fork opens its own; a fork that fell back
 * to JFR says so in the notes it adds).
 *
 * <pre>{@code
 * List<Profile> cell = ProfileMerge.merge(List.of(fork1.profiles(), fork2.profiles()));
 * }</pre>
 */
public final class ProfileMerge {

    private ProfileMerge() {}

    public static List<Profile> merge(List<List<Profile>> perFork) {
        Map<String, List<Profile>> byEvent = new LinkedHashMap<>();
        for (List<Profile> fork : perFork) {
            for (Profile p : fork) {
                byEvent.computeIfAbsent(p.event(), e -> new ArrayList<>()).add(p);
            }
        }
        List<Profile> out = new ArrayList<>();
        byEvent.values().forEach(list -> out.add(sum(list)));
        return out;
    }

    /** The sum of one event's profiles. */
    static Profile sum(List<Profile> profiles) {
        if (profiles.size() == 1) {
            return profiles.get(0);
        }
        Profile first = profiles.get(0);
        CollapsedStacks stacks = new CollapsedStacks();
        CollapsedStacks tail = new CollapsedStacks();
        LinkedHashSet<String> notes = new LinkedHashSet<>();
        Profile firstTail = null;
        for (Profile p : profiles) {
            stacks.addAll(p);
            if (p.slowTail() != null) {
                tail.addAll(p.slowTail());
                firstTail = firstTail == null ? p.slowTail() : firstTail;
            }
            if (!p.profiler().equals(first.profiler())) {
                notes.add("a fork's profiler was " + p.profiler());
            }
            notes.addAll(p.notes());
        }
        Profile slow = firstTail == null
                ? null
                : tail.toProfile(
                        firstTail.event(),
                        firstTail.profiler(),
                        firstTail.intervalNanos(),
                        firstTail.threads(),
                        null,
                        firstTail.notes());
        return stacks.toProfile(
                first.event(), first.profiler(), first.intervalNanos(), first.threads(), slow, new ArrayList<>(notes));
    }
}
