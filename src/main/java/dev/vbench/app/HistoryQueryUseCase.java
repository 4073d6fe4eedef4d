package dev.vbench.app;

import dev.vbench.config.Defaults;
import dev.vbench.history.Analysis;
import dev.vbench.history.HistoryReports;
import dev.vbench.history.HistoryStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The read and annotate use cases of the results history: {@code history series}, {@code runs},
 * {@code show}, {@code analyze}, {@code export}, {@code exclude}, {@code ack} and {@code compact}. Each
 * takes the store's URL ({@code --history}; null for the default) and returns what it found, as values
 * and as the text the command prints. {@code history check} is {@link HistoryCheckUseCase}.
 *
 * <pre>{@code
 * HistoryQueryUseCase.Analyzed a = HistoryQueryUseCase.analyze(null, List.of(), null, null, HistoryQueryUseCase.Settings.DEFAULTS);
 * a.found();   // change points over every series × metric
 * }</pre>
 */
public final class HistoryQueryUseCase {

    private HistoryQueryUseCase() {}

    /**
     * How change points are found, as the options give them.
     *
     * @param window runs per e-divisive window
     * @param maxP largest t-test p of a change point
     * @param minMagnitude smallest change reported, a percentage such as {@code 1%}
     * @param minPointsAfter runs a new level must last before it is a change point
     */
    public record Settings(int window, double maxP, String minMagnitude, int minPointsAfter) {

        /** Otava's window and p, compare's noise band, two runs after. */
        public static final Settings DEFAULTS = new Settings(
                Defaults.CHANGE_WINDOW,
                Defaults.CHANGE_MAX_P,
                Defaults.NOISE_PERCENT + "%",
                Defaults.CHANGE_MIN_POINTS_AFTER);

        /** The settings checked, as the analysis takes them. */
        Analysis.Settings checked() {
            if (window < 2) {
                throw new UsageException(
                        "--window " + window + " must be at least 2; Otava's default is " + Defaults.CHANGE_WINDOW);
            }
            if (!(maxP > 0 && maxP < 1)) {
                throw new UsageException(
                        "--p-value " + maxP + " must be between 0 and 1; Otava's default is " + Defaults.CHANGE_MAX_P);
            }
            if (minPointsAfter < 1) {
                throw new UsageException("--min-points-after " + minPointsAfter + " must be at least 1");
            }
            double magnitude = Percentages.parse("--min-magnitude", minMagnitude, Percentages.format(Defaults.NOISE));
            return new Analysis.Settings(window, maxP, magnitude, minPointsAfter);
        }
    }

    /** {@code history series}: every series (of one testbed, or all), as a table. */
    public static String series(String url, String testbed) {
        return read(url, store -> HistoryReports.series(store.series(testbed)));
    }

    /** {@code history runs}: the runs (of one testbed, or all), the newest {@code last} (null: all). */
    public static String runs(String url, String testbed, Integer last) {
        if (last != null && last < 1) {
            throw new UsageException("--last " + last + " must be at least 1");
        }
        return read(url, store -> {
            List<HistoryStore.RunInfo> runs = store.runs(testbed);
            if (last != null && runs.size() > last) {
                runs = runs.subList(runs.size() - last, runs.size());
            }
            return HistoryReports.runs(runs);
        });
    }

    /**
     * {@code history show}: one series over time.
     *
     * @param metric the metric shown, or null for the default of the series' load shape ({@link HistoryStore.SeriesInfo#defaultMetric})
     * @param html the HTML trend page instead of the text table
     * @param last only the newest N runs (null: all); change points are found over all
     * @return the series, the metric shown and the text
     */
    public static Shown show(String url, String series, String metric, boolean html, Integer last, Settings settings) {
        Analysis.Settings checked = settings.checked();
        if (last != null && last < 1) {
            throw new UsageException("--last " + last + " must be at least 1");
        }
        return read(url, store -> {
            HistoryStore.SeriesInfo s = HistoryAccess.findSeries(store.series(null), series);
            List<String> metrics = store.metrics(s.id());
            String m = metric != null ? metric : s.defaultMetric(metrics);
            if (!metrics.contains(m)) {
                throw new UsageException(
                        "series " + s.id() + " has no metric '" + m + "'; it has " + String.join(", ", metrics));
            }
            List<HistoryStore.Point> points = store.points(s.id(), m);
            List<Analysis.Found> found = Analysis.changePoints(points, checked);
            List<HistoryStore.Point> shown =
                    last != null && points.size() > last ? points.subList(points.size() - last, points.size()) : points;
            List<HistoryStore.Ack> acks = store.acks(s.id());
            String text = html
                    ? HistoryReports.showHtml(s, m, shown, found, acks)
                    : HistoryReports.showText(s, m, shown, found, acks);
            return new Shown(s, m, found, text);
        });
    }

    /**
     * What {@link #show} found.
     *
     * @param series the series
     * @param metric the metric shown
     * @param changePoints its change points over all runs
     * @param text the table and sparkline, or the HTML page
     */
    public record Shown(
            HistoryStore.SeriesInfo series, String metric, List<Analysis.Found> changePoints, String text) {}

