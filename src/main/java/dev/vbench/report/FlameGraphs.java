package dev.vbench.report;

import dev.vbench.compare.CellDimension;
import dev.vbench.diagnose.ComparedPair;
import dev.vbench.diagnose.ComparedPair.View;
import dev.vbench.diagnose.FrameTree;
import dev.vbench.diagnose.FrameTree.Node;
import dev.vbench.diagnose.Frames;
import dev.vbench.result.CellResult;
import dev.vbench.result.Profile;
import dev.vbench.text.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Flame graphs for the HTML report, drawn as inline SVG from a {@link FrameTree}: one per profiled
 * cell and event (root first), and a differential one per pair of cells a comparison table compares
 * when both were profiled for the event ({@link ComparedPair}): width is the share of the second
 * profile, colour the change of share from the first (red grew, blue shrank). Hover shows the frame,
 * its samples and share (both shares in a differential) through SVG titles; a small inline script
 * ({@link #HEAD}) adds click-to-zoom and a search box. Nothing is fetched.
 *
 * <pre>{@code
 * String svg = FlameGraphs.svg(new FlameGraphs.Flame("virtual — tasks", "", FrameTree.of(profile, View.ROOT_FIRST),
 *         "virtual", null));
 * }</pre>
 */
public final class FlameGraphs {

    /** Width of the drawing (the SVG scales to the page). */
    static final int WIDTH = 1200;
    /** Height of one frame. */
    static final int ROW = 17;
    /** Space above the frames for the title and the legend. */
    static final int TOP = 30;
    /** Frames narrower than this share of the profile are not drawn (nor their children). */
    static final double MIN_SHARE = 0.0005;
    /** Change of share (in points) at which a differential frame reaches its full colour, at least. */
    static final double MIN_COLOUR_SCALE = 0.01;

    /** Events whose interval is a time between samples (lock and alloc have a threshold instead). */
    static final List<String> SAMPLED_BY_TIME = List.of("cpu", "wall", "tasks");

    private FlameGraphs() {}

    /**
     * One flame graph to draw.
     *
     * @param title shown above the graph
     * @param caption shown below it: what the widths and colours mean, who sampled
     * @param tree the frames
     * @param label whose samples the widths are ({@code virtual})
     * @param baseLabel the base of a differential ({@code fixed:threads=8}); null for a single profile
     */
    public record Flame(String title, String caption, FrameTree tree, String label, String baseLabel) {

        /** This flame graph under another title (a suite names the experiment). */
        public Flame titled(String newTitle) {
            return new Flame(newTitle, caption, tree, label, baseLabel);
        }
    }

    /**
     * The flame graphs of a run's cells: per cell and event its profile, then per pair (of the
     * comparison table, {@link ComparedPair}) and common event the differential.
     */
    static List<Flame> flames(List<CellResult> cells, List<ComparedPair> pairs) {
        List<Flame> flames = new ArrayList<>();
        List<CellDimension> dims = CellDimension.varying(cells).stream()
                .filter(d -> !d.name().equals("jvm") && d.values(cells).size() > 1)
                .toList();
        for (CellResult c : cells) {
            String row = String.join(
                    " ",
                    dims.stream().map(d -> d.name() + "=" + d.value(c.config())).toList());
            for (Profile p : c.profiles()) {
                flames.add(single(RunTables.who(c), row, p));
            }
        }
        flames.addAll(differentials(pairs));
        return flames;
    }

    /** The flame graph of one profile, root first. */
    public static Flame single(String label, String row, Profile p) {
        String who = label + (row.isEmpty() ? "" : " (" + row + ")");
        String caption = "Sampled by " + p.profiler() + (p.threads().isEmpty() ? "" : " (" + p.threads() + ")")
                + (p.intervalNanos() > 0 && SAMPLED_BY_TIME.contains(p.event())
                        ? ", every " + interval(p.intervalNanos())
                        : "")
                + ". Root first: a frame's width"
                + " is its share of all " + p.totalSamples() + " samples (stacks the result did not keep leave a gap);"
                + " frames below " + Numbers.fixed(MIN_SHARE * 100, 2) + "% are not drawn. Hover for samples and share;"
                + " click a frame to zoom, the root to reset." + notes(p);
        return new Flame(
                who + " — " + p.event() + " profile, " + p.totalSamples() + " samples",
                caption,
                FrameTree.of(p, View.ROOT_FIRST),
                label,
                null);
    }

    /** The differential flame graphs of {@code pairs}: one per pair and event both sides were profiled for. */
    public static List<Flame> differentials(List<ComparedPair> pairs) {
        List<Flame> flames = new ArrayList<>();
        for (ComparedPair pair : pairs) {
            for (String event : pair.commonEvents()) {
                flames.add(differential(pair, event));
            }
        }
        return flames;
    }

    private static Flame differential(ComparedPair pair, String event) {
        String to = pair.to().label();
        String from = pair.from().label();
        Profile base = pair.from().cell().profile(event);
        Profile profile = pair.to().cell().profile(event);
        String why = pair.view() == View.LEAF_FIRST
                ? "Leaf first (the frames tasks were in at the top, their callers below), because the two executors"
                        + " run tasks through different frames near the root."
                : "Root first, because both sides ran the same cell.";
        String caption = "Differential: a frame's width is its share of " + to + "'s " + profile.totalSamples()
                + " samples; its colour is the change of its share from " + from + " (" + base.totalSamples()
                + " samples) to " + to + ": red grew, blue shrank, white unchanged (each profile normalised to its"
                + " total; a frame only " + from + " had has no width here). " + why + " Hover shows both shares.";
        String title = "Differential " + to + " vs " + from + (pair.row().isEmpty() ? "" : " (" + pair.row() + ")")
                + " — " + event + ", " + pair.view().words();
        return new Flame(title, caption, FrameTree.diff(base, profile, pair.view()), to, from);
    }

    private static String notes(Profile p) {
        return p.notes().isEmpty() ? "" : " " + String.join(" ", p.notes());
    }

    private static String interval(long nanos) {
        return nanos % 1_000_000 == 0
                ? nanos / 1_000_000 + " ms"
                : nanos % 1000 == 0 ? nanos / 1000 + " us" : nanos + " ns";
    }

    /** The HTML of one flame graph: a search box, the SVG and its caption. */
    public static String html(Flame f, String id) {
        return "<figure class=\"flame\" id=\"" + id
                + "\">\n<div class=\"flame-bar\"><input type=\"search\" class=\"flame-search\""
                + " placeholder=\"search frames\" aria-label=\"search frames\"/><span class=\"flame-found\"></span></div>\n"
                + svg(f) + "<figcaption>" + Html.escape(f.caption()) + "</figcaption>\n</figure>\n";
    }

    /** The SVG of one flame graph; well-formed XML, numbers in {@link Locale#ROOT}. */
    public static String svg(Flame f) {
        FrameTree tree = f.tree();
        int depth = visibleDepth(tree.root(), tree, 0);
        int height = TOP + (depth + 1) * ROW + 4;
        double scale = colourScale(tree.root(), tree);
        StringBuilder sb = new StringBuilder();
        sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"flame\" viewBox=\"0 0 ")
                .append(WIDTH)
                .append(' ')
                .append(height)
                .append("\" width=\"100%\" data-width=\"")
                .append(WIDTH)
                .append("\" role=\"img\" aria-label=\"")
                .append(Html.escape(f.title()))
                .append("\">\n");
        sb.append("<text class=\"title\" x=\"4\" y=\"18\">")
                .append(Html.escape(f.title()))
                .append("</text>\n");
        if (tree.differential()) {
            legend(sb, scale);
        }
        frame(sb, f, tree.root(), tree, 0, 0, scale);
        return sb.append("</svg>\n").toString();
    }

    private static void frame(StringBuilder sb, Flame f, Node n, FrameTree tree, double x, int depth, double scale) {
        double share = n.share(tree);
        double w = share * WIDTH;
        double px = x * WIDTH;
        int y = TOP + depth * ROW;
        sb.append("<g class=\"f\" data-x=\"")
                .append(num(x, 6))
                .append("\" data-w=\"")
                .append(num(share, 6))
                .append("\" data-d=\"")
                .append(depth)
                .append("\" data-n=\"")
                .append(Html.escape(n.frame()))
                .append("\">");
        sb.append("<title>").append(Html.escape(hover(f, n, tree))).append("</title>");
        sb.append("<rect x=\"")
                .append(num(px, 2))
                .append("\" y=\"")
                .append(y)
                .append("\" width=\"")
                .append(num(Math.max(0.5, w - 1), 2))
                .append("\" height=\"")
                .append(ROW - 1)
                .append("\" rx=\"2\" fill=\"")
                .append(tree.differential() ? diffColour(n.share(tree) - n.baseShare(tree), scale) : colour(n.frame()))
                .append("\"/>");
        sb.append("<text x=\"")
                .append(num(px + 3, 2))
                .append("\" y=\"")
                .append(y + ROW - 5)
                .append("\">")
                .append(Html.escape(fit(n.frame(), w)))
                .append("</text></g>\n");
        double childX = x;
        for (Node c : n.children()) {
            double cs = c.share(tree);
            if (cs >= MIN_SHARE) {
                frame(sb, f, c, tree, childX, depth + 1, scale);
            }
            childX += cs;
        }
    }

    /** What hovering a frame shows. */
    static String hover(Flame f, Node n, FrameTree tree) {
        if (!tree.differential()) {
            return n.frame() + "\n" + n.samples() + " samples, " + Numbers.fixed(n.share(tree) * 100, 2) + "% of "
                    + f.label();
        }
        double change = (n.share(tree) - n.baseShare(tree)) * 100;
        return n.frame() + "\n" + f.label() + ": " + Numbers.fixed(n.share(tree) * 100, 2) + "% (" + n.samples()
                + " samples)\n"
                + f.baseLabel() + ": " + Numbers.fixed(n.baseShare(tree) * 100, 2) + "% (" + n.baseSamples()
                + " samples)\n"
                + "change: " + (change >= 0 ? "+" : "") + Numbers.fixed(change, 2) + " points";
    }

    private static void legend(StringBuilder sb, double scale) {
        int x = WIDTH - 350;
        sb.append("<g class=\"legend\">");
        for (int i = 0; i <= 10; i++) {
            double d = (i - 5) / 5.0 * scale;
            sb.append("<rect x=\"")
                    .append(x + 110 + i * 12)
                    .append("\" y=\"8\" width=\"12\" height=\"12\" fill=\"")
                    .append(diffColour(d, scale))
                    .append("\"/>");
        }
        sb.append("<text x=\"")
                .append(x + 104)
                .append("\" y=\"18\" text-anchor=\"end\">shrank ")
                .append(Html.escape("−" + Numbers.fixed(scale * 100, 1)))
                .append(" pts</text>");
        sb.append("<text x=\"")
                .append(x + 110 + 11 * 12 + 6)
                .append("\" y=\"18\">grew +")
                .append(Numbers.fixed(scale * 100, 1))
                .append(" pts</text></g>\n");
    }

    /** The largest change of share among the drawn frames below the root (at least {@link #MIN_COLOUR_SCALE}). */
    private static double colourScale(Node root, FrameTree tree) {
        if (!tree.differential()) {
            return 1;
        }
        double max = MIN_COLOUR_SCALE;
        List<Node> todo = new ArrayList<>(root.children());
        while (!todo.isEmpty()) {
            Node n = todo.remove(todo.size() - 1);
            if (n.share(tree) >= MIN_SHARE || n.baseShare(tree) >= MIN_SHARE) {
                max = Math.max(max, Math.abs(n.share(tree) - n.baseShare(tree)));
                todo.addAll(n.children());
            }
        }
        return max;
    }

    private static int visibleDepth(Node n, FrameTree tree, int depth) {
        int d = depth;
        for (Node c : n.children()) {
            if (c.share(tree) >= MIN_SHARE) {
                d = Math.max(d, visibleDepth(c, tree, depth + 1));
            }
        }
        return d;
    }

    /** A diverging colour: white at 0, red (grew) or blue (shrank) at ±scale. */
    static String diffColour(double change, double scale) {
        double t = Math.min(1, Math.abs(change) / scale);
        int[] from = {245, 245, 245};
        int[] to = change >= 0 ? new int[] {215, 48, 39} : new int[] {69, 117, 180};
        return String.format(
                Locale.ROOT, "#%02x%02x%02x", mix(from[0], to[0], t), mix(from[1], to[1], t), mix(from[2], to[2], t));
    }

    private static int mix(int a, int b, double t) {
        return (int) Math.round(a + (b - a) * t);
    }

    /** A single profile's colour: by what the frame is (state, native, JDK, internal, user code), varied by its name. */
    static String colour(String frame) {
        int h = Math.floorMod(frame.hashCode(), 20);
        if (frame.equals(FrameTree.ROOT)) {
            return "#d0d4d8";
        }
        if (Frames.nativeFrame(frame)) {
            return String.format(Locale.ROOT, "hsl(180, 25%%, %d%%)", 70 + h / 2);
        }
        if (Frames.pseudo(frame)) {
            return switch (frame) {
                case Profile.STATE_RUNNING -> "#8bc34a";
                case Profile.STATE_BLOCKED -> "#e53935";
                case Profile.STATE_PARKED -> "#42a5f5";
                case Profile.STATE_SLEEPING -> "#9575cd";
                case Profile.STATE_WAITING -> "#78909c";
                case Profile.STATE_WAITING_FOR_CARRIER -> "#ffa726";
                case Profile.OUTSIDE_TASKS -> "#cfd8dc";
                default -> "#f48fb1"; // a monitor's class
            };
        }
        if (Frames.internal(frame)) {
            return String.format(Locale.ROOT, "hsl(210, 8%%, %d%%)", 72 + h / 2);
        }
        if (Frames.jdk(frame)) {
            return String.format(Locale.ROOT, "hsl(%d, 75%%, %d%%)", 45 + h / 2, 62 + h / 3);
        }
        return String.format(Locale.ROOT, "hsl(%d, 85%%, %d%%)", 12 + h, 60 + h / 3);
    }

    /** The frame's name shortened to fit {@code width} pixels, or empty when not even three characters fit. */
    static String fit(String frame, double width) {
        int chars = (int) Math.floor((width - 6) / 6.6);
        if (chars < 3) {
            return "";
        }
        return frame.length() <= chars ? frame : frame.substring(0, chars - 1) + "…";
    }

    private static String num(double v, int decimals) {
        String s = Numbers.fixed(v, decimals);
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }

    /** Whether a page body holds a flame graph (then the page needs {@link #HEAD}). */
    public static boolean present(String body) {
        return body.contains("<figure class=\"flame\"");
    }

    /**
     * The stylesheet and script the flame graphs need, once per page that has one: hover and zoom
     * through the frames' data attributes, search by substring with the matched share. Wrapped in
     * CDATA so the page stays well-formed XML.
     */
    public static final String HEAD = """
            <style>
            figure.flame { display: block; margin: 12px 0 20px; max-width: 1320px; }
            figure.flame figcaption { max-width: 1200px; }
            svg.flame { background: #ffffff; border: 1px solid #d0d7de; }
            svg.flame text { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 11px; fill: #1b1f24; pointer-events: none; }
            svg.flame text.title { font-family: system-ui, "DejaVu Sans", sans-serif; font-size: 14px; font-weight: 600; }
            svg.flame g.f { cursor: pointer; }
            svg.flame g.f:hover rect { stroke: #1b1f24; stroke-width: 1; }
            svg.flame g.match rect { fill: #e040fb; }
            .flame-bar { font-size: 12px; margin: 4px 0; } .flame-found { margin-left: 8px; color: #57606a; }
            .why h4 { margin: 10px 0 4px; font-size: 13px; } .why ul { margin: 2px 0 8px; padding-left: 18px; font-size: 13px; }
            .why .why-note { font-size: 12px; color: #57606a; margin: 4px 0 12px; }
            </style>
            <script>//<![CDATA[
            document.addEventListener('DOMContentLoaded', function () {
              document.querySelectorAll('figure.flame').forEach(function (fig) {
                var svg = fig.querySelector('svg.flame');
                var width = Number(svg.getAttribute('data-width'));
                var frames = Array.prototype.slice.call(svg.querySelectorAll('g.f'));
                function fit(g, x, w) {
                  var r = g.querySelector('rect'), t = g.querySelector('text'), n = g.getAttribute('data-n');
                  r.setAttribute('x', x.toFixed(2));
                  r.setAttribute('width', Math.max(0.5, w - 1).toFixed(2));
                  t.setAttribute('x', (x + 3).toFixed(2));
                  var chars = Math.floor((w - 6) / 6.6);
                  t.textContent = chars < 3 ? '' : (n.length <= chars ? n : n.substring(0, chars - 1) + '\\u2026');
                }
                function zoom(z) {
                  var zx = Number(z.dataset.x), zw = Number(z.dataset.w), zd = Number(z.dataset.d), eps = 1e-9;
                  frames.forEach(function (g) {
                    var x = Number(g.dataset.x), w = Number(g.dataset.w), d = Number(g.dataset.d);
                    if (d >= zd && x >= zx - eps && x + w <= zx + zw + eps) {
                      g.style.display = ''; fit(g, (x - zx) / zw * width, w / zw * width);
                    } else if (d < zd && x <= zx + eps && x + w >= zx + zw - eps) {
                      g.style.display = ''; fit(g, 0, width);
                    } else {
                      g.style.display = 'none';
                    }
                  });
                }
                frames.forEach(function (g) { g.addEventListener('click', function () { zoom(g); }); });
                var input = fig.querySelector('input.flame-search'), found = fig.querySelector('.flame-found');
                input.addEventListener('input', function () {
                  var term = input.value.toLowerCase(), spans = [];
                  frames.forEach(function (g) {
                    var hit = term.length > 0 && g.dataset.d !== '0' && g.getAttribute('data-n').toLowerCase().indexOf(term) >= 0;
                    g.classList.toggle('match', hit);
                    if (hit) { spans.push([Number(g.dataset.x), Number(g.dataset.x) + Number(g.dataset.w)]); }
                  });
                  spans.sort(function (a, b) { return a[0] - b[0]; });
                  var total = 0, end = -1;
                  spans.forEach(function (s) {
                    if (s[0] >= end) { total += s[1] - s[0]; end = s[1]; }
                    else if (s[1] > end) { total += s[1] - end; end = s[1]; }
                  });
                  found.textContent = term.length > 0 ? 'matched ' + (total * 100).toFixed(1) + '% of samples' : '';
                });
              });
            });
            //]]></script>
            """;
}
