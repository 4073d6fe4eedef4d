package dev.vbench.history;

import dev.vbench.result.Metric;
import dev.vbench.result.TableDefaults;
import dev.vbench.spi.Redactor;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The history store: plain JDBC with prepared statements over H2 or PostgreSQL, migrated to
 * {@link Schema#LATEST} when opened. A run is stored in one transaction (all or nothing; a process
 * killed mid-write leaves no half run). Two writers at once both land: PostgreSQL serialises the
 * transactions; an embedded H2 file admits one process at a time, so opening it waits (bounded,
 * {@link #LOCK_WAIT_PROPERTY}) until the other writer has closed it. Every failure is a
 * {@link HistoryException} with one line that never shows a password.
 *
 * <p>The one entry for callers; its parts are the {@link HistoryDatabase} (connection, lock wait, migrations),
 * the {@link HistoryWriter} (runs in), the {@link HistoryQueries} (runs, series and points out) and the
 * {@link HistoryAnnotations} (exclusions, acknowledgements, compaction).
 *
 * <pre>{@code
 * try (HistoryStore store = HistoryStore.open(url, true)) {
 *     long runId = store.add(storedRun);
 * }
 * }</pre>
 */
public final class HistoryStore implements AutoCloseable {

    /** System property: milliseconds to wait for an H2 file another process holds (default 30000). */
    public static final String LOCK_WAIT_PROPERTY = "vbench.history.lockWaitMillis";

    private final HistoryDatabase db;
    private final HistoryWriter writer;
    private final HistoryQueries queries;
    private final HistoryAnnotations annotations;

    private HistoryStore(HistoryDatabase db) {
        this.db = db;
        this.writer = new HistoryWriter(db);
        this.queries = new HistoryQueries(db);
        this.annotations = new HistoryAnnotations(db);
    }

    /**
     * Opens (and migrates) the store.
     *
     * @param create whether this opening stores runs: a missing embedded H2 store may be created (verbs that
     *     only read refuse), and H2 compacts its file on close (the others skip that)
     */
    public static HistoryStore open(HistoryUrl url, boolean create) {
        return new HistoryStore(HistoryDatabase.open(url, create));
    }

    /**
     * A head start for the {@link #open} of a verb that only reads, begun on another thread while the
     * command line is parsed: for an embedded H2 store that exists, its connection is made now and the next
     * opening of the same URL takes it. Never fails; an opening of another URL, or one that stores runs,
     * does not use it.
     */
    public static void prepareReading(HistoryUrl url) {
        HistoryDatabase.prepareReading(url);
    }

    /** Stores a run atomically; returns its id. */
    public long add(StoredRun run) {
        long id = writer.add(run);
        queries.forget();
        return id;
    }

    /**
     * One compared row of a noise measurement ({@code vbench noise --history}).
     *
     * @param table the title of its table
     * @param row its label
     * @param repeats A/A comparisons run
     * @param falsePositives of them, how many the decision rule called different
     * @param floor the noise floor as a relative change (0.023 = ±2.3%); NaN is stored as a floor of 0 never
     * @param mde the minimum detectable effect at 80% power, a relative change (+∞ when none)
     */
    public record NoiseRow(String table, String row, int repeats, int falsePositives, double floor, double mde) {}

    /**
     * A testbed's newest noise measurement: when, by which command, and its largest floor.
     *
     * @param floor the largest noise floor of its rows, a relative change
     */
    public record NoiseFloor(String testbed, Instant measured, String commandLine, int rows, double floor) {

        public NoiseFloor {
            commandLine = Redactor.redact(commandLine);
        }
    }

    /**
     * Stores a noise measurement of {@code testbed}, every row in one transaction; its command line with every
     * secret masked, and its texts cut to what their columns keep (they describe the measurement, the floors are
     * what is read back).
     */
    public void addNoise(Testbed testbed, Instant measured, String commandLine, List<NoiseRow> rows) {
        writer.addNoise(
                testbed,
                measured,
                fit(Redactor.redact(commandLine)),
                rows.stream()
                        .filter(r -> !Double.isNaN(r.floor()))
                        .map(r -> new NoiseRow(
                                fit(r.table()), fit(r.row()), r.repeats(), r.falsePositives(), r.floor(), r.mde()))
                        .toList());
    }

    /** {@code text} cut to the {@link Schema#NOISE_TEXT_CHARS} a noise row's text column keeps, ending in an ellipsis when cut. */
    private static String fit(String text) {
        return text.length() <= Schema.NOISE_TEXT_CHARS
                ? text
                : text.substring(0, Schema.NOISE_TEXT_CHARS - 1) + "\u2026";
    }

    /** The newest noise measurement of {@code testbed}, or null when none is stored. */
    public NoiseFloor noiseFloor(String testbed) {
        return queries.noiseFloor(testbed);
    }

    /**
     * One stored run; its command line and labels with every secret masked, also where a store written by an
     * older vbench holds one.
     *
     * @param cells results stored for it
     */
    public record RunInfo(
            long id,
            Instant started,
            String testbed,
            String branch,
            String commit,
            int cells,
            boolean excluded,
            String excludeReason,
            String source,
            String vbenchVersion,
            String commandLine,
            Map<String, String> labels) {

        public RunInfo {
            commandLine = Redactor.redact(commandLine);
            Map<String, String> shown = new LinkedHashMap<>();
            labels.forEach((name, value) -> shown.put(name, Redactor.redact(name, value)));
            labels = Collections.unmodifiableMap(shown);
        }
    }

    /** Every run, oldest first; {@code testbed} null for all machines. */
    public List<RunInfo> runs(String testbed) {
        return queries.runs(testbed);
    }

    /**
     * One series: a cell configuration on one testbed.
     *
     * @param runs results stored in it
     * @param first start of its oldest run, null when empty
     * @param last start of its newest run, null when empty
     */
    public record SeriesInfo(long id, String testbed, SeriesKey key, int runs, Instant first, Instant last) {

        /**
         * The metric shown when none is asked for: the one its runs' tables showed (the load shape's default,
         * {@link TableDefaults}) where it was stored, else its first metric (JMH: its mode).
         *
         * @param metrics the metrics stored for the series ({@link HistoryStore#metrics}), not empty
         */
        public String defaultMetric(List<String> metrics) {
            Metric byShape = TableDefaults.metricOfLoadText(key.loadShape());
            return byShape != null && metrics.contains(byShape.key()) ? byShape.key() : metrics.get(0);
        }
    }

    /** Every series, by id; {@code testbed} null for all machines. */
    public List<SeriesInfo> series(String testbed) {
        return queries.series(testbed);
    }

    /**
     * One run's value of one metric in one series. Its trials are read only when asked for
     * ({@link #trials}).
     *
     * @param unit the unit of the metric in this series (as first stored)
     * @param resultId the stored result (cell) the value belongs to
     */
    public record Point(
            long runId,
            Instant started,
            String branch,
            String commit,
            boolean excluded,
            String excludeReason,
            String metric,
            double median,
            double ciLow,
            double ciHigh,
            String unit,
            boolean higherIsBetter,
            String javaVersion,
            String javaVendor,
            long resultId) {

        /**
         * Run {@code runId}'s value of {@code metric} in {@code unit} (lower is better), started at {@code started}:
         * no branch, commit, JVM or result recorded, not excluded, median and interval 0. The start of a point built
         * by name; the {@code withX} methods set the rest.
         */
        public static Point of(long runId, Instant started, String metric, String unit) {
            return new Point(runId, started, null, null, false, "", metric, 0, 0, 0, unit, false, null, null, 0);
        }

        /** This point measured on {@code branchName} at {@code commitId}. */
        public Point withCommit(String branchName, String commitId) {
            return new Point(
                    runId,
                    started,
                    branchName,
                    commitId,
                    excluded,
                    excludeReason,
                    metric,
                    median,
                    ciLow,
                    ciHigh,
                    unit,
                    higherIsBetter,
                    javaVersion,
                    javaVendor,
                    resultId);
        }

        /** This point with this median and 95% interval. */
        public Point withMedian(double value, double low, double high) {
            return new Point(
                    runId,
                    started,
                    branch,
                    commit,
                    excluded,
                    excludeReason,
                    metric,
                    value,
                    low,
                    high,
                    unit,
                    higherIsBetter,
                    javaVersion,
                    javaVendor,
                    resultId);
        }

        /** This point measured on this Java version and vendor. */
        public Point withJava(String version, String vendor) {
            return new Point(
                    runId,
                    started,
                    branch,
                    commit,
                    excluded,
                    excludeReason,
                    metric,
                    median,
                    ciLow,
                    ciHigh,
                    unit,
                    higherIsBetter,
                    version,
                    vendor,
                    resultId);
        }

        /** This point of the stored result (cell) {@code id}. */
        public Point withResultId(long id) {
            return new Point(
                    runId,
                    started,
                    branch,
                    commit,
                    excluded,
                    excludeReason,
                    metric,
                    median,
                    ciLow,
                    ciHigh,
                    unit,
                    higherIsBetter,
                    javaVersion,
                    javaVendor,
                    id);
        }
    }

    /** Every point of one metric of a series (excluded runs included, marked), oldest first. */
    public List<Point> points(long seriesId, String metric) {
        return queries.points(seriesId, metric);
    }

    /**
     * The newest {@code last} points of each metric of a series whose runs are not excluded:
     * metric → points, oldest first.
     */
    public Map<String, List<Point>> tail(long seriesId, int last) {
        return queries.tail(seriesId, last);
    }

    /** Every trial's value of a point (read from the store on each call). */
    public double[] trials(Point point) {
        return queries.trials(point);
    }

    /** The metrics stored for a series, sorted. */
    public List<String> metrics(long seriesId) {
        return queries.metrics(seriesId);
    }

    /**
     * The newest {@code limit} points of one metric of a series up to and including {@code run}, oldest
     * first: a run and the runs before it in that series; those of excluded runs left out when
     * {@code skipExcluded}, else included (marked).
     */
    public List<Point> pointsUpTo(long seriesId, String metric, RunInfo run, int limit, boolean skipExcluded) {
        return queries.pointsUpTo(seriesId, metric, run.started().toEpochMilli(), run.id(), limit, skipExcluded);
    }

    /** One run, or null when there is none with this id. */
    public RunInfo run(long runId) {
        return queries.run(runId);
    }

    /**
     * One result (cell) of a stored run.
     *
     * @param cellId the cell's id in the run's document
     */
    public record StoredResult(long resultId, long runId, long seriesId, String cellId) {}

    /** The results stored for a run, in the order stored. */
    public List<StoredResult> results(long runId) {
        return queries.results(runId);
    }

    /** Every trial's value of {@code metric} for each of the given points' results (read in batches): result id → values. */
    public Map<Long, double[]> trials(String metric, List<Long> resultIds) {
        return queries.trials(metric, resultIds);
    }

    /**
     * A text that changes whenever a run is stored or excluded or a change acknowledged (by any process):
     * what a reader that keeps results between requests compares. Reading it also drops what this store
     * kept of the runs when it changed.
     */
    public String generation() {
        return queries.generation();
    }

    /** The original document of a run, as stored (JSON text). */
    public String document(long runId) {
        return queries.document(runId);
    }

    /** Marks a run as left out of analysis, with the reason. */
    public void exclude(long runId, String reason) {
        annotations.exclude(runId, reason);
        queries.forget();
    }

    /**
     * An acknowledged change.
     *
     * @param runId the first run after the change
     */
    public record Ack(long seriesId, String metric, long runId, String reason, String acked) {

        /** Whether it covers a change of {@code m}: its own metric, or every one ({@link #EVERY_METRIC}). */
        public boolean covers(String m) {
            return metric.equals(m) || metric.equals(EVERY_METRIC);
        }
    }

    /** The metric of an acknowledgement that covers every metric of its series. */
    public static final String EVERY_METRIC = "*";

    /** Acknowledges the change of {@code metric} in a series at {@code runId}. */
    public void ack(long seriesId, String metric, long runId, String reason) {
        annotations.ack(seriesId, metric, runId, reason);
    }

    /** Acknowledged changes of a series (every metric), oldest first. */
    public List<Ack> acks(long seriesId) {
        return annotations.acks(seriesId);
    }

    /**
     * What {@link #compact} did.
     *
     * @param action what was done, in words ({@code SHUTDOWN COMPACT}, {@code VACUUM ANALYZE of its 11 tables})
     * @param bytesBefore the store's size before: the H2 file, or PostgreSQL's tables with their indexes and TOAST
     * @param bytesAfter the same after
     * @param seconds how long it took
     */
    public record Compaction(String action, long bytesBefore, long bytesAfter, double seconds) {}

    /**
     * Compacts the store. An H2 file is rewritten whole by {@code SHUTDOWN COMPACT} (H2 copies every
     * live page into a new file, compressed, and replaces the old one atomically: a process killed
     * meanwhile leaves the old file as it was); the store is closed afterwards. PostgreSQL reuses the
     * space of deleted rows itself (autovacuum), and vbench only inserts, except the run counts of
     * {@code series} and the exclusions of {@code run}: a {@code VACUUM ANALYZE} of vbench's tables
     * clears what those left and refreshes the planner's statistics, without the exclusive lock of
     * {@code VACUUM FULL} (writers go on). An H2 database that is not a local file cannot be compacted here.
     */
    public Compaction compact() {
        return annotations.compact();
    }

    /** Where the store is, passwords redacted. */
    public String shown() {
        return db.shown();
    }

    @Override
    public void close() {
        db.close();
    }
}