    /**
     * {@code history analyze}: change points per series and metric.
     *
     * @param refs series ids or texts of their configuration; empty for every series
     * @param metric only this metric, or null for every stored one
     * @param testbed only series of this machine, or null
     */
    public static Analyzed analyze(String url, List<String> refs, String metric, String testbed, Settings settings) {
        Analysis.Settings checked = settings.checked();
        return read(url, store -> {
            List<HistoryStore.SeriesInfo> all = store.series(testbed);
            List<HistoryStore.SeriesInfo> chosen = refs.isEmpty()
                    ? all
                    : refs.stream().map(r -> HistoryAccess.findSeries(all, r)).toList();
            int analysed = 0;
            List<String> lines = new ArrayList<>();
            for (HistoryStore.SeriesInfo s : chosen) {
                List<HistoryStore.Ack> acks = store.acks(s.id());
                for (String m : store.metrics(s.id())) {
                    if (metric != null && !metric.equals(m)) {
                        continue;
                    }
                    analysed++;
                    List<HistoryStore.Point> points = store.points(s.id(), m);
                    for (Analysis.Found f : Analysis.changePoints(points, checked)) {
                        lines.add(
                                HistoryReports.analyzeLine(s, m, points.get(0).higherIsBetter(), f, ackOf(acks, f, m)));
                    }
                }
            }
            if (metric != null && analysed == 0 && !chosen.isEmpty()) {
                throw new UsageException("no series has the metric '" + metric + "'; see 'vbench history show SERIES'"
                        + " for the metrics of a series");
            }
            return new Analyzed(lines, analysed);
        });
    }

    /** The acknowledgement of the change at {@code f} in metric {@code m} (or in every metric), or null. */
    private static HistoryStore.Ack ackOf(List<HistoryStore.Ack> acks, Analysis.Found f, String m) {
        return acks.stream()
                .filter(a -> a.runId() == f.firstAfter().runId() && HistoryCheckUseCase.covers(a, m))
                .findFirst()
                .orElse(null);
    }

    /**
     * What {@link #analyze} found.
     *
     * @param lines one line per change point
     * @param analysed series × metrics analysed
     */
    public record Analyzed(List<String> lines, int analysed) {

        /** Change points found. */
        public int found() {
            return lines.size();
        }
    }

    /**
     * {@code history export}: a series as CSV in Otava's layout, or one run's original document.
     *
     * @param series a series id or text, or null with {@code run}
     * @param run a run id, or null with {@code series}
     */
    public static String export(String url, String series, Long run) {
        checkExport(series, run);
        return read(url, store -> {
            if (run != null) {
                return store.document(run);
            }
            HistoryStore.SeriesInfo s = HistoryAccess.findSeries(store.series(null), series);
            Map<String, List<HistoryStore.Point>> byMetric = new LinkedHashMap<>();
            for (String m : store.metrics(s.id())) {
                byMetric.put(m, store.points(s.id(), m));
            }
            return HistoryReports.otavaCsv(byMetric);
        });
    }

    /** {@code history export} before reading: whether the request names one thing to export. */
    public static void checkExport(String series, Long run) {
        if ((series == null) == (run == null)) {
            throw new UsageException(
                    "give a SERIES to export as CSV, --run RUN for a run's original document, or --site DIR for the"
                            + " dashboard as static files");
        }
    }

    /** {@code history exclude}: leaves runs out of every analysis, with the reason; one line per run. */
    public static List<String> exclude(String url, List<Long> runs, String reason) {
        if (reason.isBlank()) {
            throw new UsageException("--reason is empty; say why the run is left out");
        }
        return read(url, store -> {
            List<String> lines = new ArrayList<>();
            for (long run : runs) {
                store.exclude(run, reason);
                lines.add("excluded run " + run + ": " + reason);
            }
            return lines;
        });
    }

    /**
     * {@code history ack}: acknowledges the change of a series at a run, so {@code check} takes it as the
     * new baseline.
     *
     * @param metric the metric, or {@code *} for every metric
     */
    public static String ack(String url, String series, long run, String metric, String reason) {
        if (reason.isBlank()) {
            throw new UsageException("--reason is empty; say why the change is expected");
        }
        return read(url, store -> {
            HistoryStore.SeriesInfo s = HistoryAccess.findSeries(store.series(null), series);
            if (!metric.equals(HistoryCheckUseCase.EVERY_METRIC)
                    && !store.metrics(s.id()).contains(metric)) {
                throw new UsageException("series " + s.id() + " has no metric '" + metric + "'; it has "
                        + String.join(", ", store.metrics(s.id())));
            }
            store.ack(s.id(), metric, run, reason);
            return "acknowledged the change of "
                    + (metric.equals(HistoryCheckUseCase.EVERY_METRIC) ? "every metric" : metric) + " in series "
                    + s.id() + " at run " + run + ": " + reason;
        });
    }

    /** {@code history compact}: the store compacted; one line of what it freed. */
    public static String compact(String url) {
        return read(url, store -> HistoryReports.compactLine(store.shown(), store.compact()));
    }

    /** What a query does with the open store. */
    interface Query<T> {
        T apply(HistoryStore store) throws IOException;
    }

    /** Opens the store at {@code url} (never creating it), runs {@code query}, maps the store's errors. */
    static <T> T read(String url, Query<T> query) {
        List<T> result = new ArrayList<>(1);
        HistoryAccess.call(() -> {
            try (HistoryStore store = HistoryAccess.open(url, false)) {
                result.add(query.apply(store));
            }
            return 0;
        });
        return result.get(0);
    }
}
