package dev.vbench.dashboard;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Where each page and its data are, relative to the site's root (every page carries a {@code <base>} to
 * it): paths answered by the server ({@link #LIVE}: {@code series/3?metric=p99}) or files of a static site
 * ({@link #STATIC}: {@code series/3-p99.html}). The pages are the same; only their links differ.
 */
public enum Links {

    /** {@code vbench history serve}: one path per page, the data as JSON. */
    LIVE {
        @Override
        public String overview() {
            return "./";
        }

        @Override
        public String series(long id, String metric) {
            return "series/" + id + "?metric=" + query(metric);
        }

        @Override
        public String run(long id) {
            return "run/" + id;
        }

        @Override
        public String change(long seriesId, String metric, long runId) {
            return "change/" + seriesId + "/" + runId + "?metric=" + query(metric);
        }

        @Override
        public String seriesData(long id, String metric) {
            return "api/series/" + id + ".json?metric=" + query(metric);
        }

        @Override
        public String trialsData(long id, String metric) {
            return "api/trials/" + id + ".json?metric=" + query(metric) + "&chunk={chunk}";
        }

        @Override
        public int trialChunk() {
            return 50;
        }
    },

    /** {@code history export --site DIR}: one file per page, the data as scripts (a page opened from disk cannot fetch). */
    STATIC {
        @Override
        public String overview() {
            return "index.html";
        }

        @Override
        public String series(long id, String metric) {
            return "series/" + id + "-" + file(metric) + ".html";
        }

        @Override
        public String run(long id) {
            return "run/" + id + ".html";
        }

        @Override
        public String change(long seriesId, String metric, long runId) {
            return "change/" + seriesId + "-" + file(metric) + "-" + runId + ".html";
        }

        @Override
        public String seriesData(long id, String metric) {
            return "data/series/" + id + "-" + file(metric) + ".js";
        }

        @Override
        public String trialsData(long id, String metric) {
            return "data/trials/" + id + "-" + file(metric) + "-{chunk}.js";
        }

        @Override
        public int trialChunk() {
            return 500;
        }
    };

    /** The overview. */
    public abstract String overview();

    /** A series page at one metric. */
    public abstract String series(long id, String metric);

    /** A run page. */
    public abstract String run(long id);

    /** The page of the change point of a series' metric whose first run after is {@code runId}. */
    public abstract String change(long seriesId, String metric, long runId);

    /** The points of a series' metric, for its chart. */
    public abstract String seriesData(long id, String metric);

    /** The trials of a series' metric, {@link #trialChunk} points a chunk; {@code {chunk}} stands for its number. */
    public abstract String trialsData(long id, String metric);

    /**
     * Points per chunk of trials: few for the server (each point's trials are a lookup, made when a point
     * is hovered), many for a static site (fewer files).
     */
    public abstract int trialChunk();

    /** The bundled script and stylesheet. */
    public String asset(String name) {
        return "assets/" + name;
    }

    /** The {@code <base>} of a page at {@code path} (relative to the root): {@code /} live, {@code ../} a level down. */
    public String base(String path) {
        if (this == LIVE) {
            return "/";
        }
        int depth = path.length() - path.replace("/", "").length();
        return depth == 0 ? "./" : "../".repeat(depth);
    }

    private static String query(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /**
     * A metric as part of a file name: ASCII letters, digits and {@code _} kept, anything else as
     * {@code ~XXXX} (its UTF-16 code), so two metrics never share a file and no name leaves its folder.
     */
    static String file(String metric) {
        StringBuilder sb = new StringBuilder();
        for (char c : metric.toCharArray()) {
            if (c < 128 && (Character.isLetterOrDigit(c) || c == '_')) {
                sb.append(c);
            } else {
                sb.append('~').append(String.format(Locale.ROOT, "%04x", (int) c));
            }
        }
        return sb.toString();
    }
}
