package dev.vbench.result;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JMH JSON result files (JMH 1.x, {@code -rf json}): a JSON array with one object per
 * benchmark and parameter combination, fields {@code jmhVersion, benchmark, mode, threads, forks,
 * jvm, jvmArgs, jdkVersion, vmName, vmVersion, warmup*, measurement*, params,
 * primaryMetric{score, scoreError, scoreConfidence, scorePercentiles, scoreUnit, rawData},
 * secondaryMetrics} (JMH {@code org.openjdk.jmh.results.format.JSONResultFormat}). Errors are
 * {@link ResultFormatException}s with one-line messages that name the file.
 *
 * <pre>{@code
 * if (JmhReader.isJmhDocument(text)) {
 *     List<JmhBenchmark> benchmarks = JmhReader.fromJson(text, "jmh.json");
 * }
 * }</pre>
 */
public final class JmhReader {

    private JmhReader() {}

    /** True when {@code text} is a JSON array (how JMH files start); vbench results are objects. */
    public static boolean isJmhDocument(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!Character.isWhitespace(c) && c != '\uFEFF') {
                return c == '[';
            }
        }
        return false;
    }

    /** Reads the whole file as text; a missing or unreadable file is a one-line error. */
    public static String readText(Path file) {
        return ResultCodec.readText(file);
    }

    /** Parses a JMH JSON document. */
    public static List<JmhBenchmark> fromJson(String json, String source) {
        JsonNode tree;
        try {
            tree = ResultCodec.mapper().readTree(json);
        } catch (JacksonException e) {
            String what = e.getMessage() != null && e.getMessage().contains("end-of-input")
                    ? "is truncated (the JSON ends early)"
                    : "is not valid JSON";
            throw new ResultFormatException(source + " " + what + "; give a JMH result written with -rf json");
        }
        if (tree == null || !tree.isArray()) {
            throw new ResultFormatException(
                    source + " is not a JMH result (no JSON array); give a file written with -rf json");
        }
        if (tree.isEmpty()) {
            throw new ResultFormatException(source + " is a JMH result with no benchmarks; did the JMH run fail?");
        }
        List<JmhBenchmark> out = new ArrayList<>();
        for (int i = 0; i < tree.size(); i++) {
            out.add(entry(tree.get(i), source + " entry " + (i + 1)));
        }
        return out;
    }

    private static JmhBenchmark entry(JsonNode node, String where) {
        if (!node.isObject()
                || !node.path("benchmark").isTextual()
                || !node.path("primaryMetric").isObject()) {
            throw new ResultFormatException(where + " is not a JMH benchmark (no \"benchmark\" or \"primaryMetric\");"
                    + " give a file written by JMH with -rf json");
        }
        JsonNode metric = node.get("primaryMetric");
        String unit = metric.path("scoreUnit").asText("");
        if (unit.isEmpty()) {
            throw new ResultFormatException(where + " has no primaryMetric.scoreUnit; was it edited by hand?");
        }
        Map<String, String> params = new LinkedHashMap<>();
        node.path("params")
                .properties()
                .forEach(e -> params.put(e.getKey(), e.getValue().asText()));
        List<String> jvmArgs = new ArrayList<>();
        node.path("jvmArgs").forEach(a -> jvmArgs.add(a.asText()));
        return new JmhBenchmark(
                node.get("benchmark").asText(),
                node.path("mode").asText("?"),
                node.path("threads").asInt(1),
                node.path("forks").asInt(1),
                params,
                unit,
                rawData(metric, where, "primaryMetric"),
                node.path("jmhVersion").asText(""),
                node.path("jdkVersion").asText(""),
                node.path("vmName").asText(""),
                node.path("vmVersion").asText(""),
                jvmArgs,
                secondary(node.path("secondaryMetrics"), where));
    }

    /** The secondary results that have {@code rawData} (a histogram-only one, of {@code sample} mode, is left out). */
    private static Map<String, JmhBenchmark.Secondary> secondary(JsonNode metrics, String where) {
        Map<String, JmhBenchmark.Secondary> out = new LinkedHashMap<>();
        metrics.properties().forEach(e -> {
            JsonNode m = e.getValue();
            List<Double> raw = m.isObject() ? rawData(m, where, "secondaryMetrics." + e.getKey()) : List.of();
            if (!raw.isEmpty()) {
                out.put(
                        e.getKey(),
                        new JmhBenchmark.Secondary(m.path("scoreUnit").asText(""), raw));
            }
        });
        return out;
    }

    private static List<Double> rawData(JsonNode metric, String where, String field) {
        List<Double> values = new ArrayList<>();
        JsonNode raw = metric.path("rawData");
        if (raw.isMissingNode()) {
            return values;
        }
        if (!raw.isArray()) {
            throw new ResultFormatException(
                    where + ": " + field + ".rawData is not an array of forks; was it edited by hand?");
        }
        for (JsonNode fork : raw) {
            if (!fork.isArray()) {
                throw new ResultFormatException(
                        where + ": " + field + ".rawData is not an array of forks; was it edited by hand?");
            }
            for (JsonNode v : fork) {
                if (!v.isNumber() && !(v.isTextual() && isNumber(v.asText()))) {
                    throw new ResultFormatException(where + ": " + field + ".rawData holds '" + v.asText()
                            + "', not a number; was it edited by hand?");
                }
                values.add(v.asDouble());
            }
        }
        return values;
    }

    private static boolean isNumber(String s) {
        try {
            Double.parseDouble(s);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
