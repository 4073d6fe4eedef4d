package dev.vbench.history;

import dev.vbench.report.ConsoleRenderer;
import dev.vbench.report.Html;
import dev.vbench.report.SvgChart;
import dev.vbench.report.Table;
import dev.vbench.stats.Verdict;
import dev.vbench.text.Numbers;
import dev.vbench.text.Printable;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the {@code history} verbs print: the runs and series tables, the analyze lines, a series over
 * time (table with change points marked, sparkline, HTML trend) and the Otava CSV export. Text only;
 * every number in {@link Locale#ROOT}.
 */
public final class HistoryReports {

    private static final String SPARKS = "▁▂▃▄▅▆▇█";
    /** Widest sparkline; longer series are averaged into this many buckets. */
    static final int SPARK_WIDTH = 72;

    private static final DateTimeFormatter OTAVA_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss Z", Locale.ROOT).withZone(ZoneOffset.UTC);

    private HistoryReports() {}

    /** An instant to the second, UTC: {@code 2026-11-20T02:00:00Z}. */
    public static String date(Instant t) {
        return t == null ? "" : t.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** A commit shortened to 12 characters, {@code -} when unknown. */
    public static String commit(String c) {
        return c == null || c.isEmpty() ? "-" : c.length() > 12 ? c.substring(0, 12) : c;
    }

    /**
     * What {@code history compact} prints: {@code compacted STORE (SHUTDOWN COMPACT): 4.1 GiB → 1.6 GiB
     * (-61.0%) in 28.3 s}.
     */
    public static String compactLine(String store, HistoryStore.Compaction done) {
        String change = done.bytesBefore() == 0
                ? ""
                : " (" + Numbers.deltaPercent((double) done.bytesAfter() / done.bytesBefore() - 1) + ")";
        return "compacted " + store + " (" + done.action() + "): " + Numbers.bytes(done.bytesBefore()) + " → "
                + Numbers.bytes(done.bytesAfter()) + change + " in " + Numbers.fixed(done.seconds(), 1) + " s";
    }

    /**
     * One line per run: id, date, machine, branch, commit, cells, labels, exclusion. The shards of one
     * run ({@code vbench run --shard K/N --history}: the labels {@code run} and {@code shard}) are one
     * line: their ids, the machines, the cells summed, the shards stored.
     */
    public static String runs(List<HistoryStore.RunInfo> runs) {
        Table.Builder t = new Table.Builder("")
                .number("run")
                .text("date")
                .text("machine")
                .text("branch")
                .text("commit")
                .number("cells")
                .text("labels")
                .text("note");
        Map<String, List<HistoryStore.RunInfo>> shardsByRun = new LinkedHashMap<>();
        for (HistoryStore.RunInfo r : runs) {
            if (r.labels().containsKey(Importer.SHARD_LABEL) && r.labels().containsKey(Importer.RUN_LABEL)) {
                shardsByRun
                        .computeIfAbsent(r.labels().get(Importer.RUN_LABEL), k -> new ArrayList<>())
                        .add(r);
            }
        }
        Set<String> shown = new HashSet<>();
        for (HistoryStore.RunInfo r : runs) {
            List<HistoryStore.RunInfo> shards = r.labels().containsKey(Importer.SHARD_LABEL)
                    ? shardsByRun.get(r.labels().get(Importer.RUN_LABEL))
                    : null;
            if (shards == null) {
                t.row(List.of(
                        String.valueOf(r.id()),
                        date(r.started()),
                        r.testbed(),
                        r.branch().isEmpty() ? "-" : r.branch(),
                        commit(r.commit()),
                        String.valueOf(r.cells()),
                        labels(r.labels()),
                        r.excluded() ? "excluded: " + r.excludeReason() : ""));
            } else if (shown.add(r.labels().get(Importer.RUN_LABEL))) {
                t.row(shardedRun(shards));
            }
        }
        return ConsoleRenderer.render(t.build());
    }

    private static String labels(Map<String, String> labels) {
        StringBuilder out = new StringBuilder();
        labels.forEach((k, v) ->
                out.append(out.isEmpty() ? "" : " ").append(k).append('=').append(v));
        return out.toString();
    }

    /** K of a {@code K/N} label; 0 when it is not one. */
    private static long shardIndex(String kn) {
        String k = kn.contains("/") ? kn.substring(0, kn.indexOf('/')) : kn;
        return k.matches("\\d{1,18}") ? Long.parseLong(k) : 0;
    }

    /** The line of a run stored as shards: every shard's id, the machines, the labels all share, the shards stored. */
    private static List<String> shardedRun(List<HistoryStore.RunInfo> shards) {
        HistoryStore.RunInfo first = shards.get(0);
        Map<String, String> shared = new TreeMap<>(first.labels());
        shards.forEach(s ->
                shared.entrySet().removeIf(e -> !e.getValue().equals(s.labels().get(e.getKey()))));
        shared.remove(Importer.SHARD_LABEL);
        List<String> kn = shards.stream()
                .map(s -> s.labels().get(Importer.SHARD_LABEL))
                .sorted(Comparator.comparingLong(HistoryReports::shardIndex))
                .toList();
        String total = kn.get(0).replaceAll(".*/", "");
        String ids = String.join(
                ",", shards.stream().map(s -> String.valueOf(s.id())).toList());
        String machines = String.join(
                ",",
                shards.stream().map(HistoryStore.RunInfo::testbed).distinct().toList());
        int cells = shards.stream().mapToInt(HistoryStore.RunInfo::cells).sum();
        String note = shards.size() + " of " + total + " shards (" + String.join(" ", kn) + ")";
        if (shards.stream().anyMatch(HistoryStore.RunInfo::excluded)) {
            note += "; excluded: "
                    + shards.stream()
                            .filter(HistoryStore.RunInfo::excluded)
                            .map(HistoryStore.RunInfo::excludeReason)
                            .distinct()
                            .reduce((a, b) -> a + ", " + b)
                            .orElse("");
        }
        return List.of(
                ids,
                date(first.started()),
                machines,
                first.branch().isEmpty() ? "-" : first.branch(),
                commit(first.commit()),
                String.valueOf(cells),
                labels(shared),
                note);
    }

    /** One line per series: id, machine, runs, first and last date, the series. */
    public static String series(List<HistoryStore.SeriesInfo> series) {
        Table.Builder t = new Table.Builder("")
                .number("series")
                .text("machine")
                .number("runs")
                .text("first")
                .text("last")
                .text("configuration");
        for (HistoryStore.SeriesInfo s : series) {
            t.row(List.of(
                    String.valueOf(s.id()),
                    s.testbed(),
                    String.valueOf(s.runs()),
                    date(s.first()),
                    date(s.last()),
                    s.key().label()));
        }
        return ConsoleRenderer.render(t.build());
    }

    /**
     * One change point: series, metric, the first run after it (date and commit), the change, p.
     *
     * @param ack its acknowledgement, or null
     */
    public static String analyzeLine(
            HistoryStore.SeriesInfo s, String metric, boolean higherIsBetter, Analysis.Found f, HistoryStore.Ack ack) {
        double change = f.stats().forwardChange();
        Verdict direction = Verdict.direction(change, higherIsBetter);
        String word = direction == Verdict.WITHIN_VARIANCE ? "" : " " + direction.word();
        return "series " + s.id() + " " + metric + " " + date(f.firstAfter().started()) + " run "
                + f.firstAfter().runId()
                + " commit " + commit(f.firstAfter().commit()) + " " + Numbers.deltaPercent(change) + word + " p="
                + Numbers.pValue(f.stats().p()) + " | " + Printable.escape(s.testbed()) + " | "
                + Printable.escape(s.key().label())
                + (ack == null ? "" : " | acknowledged: " + ack.reason());
    }

    /** A Unicode sparkline of {@code values} (NaN skipped), at most {@link #SPARK_WIDTH} characters. */
    public static String sparkline(double[] values) {
        double[] v = Arrays.stream(values).filter(Double::isFinite).toArray();
        if (v.length == 0) {
            return "";
        }
        v = buckets(v, SPARK_WIDTH);
        double min = Arrays.stream(v).min().orElse(0);
        double max = Arrays.stream(v).max().orElse(0);
        StringBuilder sb = new StringBuilder();
        for (double x : v) {
            int level = max == min
                    ? SPARKS.length() / 2
                    : (int) Math.round((x - min) / (max - min) * (SPARKS.length() - 1));
            sb.append(SPARKS.charAt(level));
        }
        return sb.toString();
    }

    /** {@code values} averaged into {@code width} buckets of consecutive values when there are more; else as they are. */
    public static double[] buckets(double[] values, int width) {
        if (values.length <= width) {
            return values;
        }
        double[] buckets = new double[width];
        for (int b = 0; b < width; b++) {
            int from = (int) ((long) b * values.length / width);
            int to = (int) ((long) (b + 1) * values.length / width);
            double sum = 0;
            for (int i = from; i < to; i++) {
                sum += values[i];
            }
            buckets[b] = sum / Math.max(1, to - from);
        }
        return buckets;
    }

    /**
     * A series over time as a table: one row per run (excluded runs marked), and between the rows
     * at each change point a dotted row with the change, as Otava prints it.
     */
    public static String showText(
            HistoryStore.SeriesInfo s,
            String metric,
            List<HistoryStore.Point> points,
            List<Analysis.Found> found,
            List<HistoryStore.Ack> acks) {
        Map<Long, Analysis.Found> byRun = new HashMap<>();
        found.forEach(f -> byRun.put(f.firstAfter().runId(), f));
        Map<Long, HistoryStore.Ack> ackByRun = new HashMap<>();
        acks.stream().filter(a -> a.metric().equals(metric)).forEach(a -> ackByRun.put(a.runId(), a));
        String unit = points.isEmpty() ? "" : points.get(0).unit();
        Table.Builder t = new Table.Builder("series " + s.id() + " on " + s.testbed() + ": "
                        + s.key().label() + " · " + metric + " (" + unit + ")")
                .number("run")
                .text("date")
                .text("commit")
                .number("median")
                .number("95% CI")
                .text("JVM")
                .text("note");
        String previousJvm = null;
        for (HistoryStore.Point p : points) {
            Analysis.Found f = byRun.get(p.runId());
            if (f != null) {
                HistoryStore.Ack ack = ackByRun.get(p.runId());
                t.row(List.of("", "", "", "·········", "", "", ""));
                t.row(List.of(
                        "",
                        "",
                        "",
                        Numbers.deltaPercent(f.stats().forwardChange()),
                        "",
                        "",
                        "change point p=" + Numbers.pValue(f.stats().p())
                                + (ack == null ? "" : ", acknowledged: " + ack.reason())));
                t.row(List.of("", "", "", "·········", "", "", ""));
            }
            String jvm = (p.javaVendor() + " " + p.javaVersion()).strip();
            String median = value(p.median());
            t.row(List.of(
                    String.valueOf(p.runId()),
                    date(p.started()),
                    commit(p.commit()),
                    median,
                    interval(p),
                    jvm.equals(previousJvm) ? "" : jvm,
                    p.excluded() ? "excluded: " + p.excludeReason() : ""));
            previousJvm = jvm;
        }
        double[] medians = Analysis.usable(points).stream()
                .mapToDouble(HistoryStore.Point::median)
                .toArray();
        t.footnote("trend (" + medians.length + " runs, excluded left out): " + sparkline(medians));
        t.footnote(
                "median over each run's trials; 95% CI: distribution-free interval of that median (±∞ below 6 trials)");
        return ConsoleRenderer.render(t.build());
    }

    private static double ciRelative(HistoryStore.Point p) {
        if (!Double.isFinite(p.ciLow()) || !Double.isFinite(p.ciHigh()) || p.median() == 0) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.max(p.ciHigh() / p.median() - 1, 1 - p.ciLow() / p.median());
    }

    /** A stored median as {@code show} prints it: 1 decimal from 1,000, 3 from 1, else 6. */
    public static String value(double v) {
        return Numbers.fixed(v, decimals(v));
    }

    /** A point's 95% CI relative to its median, as {@code show} prints it ({@code ±1.2%}; {@code ±∞} without one). */
    public static String interval(HistoryStore.Point p) {
        return Numbers.plusMinusPercent(ciRelative(p));
    }

    private static int decimals(double v) {
        double a = Math.abs(v);
        return a >= 1000 ? 1 : a >= 1 ? 3 : 6;
    }

    /**
     * The series as a page: an SVG trend of the medians with CI whiskers, a marker at each change
     * point, a dashed marker where the JVM version changes, then the table.
     */
    public static String showHtml(
            HistoryStore.SeriesInfo s,
            String metric,
            List<HistoryStore.Point> points,
            List<Analysis.Found> found,
            List<HistoryStore.Ack> acks) {
        List<HistoryStore.Point> used = Analysis.usable(points);
        int n = used.size();
        double[] xs = new double[n];
        double[] ys = new double[n];
        double[] lo = new double[n];
        double[] hi = new double[n];
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        List<SvgChart.Marker> markers = new ArrayList<>();
        String previousJvm = null;
        for (int i = 0; i < n; i++) {
            HistoryStore.Point p = used.get(i);
            xs[i] = i + 1;
            ys[i] = p.median();
            lo[i] = p.ciLow();
            hi[i] = p.ciHigh();
            for (double v : new double[] {p.median(), p.ciLow(), p.ciHigh()}) {
                if (Double.isFinite(v)) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
            String jvm = (p.javaVendor() + " " + p.javaVersion()).strip();
            if (previousJvm != null && !jvm.equals(previousJvm)) {
                markers.add(new SvgChart.Marker(i + 0.5, "JVM " + p.javaVersion(), true));
            }
            previousJvm = jvm;
        }
        Map<Long, Integer> index = new HashMap<>();
        for (int i = 0; i < n; i++) {
            index.put(used.get(i).runId(), i);
        }
        for (Analysis.Found f : found) {
            Integer i = index.get(f.firstAfter().runId());
            if (i != null) {
                markers.add(new SvgChart.Marker(
                        i + 0.5, Numbers.deltaPercent(f.stats().forwardChange()), false));
            }
        }
        String unit = points.isEmpty() ? "" : points.get(0).unit();
        if (!Double.isFinite(min)) {
            min = 0;
            max = 1;
        }
        double pad = (max - min) * 0.05;
        String svg = SvgChart.lines(
                s.key().label() + " · " + metric,
                SvgChart.Axis.linear("run (oldest first; excluded left out)", 1, Math.max(2, n)),
                SvgChart.Axis.linear(metric + " (" + unit + ")", Math.max(0, min - pad), max + pad),
                List.of(new SvgChart.Line("median ± 95% CI", xs, ys, lo, hi)),
                true,
                markers);
        StringBuilder body = new StringBuilder();
        body.append(Html.figure(
                svg,
                "Median of each run with its 95% CI; solid markers: change points (e-divisive"
                        + " with t-test); dashed: the JVM version changed."));
        body.append("<pre>")
                .append(Html.escape(showText(s, metric, points, found, acks)))
                .append("</pre>\n");
        return Html.page(
                "vbench history: series " + s.id(),
                s.testbed() + " · " + s.key().label(),
                body.toString());
    }

    /**
     * The series in the layout of Apache Otava's CSV importer: a {@code time} column, the
     * attributes {@code commit}, {@code branch}, {@code run}, {@code jvm}, then one column of
     * medians per metric; one row per run, excluded runs left out.
     */
    public static String otavaCsv(Map<String, List<HistoryStore.Point>> byMetric) {
        Map<Long, String[]> attributes = new LinkedHashMap<>();
        Map<Long, Instant> times = new HashMap<>();
        Map<Long, Map<String, Double>> values = new HashMap<>();
        List<HistoryStore.Point> all = new ArrayList<>();
        byMetric.values().forEach(all::addAll);
        all.sort(Comparator.comparing(HistoryStore.Point::started).thenComparingLong(HistoryStore.Point::runId));
        for (HistoryStore.Point p : all) {
            if (p.excluded()) {
                continue;
            }
            attributes.putIfAbsent(p.runId(), new String[] {
                p.commit(), p.branch(), String.valueOf(p.runId()), (p.javaVendor() + " " + p.javaVersion()).strip()
            });
            times.put(p.runId(), p.started());
            values.computeIfAbsent(p.runId(), k -> new TreeMap<>()).put(p.metric(), p.median());
        }
        List<String> metrics = new ArrayList<>(new TreeSet<>(byMetric.keySet()));
        StringBuilder sb = new StringBuilder("time,commit,branch,run,jvm");
        metrics.forEach(m -> sb.append(',').append(csv(m)));
        sb.append('\n');
        for (Map.Entry<Long, String[]> e : attributes.entrySet()) {
            sb.append(OTAVA_TIME.format(times.get(e.getKey())));
            for (String a : e.getValue()) {
                sb.append(',').append(csv(a));
            }
            for (String m : metrics) {
                Double v = values.get(e.getKey()).get(m);
                sb.append(',').append(v == null ? "" : Numbers.exact(v));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** RFC 4180 quoting where needed; control characters escaped ({@link Printable}). */
    static String csv(String text) {
        String s = Printable.escape(text);
        if (s.contains(",") || s.contains("\"") || s.contains("'") || s.contains("\n") || s.contains("\r")) {
            return "\"" + s.replace("\"", "\"\"") + "\"";
        }
        return s;
    }
}
