package dev.vbench.history;

import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.Environment;
import dev.vbench.result.JmhBenchmark;
import dev.vbench.result.JmhReader;
import dev.vbench.result.JvmInfo;
import dev.vbench.result.Metric;
import dev.vbench.result.MetricSummary;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.result.Sharding;
import dev.vbench.spi.Redactor;
import dev.vbench.stats.Summaries;
import dev.vbench.text.Printable;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Turns a vbench result (any schema version, through {@link ResultCodec}) or a JMH JSON file
 * (through {@link JmhReader}) into a {@link StoredRun}. Only finished cells ({@code ok}) are kept:
 * an interrupted or failed cell is not a point of a trend. What is stored holds no secret in clear
 * ({@link Redactor}): the document, the command line, the labels and the metadata are masked here,
 * whatever the file held.
 */
public final class Importer {

    private Importer() {}

    /**
     * What the command line adds to a run.
     *
     * @param testbed testbed name; null for the host name
     * @param branch git branch; empty when unknown
     * @param commit git commit; empty when unknown
     * @param labels {@code --label k=v} pairs
     * @param runId the run a shard's result is stored into ({@code --run-id}, the scheduler's job id); null
     *     when none. A shard's result ({@link dev.vbench.result.Sharding}) stored with one gets
     *     {@link #asShard}'s labels.
     */
    public record Meta(String testbed, String branch, String commit, Map<String, String> labels, String runId) {

        /** Metadata of a run that is not stored as a shard of a larger run. */
        public Meta(String testbed, String branch, String commit, Map<String, String> labels) {
            this(testbed, branch, commit, labels, null);
        }

        /** @throws HistoryException (exit 2) for a value the store cannot keep: too long, or with a control character */
        public Meta {
            labels = Map.copyOf(labels);
            branch = branch == null ? "" : branch;
            commit = commit == null ? "" : commit;
            Schema.checkText("--testbed", testbed, Schema.NAME_CHARS);
            Schema.checkText("--branch", branch, Schema.NAME_CHARS);
            Schema.checkText("--commit", commit, Schema.SHORT_CHARS);
            Schema.checkText("--run-id", runId, Schema.SHORT_CHARS);
            for (Map.Entry<String, String> label : new TreeMap<>(labels).entrySet()) {
                Schema.checkText(
                        "--label name '" + Printable.escape(label.getKey()) + "'", label.getKey(), Schema.NAME_CHARS);
                Schema.checkText(
                        "--label " + Printable.escape(label.getKey()), label.getValue(), Schema.LABEL_VALUE_CHARS);
            }
        }

        /**
         * This metadata for one shard of a plan stored under the run {@code runId}: the labels
         * {@value #RUN_LABEL}, {@value #SHARD_LABEL} ({@code K/N}) and {@value #PLAN_LABEL} (the plan's
         * fingerprint), by which {@code history runs} shows the shards as one run.
         */
        public Meta asShard(String runId, Sharding sharding) {
            Map<String, String> all = new HashMap<>(labels);
            all.put(RUN_LABEL, runId);
            all.put(SHARD_LABEL, sharding.ran().get(0).index() + "/" + sharding.shards());
            all.put(PLAN_LABEL, sharding.plan());
            return new Meta(testbed, branch, commit, all, runId);
        }
    }

    /** The label naming the run a shard belongs to ({@code --run-id}, the scheduler's job id). */
    public static final String RUN_LABEL = "run";
    /** The label of a shard's {@code K/N}. */
    public static final String SHARD_LABEL = "shard";
    /** The label of the fingerprint of a shard's plan. */
    public static final String PLAN_LABEL = "plan";

    /**
     * Reads a result file of either kind.
     *
     * @param local this machine, for what a file does not record (CPU model, memory) when it ran here
     */
    public static StoredRun fromFile(Path file, Meta meta, Testbed local) {
        String text = JmhReader.readText(file);
        if (JmhReader.isJmhDocument(text)) {
            Instant modified;
            try {
                modified = Files.getLastModifiedTime(file).toInstant();
            } catch (IOException e) {
                throw HistoryException.usage("cannot read the time of " + file + " (" + e.getMessage() + ")");
            }
            return fromJmh(
                    JmhReader.fromJson(text, file.toString()),
                    text,
                    file.getFileName().toString(),
                    modified,
                    meta,
                    local);
        }
        return fromRun(
                ResultCodec.fromJson(text, file.toString()),
                text,
                file.getFileName().toString(),
                meta,
                local);
    }

