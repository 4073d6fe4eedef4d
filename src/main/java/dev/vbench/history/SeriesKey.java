package dev.vbench.history;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vbench.result.CellConfig;
import dev.vbench.result.CellIdentity;
import dev.vbench.result.JmhBenchmark;
import dev.vbench.result.ResultCodec;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What breaks history (Conbench's "context"): workload, parameters, executor, tasks, concurrency,
 * load shape, and the JVM label and options where a cell records them. Two results are one series
 * exactly when these are equal on the same testbed; the exact JVM version and vendor are metadata
 * on each result (a JDK update is a point in the trend, not a new series).
 *
 * <p>The fingerprint is SHA-256 over the cell's identifying fields ({@link CellIdentity}, the one
 * definition {@code compare} matches cells by: every field of its configuration as JSON, the executor by
 * its spec), so a field a later schema adds (a JVM label, JVM options) takes part without code here;
 * {@link CellIdentity#METADATA} lists fields that never do. Unlike compare, the parameters count as one
 * JSON text, every field counts as stored (concurrency 0 included) and the JVM's options
 * ({@code --jvm-args}) are added: the fingerprint of a stored series must never change. A JVM object field
 * ({@code jvm}: a {@link dev.vbench.result.JvmInfo}) counts with its label and options only.
 *
 * @param fingerprint SHA-256 hex of the canonical fields
 * @param label the cell's label, as tables show it
 * @param workload workload (JMH: the benchmark)
 * @param params parameters as JSON text, sorted
 * @param executor executor spec (JMH: {@code jmh})
 * @param tasks tasks per trial (0 for a time window or JMH)
 * @param concurrency tasks in flight (JMH: threads)
 * @param loadShape the load shape as text
 * @param jvmLabel JVM label, empty when the cell has none
 * @param jvmOptions JVM options, empty when the cell records none
 */
public record SeriesKey(
        String fingerprint,
        String label,
        String workload,
        String params,
        String executor,
        long tasks,
        int concurrency,
        String loadShape,
        String jvmLabel,
        String jvmOptions) {

    /** The series of a vbench cell that ran in the run's own JVM. */
    public static SeriesKey of(CellConfig config) {
        return of(config, List.of());
    }

    /**
     * The series of a vbench cell.
     *
     * @param options the options its JVM was started with ({@code --jvm-args}; the configuration
     *     names only their label): part of the series, so that other options start another one
     */
    public static SeriesKey of(CellConfig config, List<String> options) {
        Map<String, String> fields = new TreeMap<>();
        String jvmLabel = "";
        String jvmOptions = "";
        for (CellIdentity.Field field : CellIdentity.fields(config)) {
            String name = field.name();
            JsonNode value = field.tree();
            String lower = name.toLowerCase(Locale.ROOT);
            if (lower.startsWith("jvm") && value.isObject()) {
                // a JVM description (dev.vbench.result.JvmInfo): its label and options break history,
                // its exact version, vendor and home are metadata
                jvmLabel = value.path("label").asText("");
                jvmOptions = String.join(" ", iterate(value.path("options")));
                fields.put(name + ".label", jvmLabel);
                fields.put(name + ".options", jvmOptions);
                continue;
            }
            String text = field.text();
            fields.put(name, text);
            if (lower.startsWith("jvm")) {
                String shown = value.isArray()
                        ? String.join(" ", iterate(value))
                        : value.isValueNode() ? value.asText() : text;
                if (lower.contains("arg") || lower.contains("option")) {
                    jvmOptions = shown;
                } else {
                    jvmLabel = shown;
                }
            }
        }
        if (!options.isEmpty()) {
            jvmOptions = String.join(" ", options);
            fields.put("jvm.options", jvmOptions);
        }
        String label = config.label() + (jvmLabel.isEmpty() ? "" : " | jvm=" + jvmLabel);
        return new SeriesKey(
                hash(fields),
                label,
                config.workload(),
                json(config.params()),
                config.executor().spec(),
                config.tasks(),
                config.concurrency(),
                config.loadText(),
                jvmLabel,
                jvmOptions);
    }

    /** The series of a JMH benchmark entry: benchmark, parameters, mode, threads and JVM options. */
    public static SeriesKey of(JmhBenchmark b) {
        Map<String, String> fields = new TreeMap<>();
        fields.put("workload", b.benchmark());
        fields.put("params", json(b.params()));
        fields.put("executor", "jmh");
        fields.put("mode", b.mode());
        fields.put("threads", String.valueOf(b.threads()));
        String options = String.join(" ", b.jvmArgs());
        fields.put("jvmOptions", options);
        StringBuilder label = new StringBuilder(b.benchmark());
        b.params().forEach((k, v) -> label.append(' ').append(k).append('=').append(v));
        String load = "mode=" + b.mode() + " threads=" + b.threads();
        label.append(" | jmh | ").append(load);
        return new SeriesKey(
                hash(fields),
                label.toString(),
                b.benchmark(),
                json(b.params()),
                "jmh",
                0,
                b.threads(),
                load,
                "",
                options);
    }

    private static List<String> iterate(JsonNode array) {
        List<String> out = new ArrayList<>();
        if (array.isArray()) {
            array.forEach(v -> out.add(v.asText()));
        }
        return out;
    }

    private static String json(Map<String, String> map) {
        try {
            return ResultCodec.mapper()
                    .writer()
                    .without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(new TreeMap<>(map));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String hash(Map<String, String> fields) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Map.Entry<String, String> e : new TreeMap<>(fields).entrySet()) {
                byte[] k = e.getKey().getBytes(StandardCharsets.UTF_8);
                byte[] v = e.getValue().getBytes(StandardCharsets.UTF_8);
                sha.update(lengthPrefix(k.length));
                sha.update(k);
                sha.update(lengthPrefix(v.length));
                sha.update(v);
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] lengthPrefix(int n) {
        return new byte[] {(byte) (n >>> 24), (byte) (n >>> 16), (byte) (n >>> 8), (byte) n};
    }
}
