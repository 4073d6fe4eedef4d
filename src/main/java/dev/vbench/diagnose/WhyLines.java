package dev.vbench.diagnose;

import dev.vbench.result.Profile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The Why of a significant difference, in plain words with figures: per event both cells were
 * profiled for, the frames whose share of samples changed most, e.g.
 * {@code virtual: 41% of tasks samples blocked on monitor in com.acme.Store.put, fixed:threads=8: 3%};
 * what the slowest 1% of tasks did differently ({@link Profile#slowTail()}); then the telemetry
 * diagnosis ({@link Diagnosis}). Each sample is attributed to its deepest frame that is not an
 * internal ({@link Frames}), with the task's state or the contended monitor when the stack names one;
 * a JDK frame is named with the user frame that called it. Samples outside tasks and stacks of
 * internals only are folded away (they still count in the totals).
 *
 * <pre>{@code
 * List<WhyLines.Explanation> why = WhyLines.of(ComparedPairs.of(cellComparison, cpus));
 * }</pre>
 */
public final class WhyLines {

    /** Most frames named per event and pair. */
    public static final int MAX_FRAMES = 5;

    /** Most lines per slow-tail comparison. */
    public static final int MAX_SLOW_TAIL = 3;

    /** A frame is named only when its share changed by at least this much (1 percentage point). */
    public static final double MIN_CHANGE = 0.01;

    /** A slow-tail line needs a larger change (5 points): the slowest 1% has far fewer samples. */
    public static final double MIN_SLOW_TAIL_CHANGE = 0.05;

    /**
     * When no frame of an event changed by {@link #MIN_CHANGE}, the place that holds at least this
     * share (25%) on both sides is named once as what the two have in common.
     */
    public static final double COMMON_SHARE = 0.25;

    private WhyLines() {}

    /**
     * The Why of one pair.
     *
     * @param pair the two cells and the table's change
     * @param lines what the profiles and the telemetry say, one line each; empty when they say nothing
     */
    public record Explanation(ComparedPair pair, List<String> lines) {
        public Explanation {
            lines = List.copyOf(lines);
        }
    }

    /**
     * The explanations of the pairs that have something to say, in the pairs' order: a significant pair's
     * Why ({@link #of(ComparedPair)}); for a pair within variance whose cells were both profiled, only the place
     * both spend at least {@link #COMMON_SHARE} of their samples in ({@link #common}), which is often why
     * they do not differ (two executors behind one monitor).
     */
    public static List<Explanation> of(List<ComparedPair> pairs) {
        List<Explanation> out = new ArrayList<>();
        for (ComparedPair p : pairs) {
            Explanation e =
                    p.significant() ? of(p) : p.change() != null && !p.change().shedLoad() ? common(p) : null;
            if (e != null && !e.lines().isEmpty()) {
                out.add(e);
            }
        }
        return out;
    }

    /** Per event both cells were profiled for, the place both spend at least {@link #COMMON_SHARE} of their samples in. */
    public static Explanation common(ComparedPair pair) {
        List<String> lines = new ArrayList<>();
        for (String event : pair.commonEvents()) {
            lines.addAll(profileLines(
                    pair.to().label(),
                    pair.to().cell().profile(event),
                    pair.from().label(),
                    pair.from().cell().profile(event),
                    MAX_FRAMES,
                    Double.POSITIVE_INFINITY,
                    true));
        }
        return new Explanation(pair, lines);
    }

    /** The explanation of one pair (whether or not it is significant): profile lines, slow tails, diagnosis. */
    public static Explanation of(ComparedPair pair) {
        List<String> lines = new ArrayList<>();
        for (String event : pair.commonEvents()) {
            lines.addAll(profileLines(
                    pair.to().label(),
                    pair.to().cell().profile(event),
                    pair.from().label(),
                    pair.from().cell().profile(event),
                    MAX_FRAMES,
                    MIN_CHANGE,
                    true));
        }
        for (ComparedPair.Side side : List.of(pair.to(), pair.from())) {
            for (Profile p : side.cell().profiles()) {
                if (p.slowTail() != null && p.slowTail().totalSamples() > 0 && p.totalSamples() > 0) {
                    lines.addAll(profileLines(
                            side.label() + " slowest 1%",
                            p.slowTail(),
                            side.label() + " all tasks",
                            p,
                            MAX_SLOW_TAIL,
                            MIN_SLOW_TAIL_CHANGE,
                            false));
                }
            }
        }
        lines.addAll(Diagnosis.lines(pair));
        return new Explanation(pair, lines);
    }

    /**
     * The frames whose share changed most from {@code from} to {@code to} (same event), at most
     * {@code max}, each by at least {@code minChange}, largest change first; when none changed that
     * much and {@code nameCommon}, the place both spend at least {@link #COMMON_SHARE} in, marked
     * {@code (on both)}.
     */
    public static List<String> profileLines(
            String toLabel, Profile to, String fromLabel, Profile from, int max, double minChange, boolean nameCommon) {
        Map<SampleSite, Long> a = sites(to);
        Map<SampleSite, Long> b = sites(from);
        Set<SampleSite> all = new LinkedHashSet<>(a.keySet());
        all.addAll(b.keySet());
        List<SampleSite> ranked = all.stream()
                .filter(s -> Math.abs(share(a, s, to) - share(b, s, from)) >= minChange)
                .sorted(Comparator.comparingDouble((SampleSite s) -> -Math.abs(share(a, s, to) - share(b, s, from)))
                        .thenComparing(SampleSite::text))
                .limit(max)
                .toList();
        List<String> lines = new ArrayList<>();
        for (SampleSite s : ranked) {
            lines.add(line(toLabel, to, a, fromLabel, from, b, s));
        }
        if (lines.isEmpty() && nameCommon) {
            all.stream()
                    .filter(s -> Math.min(share(a, s, to), share(b, s, from)) >= COMMON_SHARE)
                    .max(Comparator.comparingDouble((SampleSite s) -> Math.min(share(a, s, to), share(b, s, from)))
                            .thenComparing(SampleSite::text, Comparator.reverseOrder()))
                    .ifPresent(s -> lines.add(line(toLabel, to, a, fromLabel, from, b, s) + " (on both)"));
        }
        return lines;
    }

    private static String line(
            String toLabel,
            Profile to,
            Map<SampleSite, Long> a,
            String fromLabel,
            Profile from,
            Map<SampleSite, Long> b,
            SampleSite s) {
        return toLabel + ": " + percent(share(a, s, to)) + " of " + to.event() + " samples " + s.phrase(to.event())
                + ", " + fromLabel + ": " + percent(share(b, s, from));
    }

    /**
     * Where a sample was, once internals are folded away: the deepest kept frame, the user frame that
     * called it when it is a JDK frame, and the task's state or the contended monitor's class.
     */
    record SampleSite(String frame, String caller, String state, String monitor) {

        String text() {
            return frame + "|" + caller + "|" + state + "|" + monitor;
        }

        /** {@code blocked on monitor in com.acme.Store.put}, {@code on CPU in java.util.zip.Inflater.inflate (called from …)}. */
        String phrase(String event) {
            String where = frame + (caller == null ? "" : " (called from " + caller + ")");
            if (monitor != null) {
                return "entering a monitor of " + monitor + " in " + where;
            }
            if (state != null) {
                return state.substring(1, state.length() - 1) + " in " + where;
            }
            return switch (event) {
                case "cpu" -> "on CPU in " + where;
                case "alloc" -> "allocating in " + where;
                case "lock" -> "waiting for a lock in " + where;
                default -> "in " + where;
            };
        }
    }

    /** Samples per site of {@code p}; samples outside tasks or of internals only are left out. */
    static Map<SampleSite, Long> sites(Profile p) {
        Map<SampleSite, Long> sites = new HashMap<>();
        for (Profile.ProfileStack s : p.stacks()) {
            List<String> frames = Frames.split(s.frames());
            if (frames.isEmpty() || frames.get(0).equals(Profile.OUTSIDE_TASKS)) {
                continue;
            }
            String state = null;
            String monitor = null;
            List<String> code = new ArrayList<>();
            for (String f : frames) {
                if (Frames.monitorClass(f) != null) {
                    monitor = Frames.monitorClass(f);
                } else if (Frames.state(f)) {
                    state = f;
                } else if (!Frames.internal(f) && !Frames.nativeFrame(f)) {
                    code.add(f);
                }
            }
            if (code.isEmpty()) {
                continue;
            }
            String leaf = code.get(code.size() - 1);
            String caller = null;
            if (Frames.jdk(leaf)) {
                for (int i = code.size() - 2; i >= 0 && caller == null; i--) {
                    caller = Frames.jdk(code.get(i)) ? null : code.get(i);
                }
            }
            sites.merge(new SampleSite(leaf, caller, state, monitor), s.samples(), Long::sum);
        }
        return sites;
    }

    private static double share(Map<SampleSite, Long> sites, SampleSite s, Profile p) {
        return p.totalSamples() == 0 ? 0 : (double) sites.getOrDefault(s, 0L) / p.totalSamples();
    }

    /** A share as people say it: {@code 41%}, {@code 3%}, below 1% with one decimal ({@code 0.4%}), {@code 0%}. */
    public static String percent(double share) {
        double pct = share * 100;
        if (pct == 0 || pct >= 0.95) {
            return String.format(Locale.ROOT, "%.0f%%", pct);
        }
        return String.format(Locale.ROOT, "%.1f%%", pct);
    }
}