    /** A vbench result; {@code document} is its JSON text as written. */
    public static StoredRun fromRun(RunResult run, String document, String source, Meta meta, Testbed local) {
        if (meta.runId() != null
                && run.sharding() != null
                && run.sharding().ran().size() == 1) {
            meta = meta.asShard(meta.runId(), run.sharding());
        }
        Environment env = run.environment();
        Instant started;
        try {
            started = Instant.parse(env.startTime());
        } catch (DateTimeParseException | NullPointerException e) {
            throw HistoryException.usage(source + " has no readable startTime ('" + env.startTime()
                    + "'); give a result file written by 'vbench run -o FILE.json'");
        }
        checkEnvironment(source, env);
        boolean here = local != null && env.hostName().equals(local.host());
        Testbed testbed = new Testbed(
                meta.testbed() == null || meta.testbed().isBlank() ? env.hostName() : meta.testbed(),
                env.hostName(),
                env.cpuModel() != null && !env.cpuModel().isEmpty() ? env.cpuModel() : here ? local.cpuModel() : "",
                env.availableProcessors(),
                here ? local.memoryBytes() : 0,
                (env.osName() + " " + env.osVersion()).strip(),
                env.osArch());
        List<StoredRun.Cell> cells = new ArrayList<>();
        for (CellResult cell : run.cells()) {
            if (cell.status() != CellStatus.OK || cell.trials().isEmpty()) {
                continue;
            }
            List<StoredRun.Measurement> measurements = new ArrayList<>();
            for (Metric m : Metric.values()) {
                double[] values = Summaries.values(cell.trials(), m);
                if (values.length == 0) {
                    continue;
                }
                MetricSummary summary =
                        cell.summary(m) != null ? cell.summary(m) : Summaries.summarize(values, m.unit());
                measurements.add(new StoredRun.Measurement(m.key(), m.unit(), m.higherIsBetter(), values, summary));
            }
            JvmInfo jvm = cell.jvm(); // the JVM axis: each cell ran on its own JVM; otherwise the run's JVM
            SeriesKey series = SeriesKey.of(cell.config(), jvm == null ? List.of() : jvm.options());
            String at = source + ": cells[" + run.cells().indexOf(cell) + "]";
            Schema.checkText(at + ".id", cell.id(), Schema.SHORT_CHARS);
            Schema.checkLength(at + ".config (its label)", series.label(), Schema.SERIES_TEXT_CHARS);
            Schema.checkLength(at + ".config.params", series.params(), Schema.SERIES_TEXT_CHARS);
            if (jvm != null) {
                Schema.checkText(at + ".jvm.vendor", jvm.vendor(), Schema.NAME_CHARS);
                Schema.checkText(at + ".jvm.vmName", jvm.vmName(), Schema.NAME_CHARS);
                Schema.checkText(at + ".jvm.version", exactVersion(jvm), Schema.SHORT_CHARS);
            }
            cells.add(new StoredRun.Cell(
                    cell.id(),
                    series,
                    cell.status().key(),
                    jvm == null ? env.javaVersion() : exactVersion(jvm),
                    jvm == null ? env.javaVendor() : jvm.vendor(),
                    jvm == null ? env.jvmName() : jvm.vmName(),
                    measurements));
        }
        return new StoredRun(
                testbed,
                started,
                env.vbenchVersion(),
                Redactor.redact(env.commandLine()),
                meta.branch(),
                meta.commit(),
                meta.labels(),
                source,
                run.schema(),
                gzip(Redactor.redact(document)),
                cells);
    }

    /** Refuses (exit 2, naming the file and the field) what the store cannot keep of the run's environment. */
    private static void checkEnvironment(String source, Environment env) {
        String at = source + ": environment.";
        Schema.checkText(at + "hostName", env.hostName(), Schema.NAME_CHARS);
        Schema.checkText(at + "cpuModel", env.cpuModel(), Schema.NAME_CHARS);
        Schema.checkText(
                at + "osName and osVersion", (env.osName() + " " + env.osVersion()).strip(), Schema.NAME_CHARS);
        Schema.checkText(at + "osArch", env.osArch(), Schema.SHORT_CHARS);
        Schema.checkText(at + "vbenchVersion", env.vbenchVersion(), Schema.SHORT_CHARS);
        Schema.checkText(at + "javaVersion", env.javaVersion(), Schema.SHORT_CHARS);
        Schema.checkText(at + "javaVendor", env.javaVendor(), Schema.NAME_CHARS);
        Schema.checkText(at + "jvmName", env.jvmName(), Schema.NAME_CHARS);
        Schema.checkLength(at + "commandLine", env.commandLine(), Schema.COMMAND_LINE_CHARS);
    }

    /** A JVM's exact version in the form of the run's {@code javaVersion} ({@code 21.0.8+9-LTS}). */
    private static String exactVersion(JvmInfo jvm) {
        return jvm.vmVersion() != null && !jvm.vmVersion().isBlank() ? jvm.vmVersion() : jvm.version();
    }

    /** A JMH file: one cell per benchmark entry with raw data; the time is the file's (JMH writes none). */
    static StoredRun fromJmh(
            List<JmhBenchmark> benchmarks, String document, String source, Instant modified, Meta meta, Testbed local) {
        List<StoredRun.Cell> cells = new ArrayList<>();
        for (int i = 0; i < benchmarks.size(); i++) {
            JmhBenchmark b = benchmarks.get(i);
            if (b.rawData().isEmpty()) {
                continue;
            }
            double[] values =
                    b.rawData().stream().mapToDouble(Double::doubleValue).toArray();
            cells.add(new StoredRun.Cell(
                    "jmh" + (i + 1),
                    SeriesKey.of(b),
                    CellStatus.OK.key(),
                    b.jdkVersion(),
                    "",
                    (b.vmName() + " " + b.vmVersion()).strip(),
                    List.of(new StoredRun.Measurement(
                            b.mode(), b.unit(), b.higherIsBetter(), values, Summaries.summarize(values, b.unit())))));
        }
        Testbed testbed = meta.testbed() == null || meta.testbed().isBlank()
                ? local
                : new Testbed(
                        meta.testbed(),
                        local.host(),
                        local.cpuModel(),
                        local.cores(),
                        local.memoryBytes(),
                        local.os(),
                        local.arch());
        return new StoredRun(
                testbed,
                modified,
                "jmh " + benchmarks.get(0).jmhVersion(),
                "",
                meta.branch(),
                meta.commit(),
                meta.labels(),
                source,
                "jmh",
                gzip(Redactor.redact(document)),
                cells);
    }

    static byte[] gzip(String text) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** The original document of a stored run. */
    public static String gunzip(byte[] gz) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw HistoryException.environment(
                    "a stored document cannot be decompressed (" + e.getMessage() + "); the store may be corrupt", e);
        }
    }
}
