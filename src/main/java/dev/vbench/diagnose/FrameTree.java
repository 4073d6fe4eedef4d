package dev.vbench.diagnose;

import dev.vbench.diagnose.ComparedPair.View;
import dev.vbench.result.Profile;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The frames of a profile as a tree, what a flame graph draws: each node's samples are those of every
 * stack through it (inclusive), its children sorted by frame name so that two trees line up. A
 * differential tree ({@link #diff}) carries both profiles' samples per node; each profile is
 * normalised to its own total ({@link Node#share}, {@link Node#baseShare}), so profiles of different
 * lengths compare. The root is the whole profile: its share is 1, and stacks not kept in the result
 * ({@link Profile#totalSamples()} beyond the kept stacks) leave a gap under it.
 *
 * <pre>{@code
 * FrameTree t = FrameTree.diff(fixedTasks, virtualTasks, View.LEAF_FIRST);
 * for (FrameTree.Node n : t.root().children()) {
 *     double grew = n.share(t) - n.baseShare(t);
 * }
 * }</pre>
 *
 * @param event the profiles' event
 * @param view the order of each stack's frames
 * @param total all samples of the profile drawn (the second one of a diff)
 * @param baseTotal all samples of the base profile of a diff; 0 for a single profile
 * @param root the whole profile; its frame is {@link #ROOT}
 */
public record FrameTree(String event, View view, long total, long baseTotal, Node root) {

    /** The root's frame. */
    public static final String ROOT = "all";

    /**
     * One frame at one place in the tree.
     *
     * @param frame the frame ({@code com.acme.Store.put}, {@code [blocked on monitor]})
     * @param samples samples of the profile drawn through this node
     * @param baseSamples samples of the base profile through it (0 for a single profile)
     * @param children callees (root first) or callers (leaf first), sorted by frame
     */
    public record Node(String frame, long samples, long baseSamples, List<Node> children) {
        public Node {
            children = List.copyOf(children);
        }

        /** This node's share of its profile's samples. */
        public double share(FrameTree tree) {
            return tree.total == 0 ? 0 : (double) samples / tree.total;
        }

        /** This node's share of the base profile's samples (0 for a single profile). */
        public double baseShare(FrameTree tree) {
            return tree.baseTotal == 0 ? 0 : (double) baseSamples / tree.baseTotal;
        }
    }

    /** Whether this tree compares two profiles. */
    public boolean differential() {
        return baseTotal > 0;
    }

    /** The tree of one profile. */
    public static FrameTree of(Profile profile, View view) {
        Builder root = new Builder();
        add(root, profile, view, false);
        return new FrameTree(
                profile.event(), view, profile.totalSamples(), 0, root.build(ROOT, profile.totalSamples(), 0));
    }

    /** The differential tree of {@code profile} against {@code base}: the shape and widths of {@code profile}. */
    public static FrameTree diff(Profile base, Profile profile, View view) {
        Builder root = new Builder();
        add(root, profile, view, false);
        add(root, base, view, true);
        return new FrameTree(
                profile.event(),
                view,
                profile.totalSamples(),
                Math.max(1, base.totalSamples()),
                root.build(ROOT, profile.totalSamples(), base.totalSamples()));
    }

    /** The greatest depth below the root (1 when the root has only leaves as children). */
    public int depth() {
        return depth(root);
    }

    private static int depth(Node n) {
        int d = 0;
        for (Node c : n.children()) {
            d = Math.max(d, 1 + depth(c));
        }
        return d;
    }

    /** The node reached by following {@code frames} from the root, or null. */
    public Node find(String... frames) {
        Node n = root;
        for (String f : frames) {
            n = n.children().stream()
                    .filter(c -> c.frame().equals(f))
                    .findFirst()
                    .orElse(null);
            if (n == null) {
                return null;
            }
        }
        return n;
    }

    private static void add(Builder root, Profile profile, View view, boolean base) {
        for (Profile.ProfileStack s : profile.stacks()) {
            List<String> frames = new ArrayList<>(Frames.split(s.frames()));
            if (view == View.LEAF_FIRST) {
                Collections.reverse(frames);
            }
            Builder n = root;
            for (String f : frames) {
                n = n.children.computeIfAbsent(f, k -> new Builder());
                if (base) {
                    n.baseSamples += s.samples();
                } else {
                    n.samples += s.samples();
                }
            }
        }
    }

    /** A mutable node while the stacks are added. */
    private static final class Builder {
        private final Map<String, Builder> children = new TreeMap<>();
        private long samples;
        private long baseSamples;

        Node build(String frame, long total, long baseTotal) {
            List<Node> built = new ArrayList<>();
            children.forEach((f, b) -> built.add(b.build(f, b.samples, b.baseSamples)));
            return new Node(frame, total, baseTotal, built);
        }
    }
}
