package dev.vbench.dashboard;

import dev.vbench.history.Analysis;
import dev.vbench.history.HistoryException;
import dev.vbench.history.HistoryReports;
import dev.vbench.history.HistoryStore;
import dev.vbench.stats.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the dashboard's pages show, read from the history store through a {@link StoreLease}: the
 * overview (every series with its trend, last change point and unacknowledged regressions), a series'
 * points with its change points ({@link Analysis#changePoints}, as {@code history analyze} finds them), a
 * run's cells with their deltas ({@link RunView}) and a change point's two sides ({@link ChangeView}).
 * What was computed is kept until the store changes ({@link HistoryStore#generation}): the overview
 * and the most recently shown series, so memory stays bounded by the number of series, not of runs.
 *
 * <pre>{@code
 * Dashboard d = new Dashboard(lease, settings);
 * d.overview().series();          // one summary per series
 * d.series(3, null).changePoints(); // as history analyze 3 finds them
 * }</pre>
 */
public final class Dashboard {

    /** Runs before a run whose medians' median is the second baseline of the run page. */
    public static final int RECENT_RUNS = 10;
    /** How long what was read stays current before the store is asked whether it changed. */
    static final long RECHECK_NANOS = 1_000_000_000L;
    /** Series views kept at once (each holds one metric's points, and its chart's data once asked for). */
    static final int CACHED_SERIES = 16;

    private final StoreLease lease;
    private final Analysis.Settings settings;
    private final double noise;
    private final double alpha;
    private String generation;
    private HistoryStore checkedStore;
    private long checkedAt;
    private List<HistoryStore.SeriesInfo> allSeries;
    private Overview overview;
    private final Map<String, SeriesView> seriesViews = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, SeriesView> eldest) {
            return size() > CACHED_SERIES;
        }
    };
    private final Map<String, ChangeView> changeViews = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, ChangeView> eldest) {
            return size() > CACHED_SERIES;
        }
    };
    private final Map<String, String> seriesData = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > CACHED_SERIES;
        }
    };

    /**
     * @param settings how change points are found (the options of {@code history analyze})
     * @param noise the noise band of the run page's verdicts, a fraction
     * @param alpha the significance level of its verdicts
     */
    public Dashboard(StoreLease lease, Analysis.Settings settings, double noise, double alpha) {
        this.lease = lease;
        this.settings = settings;
        this.noise = noise;
        this.alpha = alpha;
    }

    /** How change points are found. */
    public Analysis.Settings settings() {
        return settings;
    }

    /** The noise band of the run page's verdicts. */
    public double noise() {
        return noise;
    }

    /** The significance level of the run page's verdicts. */
    public double alpha() {
        return alpha;
    }

    /** Where the store is, passwords redacted. */
    public String store() {
        return lease.shown();
    }

    /**
     * Drops what was kept when the store changed since it was last looked at; call with the store open. The
     * store is looked at once a second at most ({@link #RECHECK_NANOS}; reading whether runs were excluded
     * scans them), and every time it was opened again.
     */
    private void refresh(HistoryStore store) {
        long nanos = System.nanoTime();
        if (store == checkedStore && nanos - checkedAt < RECHECK_NANOS) {
            return;
        }
        checkedStore = store;
        checkedAt = nanos;
        String now = store.generation();
        if (!now.equals(generation)) {
            generation = now;
            allSeries = null;
            overview = null;
            seriesViews.clear();
            seriesData.clear();
            changeViews.clear();
        }
    }

    private List<HistoryStore.SeriesInfo> allSeries(HistoryStore store) {
        if (allSeries == null) {
            allSeries = store.series(null);
        }
        return allSeries;
    }

    private HistoryStore.SeriesInfo seriesInfo(HistoryStore store, long id) {
        return allSeries(store).stream()
                .filter(s -> s.id() == id)
                .findFirst()
                .orElseThrow(() -> new NotFound("no series " + id + " in the history store"));
    }

    // ---- overview ---------------------------------------------------------------------------------------------

    /**
     * One series on the overview.
     *
     * @param metric the metric shown (the one its runs' tables showed)
     * @param branches the branches its runs measured, in order of first appearance
     * @param trend the medians of its runs (excluded left out), oldest first, averaged into at most
     *     {@link Pages#SPARK_POINTS} buckets
     * @param changesAt where its change points lie along the trend, as fractions of it (0: the oldest run)
     * @param last its newest point, null when it has none
     * @param lastChange its newest change point, null when none
     * @param regressions change points of the metric in its bad direction that no acknowledgement covers, oldest first
     */
    public record SeriesSummary(
            HistoryStore.SeriesInfo info,
            String metric,
            String unit,
            boolean higherIsBetter,
            List<String> branches,
            double[] trend,
            double[] changesAt,
            HistoryStore.Point last,
            Analysis.Found lastChange,
            HistoryStore.Ack lastChangeAck,
            List<Analysis.Found> regressions) {}

    /** The overview: every series of the store, by id. */
    public record Overview(List<SeriesSummary> series) {}

    /** The overview, computed once per state of the store. */
    public Overview overview() {
        Overview kept = lease.unchanged(() -> overview);
        if (kept != null) {
            return kept;
        }
        return lease.with(store -> {
            refresh(store);
            if (overview == null) {
                List<SeriesSummary> out = new ArrayList<>();
                for (HistoryStore.SeriesInfo s : allSeries(store)) {
                    out.add(summary(store, s));
                }
                overview = new Overview(out);
            }
            return overview;
        });
    }

    private SeriesSummary summary(HistoryStore store, HistoryStore.SeriesInfo s) {
        List<String> metrics = store.metrics(s.id());
        if (metrics.isEmpty()) {
            return new SeriesSummary(
                    s, "", "", false, List.of(), new double[0], new double[0], null, null, null, List.of());
        }
        SeriesView v = view(store, s, s.defaultMetric(metrics), metrics);
        LinkedHashSet<String> branches = new LinkedHashSet<>();
        v.points().forEach(p -> branches.add(p.branch()));
        double[] medians = Analysis.usable(v.points()).stream()
                .mapToDouble(HistoryStore.Point::median)
                .toArray();
        HistoryStore.Point last =
                v.points().isEmpty() ? null : v.points().get(v.points().size() - 1);
        Analysis.Found lastChange = v.changePoints().isEmpty()
                ? null
                : v.changePoints().get(v.changePoints().size() - 1);
        List<Analysis.Found> regressions = v.changePoints().stream()
                .filter(f -> Verdict.direction(f.stats().forwardChange(), v.higherIsBetter()) == Verdict.SLOWER)
                .filter(f -> v.ackOf(f) == null)
                .toList();
        double[] changesAt = v.changePoints().stream()
                .mapToDouble(f -> (double) f.index() / Math.max(1, medians.length - 1))
                .toArray();
        return new SeriesSummary(
                s,
                v.metric(),
                v.unit(),
                v.higherIsBetter(),
                List.copyOf(branches),
                HistoryReports.buckets(medians, Pages.SPARK_POINTS),
                changesAt,
                last,
                lastChange,
                lastChange == null ? null : v.ackOf(lastChange),
                regressions);
    }

    // ---- series -------------------------------------------------------------------------------------------------

    /**
     * A series at one metric.
     *
     * @param metrics every metric stored for it
     * @param points every point of the metric, excluded runs included (marked), oldest first
     * @param changePoints its change points over the points not excluded ({@link Analysis#changePoints})
     * @param acks every acknowledgement of the series (any metric)
     */
    public record SeriesView(
            HistoryStore.SeriesInfo info,
            List<String> metrics,
            String metric,
            String unit,
            boolean higherIsBetter,
            List<HistoryStore.Point> points,
            List<Analysis.Found> changePoints,
            List<HistoryStore.Ack> acks) {

        /** The acknowledgement that covers change point {@code f}, or null. */
        public HistoryStore.Ack ackOf(Analysis.Found f) {
            return acks.stream()
                    .filter(a -> a.runId() == f.firstAfter().runId() && a.covers(metric))
                    .findFirst()
                    .orElse(null);
        }

        /** The position of a run among {@link #points}, or −1. */
        public int indexOf(long runId) {
            for (int i = points.size() - 1; i >= 0; i--) {
                if (points.get(i).runId() == runId) {
                    return i;
                }
            }
            return -1;
        }
    }

    /**
     * A series at {@code metric} (null: the one its runs' tables showed).
     *
     * @throws NotFound when there is no such series or metric
     */
    public SeriesView series(long id, String metric) {
        SeriesView kept = lease.unchanged(() -> keptView(id, metric));
        if (kept != null) {
            return kept;
        }
        return lease.with(store -> {
            refresh(store);
            HistoryStore.SeriesInfo s = seriesInfo(store, id);
            List<String> metrics = store.metrics(s.id());
            if (metrics.isEmpty()) {
                throw new NotFound("series " + id + " has no stored values");
            }
            String m = metric == null || metric.isEmpty() ? s.defaultMetric(metrics) : metric;
            if (!metrics.contains(m)) {
                throw new NotFound("series " + id + " has no metric '" + m + "'; it has " + String.join(", ", metrics));
            }
            return view(store, s, m, metrics);
        });
    }

    /** The series view kept for {@code id} at {@code metric} (null: its default), or null. */
    private SeriesView keptView(long id, String metric) {
        for (SeriesView v : seriesViews.values()) {
            if (v.info().id() == id
                    && (metric == null || metric.isEmpty()
                            ? v.metric().equals(v.info().defaultMetric(v.metrics()))
                            : v.metric().equals(metric))) {
                return v;
            }
        }
        return null;
    }

    private SeriesView view(HistoryStore store, HistoryStore.SeriesInfo s, String metric, List<String> metrics) {
        String key = s.id() + "\u0000" + metric;
        SeriesView v = seriesViews.get(key);
        if (v == null) {
            List<HistoryStore.Point> points = store.points(s.id(), metric);
            List<Analysis.Found> found = Analysis.changePoints(points, settings);
            String unit = points.isEmpty() ? "" : points.get(0).unit();
            boolean higher = !points.isEmpty() && points.get(0).higherIsBetter();
            v = new SeriesView(s, metrics, metric, unit, higher, points, found, store.acks(s.id()));
            seriesViews.put(key, v);
        }
        return v;
    }

    /** The chart's data of a series at {@code metric} (null: its default) as {@link SeriesData#json} writes it; kept with the view. */
    public String seriesData(long id, String metric, Links links) {
        SeriesView v = series(id, metric);
        String key = id + "\u0000" + v.metric() + "\u0000" + links;
        String kept = lease.unchanged(() -> seriesData.get(key));
        if (kept != null) {
            return kept;
        }
        return lease.with(store -> {
            refresh(store);
            return seriesData.computeIfAbsent(key, k -> SeriesData.json(v, settings, links));
        });
    }

    /**
     * The trials of the points {@code chunk × size} up to the next chunk of a series' metric, in the order
     * of {@link SeriesView#points}; an empty array where a point has none stored.
     */
    public List<double[]> trials(long id, String metric, int chunk, int size) {
        SeriesView v = series(id, metric);
        long from = (long) chunk * size;
        if (chunk < 0 || from >= Math.max(1, v.points().size())) {
            throw new NotFound("series " + id + " has no trials chunk " + chunk);
        }
        List<HistoryStore.Point> part =
                v.points().subList((int) from, (int) Math.min(v.points().size(), from + size));
        Map<Long, double[]> byResult = lease.with(store -> store.trials(
                v.metric(), part.stream().map(HistoryStore.Point::resultId).toList()));
        return part.stream()
                .map(p -> byResult.getOrDefault(p.resultId(), new double[0]))
                .toList();
    }

    // ---- run ----------------------------------------------------------------------------------------------------

    /** A run page: the run and its cells. */
    public RunView run(long id) {
        return lease.with(store -> {
            refresh(store);
            HistoryStore.RunInfo run = store.run(id);
            if (run == null) {
                throw new NotFound("no run " + id + " in the history store");
            }
            return RunView.of(store, run, allSeries(store), this);
        });
    }

    // ---- change point -------------------------------------------------------------------------------------------

    /** A change-point page: the change point of a series' metric whose first run after is {@code runId}. */
    public ChangeView change(long seriesId, String metric, long runId) {
        SeriesView v = series(seriesId, metric);
        Optional<Analysis.Found> found = v.changePoints().stream()
                .filter(f -> f.firstAfter().runId() == runId)
                .findFirst();
        if (found.isEmpty()) {
            throw new NotFound("run " + runId + " starts no change point of series " + seriesId + " (" + v.metric()
                    + ") with these settings; see the series page");
        }
        String key = seriesId + "\u0000" + v.metric() + "\u0000" + runId;
        return lease.with(store -> {
            refresh(store);
            return changeViews.computeIfAbsent(key, k -> ChangeView.of(store, v, found.get(), noise, alpha));
        });
    }

    /** The runs of the store, oldest first, for the static site's run pages. */
    List<HistoryStore.RunInfo> runs() {
        return lease.with(store -> store.runs(null));
    }

    /** A page or data that does not exist (HTTP 404): a series, run, metric or change point not in the store. */
    public static final class NotFound extends RuntimeException {

        private static final long serialVersionUID = 1L;

        public NotFound(String message) {
            super(message);
        }
    }

    /** Whether {@code e} is the store's own one-line failure (shown as it is) rather than a bug. */
    static boolean storeFailure(RuntimeException e) {
        return e instanceof HistoryException;
    }
}
