package dev.vbench.dashboard;

import dev.vbench.compare.Change;
import dev.vbench.diagnose.WhyLines;
import dev.vbench.history.Analysis;
import dev.vbench.history.HistoryReports;
import dev.vbench.history.HistoryStore;
import dev.vbench.report.ComparisonTables;
import dev.vbench.report.FlameGraphs;
import dev.vbench.report.Html;
import dev.vbench.report.WhyText;
import dev.vbench.result.Environment;
import dev.vbench.result.ResultCodec;
import dev.vbench.spi.Redactor;
import dev.vbench.stats.Verdict;
import dev.vbench.text.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The dashboard's pages as HTML, in the page frame and stylesheet of every vbench report
 * ({@link Html#page}) with the dashboard's own script and styles added. Every stored string (labels,
 * branches, commits, reasons, command lines, configuration) passes {@link #text}: secrets redacted
 * ({@link Redactor}), then escaped, so a label {@code <script>} is text. Numbers are written as
 * {@code history show} writes them.
 */
public final class Pages {

    /** Points of an overview trend (the medians are averaged into this many buckets). */
    static final int SPARK_POINTS = 60;
    /** Runs listed under a series' chart. */
    static final int RECENT_LISTED = 20;

    private Pages() {}

    /** A stored string as the page shows it: secrets redacted, then escaped for HTML. */
    static String text(String stored) {
        return Html.escape(Redactor.redact(stored == null ? "" : stored));
    }

    private static String link(String href, String label) {
        return "<a href=\"" + Html.escape(href) + "\">" + label + "</a>";
    }

    /**
     * The whole page: the report frame, the dashboard's stylesheet and script, a {@code <base>} at the
     * site's root (so every link is relative to it) and the navigation.
     *
     * @param path the page's own path from the root, for its {@code <base>}
     */
    static String page(
            Links links, String path, String store, String title, String subtitle, String body, String head) {
        String extra = "<base href=\"" + Html.escape(links.base(path)) + "\"/>\n"
                + "<link rel=\"stylesheet\" href=\"" + links.asset("dashboard.css") + "\"/>\n"
                + "<script src=\"" + links.asset("dashboard.js") + "\" defer=\"defer\"></script>\n" + head;
        String nav = "<nav class=\"dash\">" + link(links.overview(), "All series")
                + "<span class=\"store\">history store: " + text(store) + "</span></nav>\n";
        return Html.page(title, subtitle, nav + body, extra);
    }

    // ---- overview -----------------------------------------------------------------------------------------------

    /** The overview: filters, then one row per series. */
    public static String overview(Links links, Dashboard.Overview o, Dashboard d) {
        Analysis.Settings settings = d.settings();
        List<Dashboard.SeriesSummary> all = o.series();
        StringBuilder b = new StringBuilder();
        b.append("<form class=\"filters\" id=\"filters\">\n");
        filter(
                b,
                "testbed",
                "machine",
                all.stream().map(s -> s.info().testbed()).toList());
        filter(
                b,
                "branch",
                "branch",
                all.stream().flatMap(s -> s.branches().stream()).toList());
        filter(
                b,
                "workload",
                "workload",
                all.stream().map(s -> s.info().key().workload()).toList());
        filter(
                b,
                "executor",
                "executor",
                all.stream().map(s -> s.info().key().executor()).toList());
        b.append("<span class=\"count\" id=\"shown\">").append(all.size()).append(" series</span>\n</form>\n");
        b.append("<table class=\"series\" id=\"series\">\n<thead><tr><th class=\"num\">series</th><th>machine</th>"
                + "<th>configuration</th><th>metric</th><th class=\"num\">runs</th><th>newest run</th><th class=\"num\">newest</th>"
                + "<th>trend</th><th>last change point</th><th>alert</th></tr></thead>\n<tbody>\n");
        for (Dashboard.SeriesSummary s : all) {
            overviewRow(b, links, s);
        }
        b.append("</tbody>\n</table>\n");
        b.append("<ul class=\"notes\">\n<li>")
                .append(Html.escape("trend: the median of each run (excluded runs left out),"
                        + " oldest first; ticks mark change points (" + settingsText(settings) + ")"))
                .append("</li>\n<li>")
                .append(Html.escape("▲ alert: change points in the metric's bad direction that no 'vbench history ack'"
                        + " covers; acknowledge one to clear it"))
                .append("</li>\n</ul>\n");
        return page(links, links.overview(), d.store(), "vbench history", all.size() + " series", b.toString(), "");
    }

    private static void filter(StringBuilder b, String name, String label, List<String> values) {
        b.append("<label>")
                .append(label)
                .append(" <select name=\"")
                .append(name)
                .append("\">")
                .append("<option value=\"\">all</option>");
        for (String v : new TreeSet<>(values)) {
            b.append("<option value=\"")
                    .append(text(v))
                    .append("\">")
                    .append(text(v.isEmpty() ? "(none)" : v))
                    .append("</option>");
        }
        b.append("</select></label>\n");
    }

    private static void overviewRow(StringBuilder b, Links links, Dashboard.SeriesSummary s) {
        HistoryStore.SeriesInfo info = s.info();
        String href = links.series(info.id(), s.metric());
        b.append("<tr data-series=\"")
                .append(info.id())
                .append("\" data-testbed=\"")
                .append(text(info.testbed()))
                .append("\" data-workload=\"")
                .append(text(info.key().workload()))
                .append("\" data-executor=\"")
                .append(text(info.key().executor()))
                .append("\" data-branch=\"")
                .append(text(json(s.branches())))
                .append("\">");
        b.append("<td class=\"num\">")
                .append(link(href, String.valueOf(info.id())))
                .append("</td>");
        b.append("<td>").append(text(info.testbed())).append("</td>");
        b.append("<td class=\"config\">")
                .append(link(href, text(info.key().label())))
                .append("</td>");
        b.append("<td>").append(text(s.metric())).append("</td>");
        b.append("<td class=\"num\">").append(info.runs()).append("</td>");
        HistoryStore.Point last = s.last();
        b.append("<td>")
                .append(
                        last == null
                                ? ""
                                : link(links.run(last.runId()), Html.escape(HistoryReports.date(last.started()))))
                .append("</td>");
        b.append("<td class=\"num\">")
                .append(last == null ? "" : HistoryReports.value(last.median()) + " " + text(s.unit()))
                .append("</td>");
        b.append("<td>").append(sparkline(s)).append("</td>");
        b.append("<td class=\"change\">");
        if (s.lastChange() != null) {
            Analysis.Found f = s.lastChange();
            Verdict direction = Verdict.direction(f.stats().forwardChange(), s.higherIsBetter());
            b.append(link(
                    links.change(info.id(), s.metric(), f.firstAfter().runId()),
                    Html.escape(HistoryReports.date(f.firstAfter().started()).substring(0, 10) + " run "
                            + f.firstAfter().runId()
                            + " " + Numbers.deltaPercent(f.stats().forwardChange())
                            + (direction == Verdict.WITHIN_VARIANCE ? "" : " " + direction.word()))));
            if (s.lastChangeAck() != null) {
                b.append(" <span class=\"acked\" title=\"")
                        .append(text(s.lastChangeAck().reason()))
                        .append("\">acknowledged</span>");
            }
        }
        b.append("</td><td>");
        if (!s.regressions().isEmpty()) {
            Analysis.Found newest = s.regressions().get(s.regressions().size() - 1);
            b.append("<a class=\"alert\" href=\"")
                    .append(Html.escape(links.change(
                            info.id(), s.metric(), newest.firstAfter().runId())))
                    .append("\" title=\"")
                    .append(s.regressions().size())
                    .append(" unacknowledged regression(s); newest at run ")
                    .append(newest.firstAfter().runId())
                    .append("\">▲ ")
                    .append(s.regressions().size())
                    .append("</a>");
        }
        b.append("</td></tr>\n");
    }

    /** The overview's trend: an inline SVG polyline of the bucketed medians, ticks at the change points. */
    static String sparkline(Dashboard.SeriesSummary s) {
        double[] v = s.trend();
        int width = 120;
        int height = 24;
        StringBuilder b = new StringBuilder(
                "<svg class=\"spark\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + width + "\" height=\"" + height
                        + "\" viewBox=\"0 0 " + width + " " + height + "\" role=\"img\" aria-label=\"trend\">");
        if (v.length == 0) {
            return b.append("</svg>").toString();
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double x : v) {
            min = Math.min(min, x);
            max = Math.max(max, x);
        }
        b.append("<polyline points=\"");
        for (int i = 0; i < v.length; i++) {
            double x = v.length == 1 ? width / 2.0 : 2 + i * (width - 4.0) / (v.length - 1);
            double y = max == min ? height / 2.0 : height - 3 - (v[i] - min) / (max - min) * (height - 6);
            b.append(i == 0 ? "" : " ").append(Numbers.fixed(x, 1)).append(',').append(Numbers.fixed(y, 1));
        }
        b.append("\"/>");
        for (double at : s.changesAt()) {
            double x = 2 + at * (width - 4.0);
            b.append("<line class=\"cp\" x1=\"")
                    .append(Numbers.fixed(x, 1))
                    .append("\" x2=\"")
                    .append(Numbers.fixed(x, 1))
                    .append("\" y1=\"0\" y2=\"")
                    .append(height)
                    .append("\"/>");
        }
        return b.append("</svg>").toString();
    }

    private static String json(List<String> values) {
        StringBuilder b = new StringBuilder("[");
        for (String v : values) {
            b.append(b.length() > 1 ? "," : "").append('"');
            for (char c : Redactor.redact(v).toCharArray()) {
                switch (c) {
                    case '"' -> b.append("\\\"");
                    case '\\' -> b.append("\\\\");
                    default -> b.append(c < 0x20 ? ' ' : c);
                }
            }
            b.append('"');
        }
        return b.append(']').toString();
    }

    /** A fraction as a percentage with the decimals it needs: {@code 1%}, {@code 0.5%}. */
    static String percent(double fraction) {
        String s = Numbers.fixed(fraction * 100, 2);
        return (s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s) + "%";
    }

    static String settingsText(Analysis.Settings s) {
        return "e-divisive means with a t-test: window " + s.window() + ", p < " + Numbers.pValue(s.maxP())
                + ", magnitude > " + percent(s.minMagnitude()) + ", at least " + s.minPointsAfter() + " run(s) after";
    }

    // ---- series -------------------------------------------------------------------------------------------------

    /** A series page: metric choice, the chart (drawn by the script from {@link SeriesData}), change points, runs. */
    public static String series(Links links, Dashboard.SeriesView v, Dashboard d) {
        HistoryStore.SeriesInfo info = v.info();
        StringBuilder b = new StringBuilder();
        b.append("<div class=\"controls\">metric:");
        for (String m : v.metrics()) {
            b.append(' ')
                    .append(
                            m.equals(v.metric())
                                    ? "<strong>" + text(m) + "</strong>"
                                    : link(links.series(info.id(), m), text(m)));
        }
        b.append("</div>\n");
        b.append("<div id=\"chart\" class=\"chart\" data-src=\"")
                .append(Html.escape(links.seriesData(info.id(), v.metric())))
                .append(
                        "\"><noscript>The chart needs JavaScript; the tables below list the same runs.</noscript></div>\n");
        changePointTable(b, links, v, d.settings());
        ackTable(b, v);
        exclusionTable(b, links, v);
        recentRuns(b, links, v);
        String title = "series " + info.id() + " · " + v.metric();
        return page(
                links,
                links.series(info.id(), v.metric()),
                d.store(),
                "vbench history: " + title,
                Redactor.redact(info.testbed() + " · " + info.key().label()),
                b.toString(),
                "");
    }

    private static void changePointTable(
            StringBuilder b, Links links, Dashboard.SeriesView v, Analysis.Settings settings) {
        b.append("<h2>Change points</h2>\n<p class=\"params\">")
                .append(Html.escape("Found by " + settingsText(settings)
                        + ", over the runs not excluded; 'vbench history analyze' finds the same."))
                .append("</p>\n");
        if (v.changePoints().isEmpty()) {
            b.append("<p class=\"none\">None found over ")
                    .append(Analysis.usable(v.points()).size())
                    .append(" runs.</p>\n");
            return;
        }
        b.append(
                "<table class=\"changes\" id=\"changes\">\n<thead><tr><th class=\"num\">first run after</th><th>date</th>"
                        + "<th>commit</th><th class=\"num\">change</th><th class=\"num\">p</th><th>direction</th><th>acknowledged</th>"
                        + "</tr></thead>\n<tbody>\n");
        for (Analysis.Found f : v.changePoints()) {
            HistoryStore.Point p = f.firstAfter();
            HistoryStore.Ack ack = v.ackOf(f);
            Verdict d = Verdict.direction(f.stats().forwardChange(), v.higherIsBetter());
            b.append("<tr data-run=\"")
                    .append(p.runId())
                    .append("\"><td class=\"num\">")
                    .append(link(links.change(v.info().id(), v.metric(), p.runId()), "run " + p.runId()))
                    .append("</td><td>")
                    .append(Html.escape(HistoryReports.date(p.started())))
                    .append("</td><td>")
                    .append(text(HistoryReports.commit(p.commit())))
                    .append("</td><td class=\"num\">")
                    .append(Html.escape(Numbers.deltaPercent(f.stats().forwardChange())))
                    .append("</td><td class=\"num\">")
                    .append(Html.escape(Numbers.pValue(f.stats().p())))
                    .append("</td><td>")
                    .append(d.word())
                    .append("</td><td>")
                    .append(ack == null ? "" : text(ack.reason()))
                    .append("</td></tr>\n");
        }
        b.append("</tbody>\n</table>\n");
    }

    private static void ackTable(StringBuilder b, Dashboard.SeriesView v) {
        if (v.acks().isEmpty()) {
            return;
        }
        b.append(
                "<h2>Acknowledged changes</h2>\n<table class=\"acks\">\n<thead><tr><th class=\"num\">run</th><th>metric</th>"
                        + "<th>reason</th><th>acknowledged</th></tr></thead>\n<tbody>\n");
        for (HistoryStore.Ack a : v.acks()) {
            b.append("<tr><td class=\"num\">")
                    .append(a.runId())
                    .append("</td><td>")
                    .append(text(a.metric()))
                    .append("</td><td>")
                    .append(text(a.reason()))
                    .append("</td><td>")
                    .append(text(a.acked()))
                    .append("</td></tr>\n");
        }
        b.append("</tbody>\n</table>\n");
    }

    private static void exclusionTable(StringBuilder b, Links links, Dashboard.SeriesView v) {
        List<HistoryStore.Point> excluded =
                v.points().stream().filter(HistoryStore.Point::excluded).toList();
        if (excluded.isEmpty()) {
            return;
        }
        b.append(
                "<h2>Excluded runs</h2>\n<table class=\"excluded\">\n<thead><tr><th class=\"num\">run</th><th>date</th>"
                        + "<th>reason</th></tr></thead>\n<tbody>\n");
        for (HistoryStore.Point p : excluded) {
            b.append("<tr><td class=\"num\">")
                    .append(link(links.run(p.runId()), String.valueOf(p.runId())))
                    .append("</td><td>")
                    .append(Html.escape(HistoryReports.date(p.started())))
                    .append("</td><td>")
                    .append(text(p.excludeReason()))
                    .append("</td></tr>\n");
        }
        b.append("</tbody>\n</table>\n");
    }

    private static void recentRuns(StringBuilder b, Links links, Dashboard.SeriesView v) {
        List<HistoryStore.Point> points = v.points();
        List<HistoryStore.Point> recent = points.subList(Math.max(0, points.size() - RECENT_LISTED), points.size());
        b.append(
                        "<h2>Newest runs</h2>\n<table class=\"runs\" id=\"runs\">\n<thead><tr><th class=\"num\">run</th><th>date</th>"
                                + "<th>branch</th><th>commit</th><th class=\"num\">median (")
                .append(text(v.unit()))
                .append(")</th>" + "<th class=\"num\">95% CI</th><th>JVM</th><th>note</th></tr></thead>\n<tbody>\n");
        for (HistoryStore.Point p : recent.reversed()) {
            b.append("<tr><td class=\"num\">")
                    .append(link(links.run(p.runId()), String.valueOf(p.runId())))
                    .append("</td><td>")
                    .append(Html.escape(HistoryReports.date(p.started())))
                    .append("</td><td>")
                    .append(text(p.branch()))
                    .append("</td><td>")
                    .append(text(HistoryReports.commit(p.commit())))
                    .append("</td><td class=\"num\">")
                    .append(HistoryReports.value(p.median()))
                    .append("</td><td class=\"num\">")
                    .append(Html.escape(HistoryReports.interval(p)))
                    .append("</td><td>")
                    .append(text((p.javaVendor() + " " + p.javaVersion()).strip()))
                    .append("</td><td>")
                    .append(p.excluded() ? "excluded: " + text(p.excludeReason()) : "")
                    .append("</td></tr>\n");
        }
        b.append("</tbody>\n</table>\n");
    }

    // ---- run ----------------------------------------------------------------------------------------------------

    /** A run page: what the run was, its cells with their deltas, its environment. */
    public static String run(Links links, RunView r, Dashboard d) {
        HistoryStore.RunInfo run = r.run();
        StringBuilder b = new StringBuilder();
        b.append("<table class=\"facts\" id=\"run-facts\">\n<tbody>\n");
        fact(b, "run", String.valueOf(run.id()));
        fact(b, "started", HistoryReports.date(run.started()));
        fact(b, "machine", run.testbed());
        fact(b, "branch", run.branch().isEmpty() ? "-" : run.branch());
        fact(b, "commit", run.commit().isEmpty() ? "-" : run.commit());
        StringBuilder labels = new StringBuilder();
        run.labels()
                .forEach((k, v) -> labels.append(labels.isEmpty() ? "" : "  ")
                        .append(k)
                        .append('=')
                        .append(v));
        fact(b, "labels", labels.toString());
        fact(b, "source", run.source());
        fact(b, "vbench", run.vbenchVersion());
        fact(b, "command line", run.commandLine());
        if (run.excluded()) {
            fact(b, "excluded", run.excludeReason());
        }
        b.append("</tbody>\n</table>\n");
        b.append("<h2>Cells</h2>\n");
        cellTable(b, links, r, d);
        b.append("<h2>Environment</h2>\n");
        environment(b, r);
        return page(
                links,
                links.run(run.id()),
                d.store(),
                "vbench history: run " + run.id(),
                Redactor.redact(run.testbed() + " · " + HistoryReports.date(run.started())
                        + (run.commit().isEmpty() ? "" : " · " + HistoryReports.commit(run.commit()))),
                b.toString(),
                "");
    }

    private static void fact(StringBuilder b, String name, String value) {
        b.append("<tr><th>")
                .append(Html.escape(name))
                .append("</th><td>")
                .append(text(value))
                .append("</td></tr>\n");
    }

    private static void cellTable(StringBuilder b, Links links, RunView r, Dashboard d) {
        b.append("<table class=\"cells\" id=\"cells\">\n<thead><tr><th class=\"num\">series</th><th>configuration</th>"
                + "<th>metric</th><th class=\"num\">median</th><th class=\"num\">95% CI</th><th class=\"num\">trials</th>"
                + "<th class=\"num\">previous run</th><th class=\"num\">its median</th><th class=\"num\">vs previous</th>"
                + "<th class=\"num\">median of last " + Dashboard.RECENT_RUNS + "</th><th class=\"num\">vs last "
                + Dashboard.RECENT_RUNS + "</th></tr></thead>\n<tbody>\n");
        for (RunView.Cell c : r.cells()) {
            HistoryStore.Point p = c.point();
            b.append("<tr data-series=\"")
                    .append(c.series().id())
                    .append("\"><td class=\"num\">")
                    .append(link(
                            links.series(c.series().id(), c.metric()),
                            String.valueOf(c.series().id())))
                    .append("</td><td class=\"config\">")
                    .append(text(c.series().key().label()))
                    .append("</td><td>")
                    .append(text(c.metric()))
                    .append("</td><td class=\"num median\">")
                    .append(HistoryReports.value(p.median()))
                    .append(' ')
                    .append(text(p.unit()))
                    .append("</td><td class=\"num\">")
                    .append(Html.escape(HistoryReports.interval(p)))
                    .append("</td><td class=\"num\">")
                    .append(c.trials().length)
                    .append("</td>");
            if (c.previous() == null) {
                b.append("<td class=\"num\">-</td><td class=\"num\">-</td><td class=\"num\">-</td>");
            } else {
                b.append("<td class=\"num\">")
                        .append(link(
                                links.run(c.previous().runId()),
                                String.valueOf(c.previous().runId())))
                        .append("</td><td class=\"num prev-median\">")
                        .append(HistoryReports.value(c.previous().median()))
                        .append("</td>")
                        .append(delta(
                                "vs-previous", c.previousDelta(), c.previousP(), c.previousVerdict(), c.previousMde()));
            }
            if (c.recentRuns() == 0) {
                b.append("<td class=\"num\">-</td><td class=\"num\">-</td>");
            } else {
                b.append("<td class=\"num\">")
                        .append(HistoryReports.value(c.recentMedian()))
                        .append(" (")
                        .append(c.recentRuns())
                        .append(")</td>")
                        .append(delta("vs-recent", c.recentDelta(), c.recentP(), c.recentVerdict(), c.recentMde()));
            }
            b.append("</tr>\n");
        }
        b.append("</tbody>\n</table>\n<ul class=\"notes\">\n<li>")
                .append(
                        Html.escape(
                                "vs previous: the change of the median"
                                        + " from the series' previous run (excluded runs left out), tested with the two-sided Mann-Whitney U over"
                                        + " the two runs' trials; vs last " + Dashboard.RECENT_RUNS
                                        + ": the change from the median of those runs'"
                                        + " medians, tested with a Student-t prediction interval over them (as 'vbench history check')."))
                .append("</li>\n<li>")
                .append(Html.escape("faster/slower only when the p, Holm-adjusted across the "
                        + r.cells().size() + " cell(s) of each column, is below " + Numbers.fixed(d.alpha(), 2)
                        + " and the change exceeds the " + percent(d.noise()) + " noise band; ~ = within variance"))
                .append("</li>\n<li>")
                .append(Html.escape(ComparisonTables.MDE_LEGEND))
                .append("</li>\n</ul>\n");
    }

    /** A delta as every table writes it: {@code +9.8% slower}, {@code -0.4% ~ (±2.1%)} with the minimum detectable effect. */
    private static String delta(String cls, double delta, double p, Verdict v, double mde) {
        String word = v != Verdict.WITHIN_VARIANCE
                ? v.word()
                : Double.isNaN(mde) ? "~" : "~ (" + Numbers.plusMinusPercent(mde) + ")";
        String title = Double.isNaN(p) ? "untested" : "p=" + Numbers.pValue(p) + " (Holm)";
        return "<td class=\"num " + cls + " "
                + (v == Verdict.SLOWER ? "slower" : v == Verdict.FASTER ? "faster" : "within") + "\" title=\""
                + Html.escape(title) + "\">" + Html.escape(Numbers.deltaPercent(delta) + " " + word) + "</td>";
    }

    private static void environment(StringBuilder b, RunView r) {
        ResultCodec.Header h = r.header();
        if (h == null) {
            b.append(
                    "<p class=\"none\">The run's document is not a vbench result (a JMH file): its JVM is in the series'"
                            + " points.</p>\n");
            return;
        }
        Environment e = h.environment();
        b.append("<table class=\"facts\" id=\"environment\">\n<tbody>\n");
        fact(b, "JDK", e.javaVendor() + " " + e.javaVersion() + " (" + e.jvmName() + ")");
        fact(b, "JVM arguments", String.join(" ", e.jvmArguments()));
        fact(
                b,
                "machine",
                e.hostName() + ": " + e.availableProcessors() + " CPUs"
                        + (e.cpuModel() == null || e.cpuModel().isEmpty() ? "" : " (" + e.cpuModel() + ")")
                        + ", max heap "
                        + Numbers.bytes(e.maxHeapBytes()));
        fact(b, "OS", e.osName() + " " + e.osVersion() + " " + e.osArch());
        if (h.settings() != null) {
            fact(
                    b,
                    "trials",
                    h.settings().measuredTrials() + " measured, " + h.settings().warmupTrials() + " warmup, "
                            + h.settings().forks() + " fork(s)");
        }
        Map<String, Long> loads = new LinkedHashMap<>();
        r.cells().forEach(c -> loads.merge(c.series().key().loadShape(), 1L, Long::sum));
        List<String> shapes = new ArrayList<>();
        loads.forEach((k, n) -> shapes.add(k + " (" + n + " cell" + (n == 1 ? "" : "s") + ")"));
        fact(b, "load", String.join(", ", shapes));
        b.append("</tbody>\n</table>\n");
    }

    // ---- change point -------------------------------------------------------------------------------------------

    /** A change-point page: the change, the runs on both sides, the two runs compared with their Why and flame graphs. */
    public static String change(Links links, ChangeView c, Dashboard d) {
        Analysis.Settings settings = d.settings();
        Dashboard.SeriesView v = c.series();
        Analysis.Found f = c.found();
        long sid = v.info().id();
        Verdict direction = Verdict.direction(f.stats().forwardChange(), v.higherIsBetter());
        StringBuilder b = new StringBuilder();
        b.append("<table class=\"facts\" id=\"change-facts\">\n<tbody>\n");
        b.append("<tr><th>series</th><td>")
                .append(link(
                        links.series(sid, v.metric()),
                        sid + ": " + text(v.info().key().label())))
                .append("</td></tr>\n");
        fact(b, "metric", v.metric() + " (" + v.unit() + ")");
        fact(
                b,
                "change",
                Numbers.deltaPercent(f.stats().forwardChange())
                        + (direction == Verdict.WITHIN_VARIANCE ? "" : " " + direction.word()) + ": mean "
                        + HistoryReports.value(f.stats().meanBefore()) + " → "
                        + HistoryReports.value(f.stats().meanAfter()) + ", p="
                        + Numbers.pValue(f.stats().p()));
        b.append("<tr><th>first run after</th><td>")
                .append(link(links.run(c.to().runId()), "run " + c.to().runId()))
                .append(' ')
                .append(Html.escape(HistoryReports.date(c.to().started())))
                .append(" commit ")
                .append(text(c.to().commit().isEmpty() ? "-" : c.to().commit()))
                .append("</td></tr>\n");
        fact(b, "found by", settingsText(settings));
        fact(
                b,
                "acknowledged",
                c.ack() == null
                        ? "no ('vbench history ack " + sid + " " + c.to().runId() + " --metric " + v.metric()
                                + " --reason …' acknowledges it)"
                        : c.ack().reason() + " (" + c.ack().acked() + ")");
        b.append("</tbody>\n</table>\n");
        b.append(
                        "<h2>The runs on both sides</h2>\n<table class=\"sides\" id=\"sides\">\n<thead><tr><th>side</th>"
                                + "<th class=\"num\">run</th><th>date</th><th>branch</th><th>commit</th><th class=\"num\">median (")
                .append(text(v.unit()))
                .append(")</th><th class=\"num\">95% CI</th><th>JVM</th><th>note</th></tr></thead>\n<tbody>\n");
        c.before().forEach(p -> sideRow(b, links, "before", p));
        c.after().forEach(p -> sideRow(b, links, "after", p));
        b.append("</tbody>\n</table>\n");
        String head = "";
        if (c.pair() == null) {
            b.append("<p class=\"none\">")
                    .append(
                            c.from() == null
                                    ? "No run before the change point to compare with."
                                    : "A side's document is not a vbench result with this cell (a JMH file): no Why lines.")
                    .append("</p>\n");
        } else {
            b.append("<h2>Run ")
                    .append(c.from().runId())
                    .append(" → run ")
                    .append(c.to().runId())
                    .append("</h2>\n");
            List<WhyLines.Explanation> why = c.why().lines().isEmpty() ? List.of() : List.of(c.why());
            Change change = c.pair().change();
            b.append("<p class=\"pair\">")
                    .append(Html.escape(v.metric() + " "
                            + HistoryReports.value(c.from().median()) + " → "
                            + HistoryReports.value(c.to().median()) + " " + v.unit() + ": "
                            + Numbers.deltaPercent(change.delta()) + " ("
                            + change.verdict().word() + "), p=" + Numbers.pValue(change.p())
                            + " (two-sided Mann-Whitney over "
                            + change.nFrom() + "+" + change.nTo() + " trials, noise band " + percent(d.noise()) + ")"))
                    .append("</p>\n");
            if (why.isEmpty()) {
                b.append("<p class=\"none\">The profiles and telemetry of the two runs name no difference"
                        + (c.pair().commonEvents().isEmpty()
                                ? " (neither run was profiled for the same event: store runs made"
                                        + " with --profile to see a differential flame graph here)"
                                : "")
                        + ".</p>\n");
            } else {
                b.append(WhyText.html(why));
            }
            for (int i = 0; i < c.flames().size(); i++) {
                b.append(FlameGraphs.html(c.flames().get(i), "flame-" + i));
            }
            if (!c.flames().isEmpty()) {
                head = FlameGraphs.HEAD;
            }
        }
        return page(
                links,
                links.change(sid, v.metric(), c.to().runId()),
                d.store(),
                "vbench history: change point at run " + c.to().runId(),
                Redactor.redact("series " + sid + " · " + v.metric() + " · "
                        + v.info().key().label()),
                b.toString(),
                head);
    }

    private static void sideRow(StringBuilder b, Links links, String side, HistoryStore.Point p) {
        b.append("<tr class=\"")
                .append(side)
                .append("\"><td>")
                .append(side)
                .append("</td><td class=\"num\">")
                .append(link(links.run(p.runId()), String.valueOf(p.runId())))
                .append("</td><td>")
                .append(Html.escape(HistoryReports.date(p.started())))
                .append("</td><td>")
                .append(text(p.branch()))
                .append("</td><td>")
                .append(text(HistoryReports.commit(p.commit())))
                .append("</td><td class=\"num\">")
                .append(HistoryReports.value(p.median()))
                .append("</td><td class=\"num\">")
                .append(Html.escape(HistoryReports.interval(p)))
                .append("</td><td>")
                .append(text((p.javaVendor() + " " + p.javaVersion()).strip()))
                .append("</td><td>")
                .append(p.excluded() ? "excluded: " + text(p.excludeReason()) : "")
                .append("</td></tr>\n");
    }

    /** A page that says what was not found (or what failed), with a link back to the overview. */
    public static String problem(Links links, String path, String store, String title, String message) {
        return page(
                links,
                path,
                store,
                "vbench history: " + title,
                "",
                "<p class=\"problem\">" + text(message) + "</p>\n",
                "");
    }
}
