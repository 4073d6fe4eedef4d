package dev.vbench.dashboard;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.vbench.history.Analysis;
import dev.vbench.history.HistoryReports;
import dev.vbench.history.HistoryStore;
import dev.vbench.spi.Redactor;
import dev.vbench.stats.Verdict;
import dev.vbench.text.Numbers;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The data a series' chart draws, as JSON: the points of one metric in columns (run, start, branch,
 * commit, median, interval, exclusion, JVM), the change points with their statistics and the settings
 * that found them, the acknowledgements; and the trials of a chunk of points, loaded when one is
 * hovered. Strings are redacted ({@link Redactor}); the script shows them as text. A page opened from
 * disk cannot fetch, so a static site holds the same JSON wrapped in a call ({@link #script}).
 *
 * <pre>{@code
 * String json = SeriesData.json(dashboard.series(3, "makespan"), settings, Links.LIVE);
 * }</pre>
 */
public final class SeriesData {

    private static final JsonFactory JSON = new JsonFactory();

    private SeriesData() {}

    /** The chart's data of a series at one metric. */
    public static String json(Dashboard.SeriesView v, Analysis.Settings settings, Links links) {
        return write(g -> {
            g.writeStartObject();
            g.writeNumberField("series", v.info().id());
            g.writeStringField("label", Redactor.redact(v.info().key().label()));
            g.writeStringField("testbed", Redactor.redact(v.info().testbed()));
            g.writeStringField("metric", v.metric());
            g.writeStringField("unit", v.unit());
            g.writeBooleanField("higherIsBetter", v.higherIsBetter());
            g.writeObjectFieldStart("settings");
            g.writeNumberField("window", settings.window());
            g.writeNumberField("maxP", settings.maxP());
            g.writeNumberField("minMagnitude", settings.minMagnitude());
            g.writeNumberField("minPointsAfter", settings.minPointsAfter());
            g.writeStringField("text", Pages.settingsText(settings));
            g.writeEndObject();
            g.writeStringField("trials", links.trialsData(v.info().id(), v.metric()));
            g.writeNumberField("trialChunk", links.trialChunk());
            g.writeStringField("runLink", links.run(0).replace("/0", "/{run}"));
            points(g, v.points());
            g.writeArrayFieldStart("changePoints");
            for (Analysis.Found f : v.changePoints()) {
                HistoryStore.Ack ack = v.ackOf(f);
                g.writeStartObject();
                g.writeNumberField("index", v.indexOf(f.firstAfter().runId()));
                g.writeNumberField("run", f.firstAfter().runId());
                number(g, "change", f.stats().forwardChange());
                number(g, "p", f.stats().p());
                number(g, "meanBefore", f.stats().meanBefore());
                number(g, "meanAfter", f.stats().meanAfter());
                g.writeStringField(
                        "direction",
                        Verdict.direction(f.stats().forwardChange(), v.higherIsBetter())
                                .word());
                g.writeStringField(
                        "text",
                        "run " + f.firstAfter().runId() + " "
                                + HistoryReports.date(f.firstAfter().started())
                                + ": "
                                + Numbers.deltaPercent(f.stats().forwardChange()) + " p="
                                + Numbers.pValue(f.stats().p()));
                g.writeStringField(
                        "href",
                        links.change(v.info().id(), v.metric(), f.firstAfter().runId()));
                if (ack != null) {
                    g.writeStringField("ack", Redactor.redact(ack.reason()));
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("acks");
            for (HistoryStore.Ack a : v.acks()) {
                if (a.covers(v.metric())) {
                    g.writeStartObject();
                    g.writeNumberField("run", a.runId());
                    g.writeNumberField("index", v.indexOf(a.runId()));
                    g.writeStringField("reason", Redactor.redact(a.reason()));
                    g.writeEndObject();
                }
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    /** Columns of the points; branches, JVMs and exclusion reasons as indexes into lists of their distinct values. */
    private static void points(JsonGenerator g, List<HistoryStore.Point> points) throws IOException {
        Map<String, Integer> branches = new LinkedHashMap<>();
        Map<String, Integer> jvms = new LinkedHashMap<>();
        Map<String, Integer> reasons = new LinkedHashMap<>();
        List<Integer> branch = new ArrayList<>();
        List<Integer> jvm = new ArrayList<>();
        List<Integer> reason = new ArrayList<>();
        for (HistoryStore.Point p : points) {
            branch.add(branches.computeIfAbsent(Redactor.redact(p.branch()), k -> branches.size()));
            jvm.add(jvms.computeIfAbsent((p.javaVendor() + " " + p.javaVersion()).strip(), k -> jvms.size()));
            reason.add(
                    p.excluded()
                            ? reasons.computeIfAbsent(Redactor.redact(p.excludeReason()), k -> reasons.size())
                            : -1);
        }
        strings(g, "branches", branches.keySet());
        strings(g, "jvms", jvms.keySet());
        strings(g, "reasons", reasons.keySet());
        g.writeObjectFieldStart("points");
        g.writeArrayFieldStart("run");
        for (HistoryStore.Point p : points) {
            g.writeNumber(p.runId());
        }
        g.writeEndArray();
        g.writeArrayFieldStart("time");
        for (HistoryStore.Point p : points) {
            g.writeNumber(p.started().toEpochMilli());
        }
        g.writeEndArray();
        g.writeArrayFieldStart("commit");
        for (HistoryStore.Point p : points) {
            g.writeString(Redactor.redact(HistoryReports.commit(p.commit())));
        }
        g.writeEndArray();
        ints(g, "branch", branch);
        ints(g, "jvm", jvm);
        ints(g, "excluded", reason);
        g.writeArrayFieldStart("median");
        for (HistoryStore.Point p : points) {
            number(g, p.median());
        }
        g.writeEndArray();
        g.writeArrayFieldStart("low");
        for (HistoryStore.Point p : points) {
            number(g, p.ciLow());
        }
        g.writeEndArray();
        g.writeArrayFieldStart("high");
        for (HistoryStore.Point p : points) {
            number(g, p.ciHigh());
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /**
     * The trials of a chunk of {@code size} points ({@link Dashboard#trials}):
     * {@code {"chunk": k, "from": i, "trials": [[…], …]}}.
     */
    public static String trials(int chunk, int size, List<double[]> trials) {
        return write(g -> {
            g.writeStartObject();
            g.writeNumberField("chunk", chunk);
            g.writeNumberField("from", (long) chunk * size);
            g.writeArrayFieldStart("trials");
            for (double[] t : trials) {
                g.writeStartArray();
                for (double v : t) {
                    number(g, v);
                }
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }

    /**
     * The JSON as a script for a static site: {@code vbenchData("PATH", {…});}, which the page's script
     * receives for the data file it added at {@code PATH}.
     */
    public static String script(String path, String json) {
        return write(g -> g.writeString(path)).transform(p -> "vbenchData(" + p + ", " + json + ");\n");
    }

    private interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    private static String write(Body body) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            body.write(g);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private static void strings(JsonGenerator g, String name, Iterable<String> values) throws IOException {
        g.writeArrayFieldStart(name);
        for (String v : values) {
            g.writeString(v);
        }
        g.writeEndArray();
    }

    private static void ints(JsonGenerator g, String name, List<Integer> values) throws IOException {
        g.writeArrayFieldStart(name);
        for (int v : values) {
            g.writeNumber(v);
        }
        g.writeEndArray();
    }

    /** A number; NaN and infinities (an interval below 6 trials) as null. */
    private static void number(JsonGenerator g, double v) throws IOException {
        if (Double.isFinite(v)) {
            g.writeNumber(v);
        } else {
            g.writeNull();
        }
    }

    private static void number(JsonGenerator g, String name, double v) throws IOException {
        g.writeFieldName(name);
        number(g, v);
    }
}
