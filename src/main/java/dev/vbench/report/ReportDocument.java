package dev.vbench.report;

import dev.vbench.compare.CellComparison;
import dev.vbench.compare.Comparison;
import dev.vbench.diagnose.ComparedPair;
import dev.vbench.diagnose.ComparedPairs;
import dev.vbench.diagnose.WhyLines;
import dev.vbench.result.CellResult;
import dev.vbench.result.Environment;
import dev.vbench.result.Metric;
import dev.vbench.result.RunResult;
import dev.vbench.result.Sharding;
import dev.vbench.text.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What a result says, independent of any format: per workload (or per suite experiment) its tables
 * with their footnotes, the verdicts that go with them, the charts and the pinned stacks. It is built
 * once from a result ({@link #of}); the console, markdown and HTML exporters only render it, so every
 * format shows the same tables, titles, numbers and verdicts. A format may leave out a kind of block
 * it has no room for (text formats draw no {@link Figure}; telemetry and stacks need
 * {@code --verbose} in text).
 *
 * <pre>{@code
 * ReportDocument doc = ReportDocument.of(result, options);
 * for (ReportDocument.Section s : doc.sections()) {
 *     for (ReportDocument.Block b : s.blocks()) { ... }
 * }
 * }</pre>
 *
 * @param title the suite's title, or {@code vbench report}
 * @param preface paragraphs before the first section (a suite's source description); may be empty
 * @param environment where the result was measured
 * @param suite whether this is a suite's report (its tables in the source reports' layouts, no detail tables)
 * @param sections one per workload, or one for a suite's tables
 */
public record ReportDocument(
        String title, List<String> preface, Environment environment, boolean suite, List<Section> sections) {

    public ReportDocument {
        preface = List.copyOf(preface);
        sections = List.copyOf(sections);
    }

    /** What a table is for: formats choose by it where to show a table, never what it says. */
    public enum Kind {
        /** One row per cell: makespan, throughput, latency percentiles, failures. */
        DETAIL,
        /** Executors compared (speedup against the first). */
        COMPARISON,
        /** The open model ({@code --rate}): target vs achieved rate, corrected and uncorrected latency. */
        OPEN_MODEL,
        /** A concurrency sweep with its best level. */
        SWEEP,
        /** What the workload counted beside its operation (JMH's {@code @AuxCounters}). */
        COUNTERS,
        /** What the JVM did: CPU, allocation, GC pauses, threads, pinning. */
        TELEMETRY,
        /** A suite table in its source report's layout. */
        SUITE
    }

    /** One part of a section. */
    public sealed interface Block permits TableBlock, Figure, Stacks, Why, Profiles {}

    /**
     * A table and the verdict lines it supports (a sweep's best concurrency per executor, with or
     * without {@code --slo}); every format prints the verdicts right after the table.
     *
     * @param comparison the comparison the table lays out, for the tables that compare; null for the others
     * @param knee a suite's chain table that states its knee ({@code knee: true}; {@link dev.vbench.compare.Knee})
     */
    public record TableBlock(Kind kind, Table table, List<String> verdicts, Comparison comparison, boolean knee)
            implements Block {
        public TableBlock {
            verdicts = List.copyOf(verdicts);
        }

        public TableBlock(Kind kind, Table table, List<String> verdicts, Comparison comparison) {
            this(kind, table, verdicts, comparison, false);
        }

        public TableBlock(Kind kind, Table table, List<String> verdicts) {
            this(kind, table, verdicts, null);
        }

        public TableBlock(Kind kind, Table table) {
            this(kind, table, List.of());
        }
    }

    /** A chart: drawn (as SVG) only by the formats that can show one, when they render it. */
    public record Figure(String caption, Supplier<String> svg) implements Block {}

    /** Pinned stacks (JFR jdk.VirtualThreadPinned), merged over trials, most frequent first. */
    public record Stacks(String title, List<String> lines) implements Block {
        public Stacks {
            lines = List.copyOf(lines);
        }
    }

    /**
     * The Why of the table before it: per significant difference with something to say, the frames
     * whose share of samples changed most and the telemetry past its threshold ({@link WhyLines}).
     * Every format shows it (text without {@code --verbose} too: it is there only when there are
     * profiles or a diagnosis past its threshold).
     *
     * @param pairs every pair of cells the table compares ({@link ComparedPairs}), significant or not:
     *     the differential flame graphs are drawn from them
     * @param explanations the significant pairs' explanations, never empty
     */
    public record Why(List<ComparedPair> pairs, List<WhyLines.Explanation> explanations) implements Block {
        public Why {
            pairs = List.copyOf(pairs);
            explanations = List.copyOf(explanations);
        }
    }

    /**
     * Flame graphs of the section's profiled cells and the differential flame graphs of the pairs its
     * comparison table compares ({@link FlameGraphs}); drawn by the formats that can show them (HTML).
     */
    public record Profiles(List<FlameGraphs.Flame> flames) implements Block {
        public Profiles {
            flames = List.copyOf(flames);
        }
    }

    /**
     * @param heading the workload (null for a suite's one section)
     * @param blocks in the order every format shows them
     */
    public record Section(String heading, List<Block> blocks) {
        public Section {
            blocks = List.copyOf(blocks);
        }

        /** The tables of {@code kind}. */
        public List<Table> tables(Kind kind) {
            return blocks.stream()
                    .filter(b -> b instanceof TableBlock t && t.kind() == kind)
                    .map(b -> ((TableBlock) b).table())
                    .toList();
        }

        /** Whether the section has a table of {@code kind}. */
        public boolean has(Kind kind) {
            return !tables(kind).isEmpty();
        }
    }

    /** Every table of the document, in order. */
    public List<Table> tables() {
        return sections.stream()
                .flatMap(s -> s.blocks().stream())
                .filter(b -> b instanceof TableBlock)
                .map(b -> ((TableBlock) b).table())
                .toList();
    }

    /** Every table that compares, with its comparison, in order (docs/statistics.md rule 13 asks what each could detect). */
    public List<TableBlock> comparisons() {
        return sections.stream()
                .flatMap(s -> s.blocks().stream())
                .filter(b -> b instanceof TableBlock t && t.comparison() != null)
                .map(b -> (TableBlock) b)
                .toList();
    }

    /** Every verdict line of the document, in order. */
    public List<String> verdicts() {
        return sections.stream()
                .flatMap(s -> s.blocks().stream())
                .filter(b -> b instanceof TableBlock)
                .flatMap(b -> ((TableBlock) b).verdicts().stream())
                .toList();
    }

    /** The one line that says where a result was measured: version, JVM, CPUs, OS, heap. */
    public String environmentLine() {
        Environment env = environment;
        return "vbench " + env.vbenchVersion() + " · " + env.javaVendor() + " " + env.javaVersion() + " · "
                + env.availableProcessors() + " CPUs · " + env.osName() + " " + env.osArch() + " · "
                + Numbers.bytes(env.maxHeapBytes()) + " max heap";
    }

    /** The document of a result: a suite's tables when it is a suite run's ({@link RunResult#suite()}), else one section per workload. */
    public static ReportDocument of(RunResult result, ReportOptions options) {
        return of(result, options, true);
    }

    /**
     * The tables of {@link #of} that compare columns, alone (no detail, telemetry or counter tables, no charts, Why
     * lines or profiles): what a result file's {@code comparisons} hold, which a run rewrites as cells finish.
     */
    public static ReportDocument comparing(RunResult result, ReportOptions options) {
        return of(result, options, false);
    }

    private static ReportDocument of(RunResult result, ReportOptions options, boolean full) {
        if (result.suite() != null) {
            return SuiteTables.document(result, options.verbose());
        }
        List<Section> sections = new ArrayList<>();
        int warmup = result.settings().warmupTrials();
        for (Map.Entry<String, List<CellResult>> e :
                RunTables.byWorkload(result).entrySet()) {
            sections.add(withFootnotes(
                    section(
                            e.getKey(),
                            e.getValue(),
                            options,
                            warmup,
                            result.environment().availableProcessors(),
                            full),
                    otherHosts(result, e.getValue())));
        }
        return new ReportDocument("vbench report", List.of(), result.environment(), false, sections);
    }

    /**
     * One footnote per host other than the result's own ({@link Environment#hostName()}) that measured
     * some of {@code cells}: a merged result's cells from other shards ({@code vbench merge}). Empty
     * for a result that was not merged or whose cells all ran on its host.
     */
    static List<String> otherHosts(RunResult result, List<CellResult> cells) {
        if (result.sharding() == null) {
            return List.of();
        }
        Map<String, List<String>> byShard = new LinkedHashMap<>();
        for (CellResult c : cells) {
            Sharding.Shard shard = result.sharding().shardOf(c.id());
            if (shard != null && !shard.host().equals(result.environment().hostName())) {
                byShard.computeIfAbsent(
                                "on " + shard.host() + " (shard " + shard.index() + "/"
                                        + result.sharding().shards() + ")",
                                k -> new ArrayList<>())
                        .add(c.id());
            }
        }
        List<String> out = new ArrayList<>();
        byShard.forEach((where, ids) -> out.add("measured " + where + ", not on "
                + result.environment().hostName() + " (the environment shown): " + String.join(", ", ids)));
        return out;
    }

    /** {@code section} with {@code footnotes} under each of its tables. */
    private static Section withFootnotes(Section section, List<String> footnotes) {
        if (footnotes.isEmpty()) {
            return section;
        }
        return new Section(
                section.heading(),
                section.blocks().stream()
                        .map(b -> b instanceof TableBlock t
                                ? (Block) new TableBlock(
                                        t.kind(), t.table().withFootnotes(footnotes), t.verdicts(), t.comparison())
                                : b)
                        .toList());
    }

    /** A workload's section; with {@code full} false only the tables that compare columns ({@link #comparing}). */
    private static Section section(
            String workload, List<CellResult> cells, ReportOptions options, int warmup, int cpus, boolean full) {
        List<Block> blocks = new ArrayList<>();
        if (full) {
            blocks.add(new TableBlock(Kind.DETAIL, RunTables.detail(workload, cells, warmup)));
        }
        Metric metric = options.metricFor(cells);
        CellComparison model = RunTables.comparisonModel(cells, metric, options.noise());
        Table comparison = RunTables.comparison(workload, cells, model, metric, warmup, options.verbose());
        List<ComparedPair> pairs = List.of();
        if (comparison != null) {
            blocks.add(new TableBlock(Kind.COMPARISON, comparison, List.of(), model.comparison()));
            if (full) {
                pairs = ComparedPairs.of(model, cpus);
                why(pairs).ifPresent(blocks::add);
                blocks.add(RunCharts.bars(workload, cells, metric));
            }
        }
        Table open = full ? LoadTables.openModel(workload, cells, warmup) : null;
        if (open != null) {
            blocks.add(new TableBlock(Kind.OPEN_MODEL, open));
        }
        for (SweepTables.Sweep sweep : SweepTables.concurrency(workload, cells, options, warmup)) {
            blocks.add(new TableBlock(Kind.SWEEP, sweep.table(), sweep.verdicts(), sweep.comparison()));
        }
        if (!full) {
            return new Section(workload, blocks);
        }
        RunCharts.concurrency(workload, cells).ifPresent(blocks::add);
        blocks.addAll(RunCharts.latencies(workload, cells));
        Table counters = CounterTables.counters(workload, cells);
        if (counters != null) {
            blocks.add(new TableBlock(Kind.COUNTERS, counters));
        }
        blocks.add(new TableBlock(Kind.TELEMETRY, TelemetryTables.telemetry(workload, cells)));
        List<String> stacks = TelemetryTables.pinnedStackLines(cells);
        if (!stacks.isEmpty()) {
            blocks.add(new Stacks("Pinned stacks (JFR jdk.VirtualThreadPinned)", stacks));
        }
        List<FlameGraphs.Flame> flames = FlameGraphs.flames(cells, pairs);
        if (!flames.isEmpty()) {
            blocks.add(new Profiles(flames));
        }
        return new Section(workload, blocks);
    }

    /** The Why block of a table's pairs, when a significant pair has something to say. */
    static Optional<Why> why(List<ComparedPair> pairs) {
        List<WhyLines.Explanation> explanations = WhyLines.of(pairs);
        return explanations.isEmpty() ? Optional.empty() : Optional.of(new Why(pairs, explanations));
    }
}
