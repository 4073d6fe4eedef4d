package dev.vbench.testing;

import dev.vbench.measure.Histograms;
import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.Environment;
import dev.vbench.result.ExecutorInfo;
import dev.vbench.result.GcPauses;
import dev.vbench.result.InFlight;
import dev.vbench.result.JvmInfo;
import dev.vbench.result.Metric;
import dev.vbench.result.PinnedStack;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.result.SchedulerInfo;
import dev.vbench.result.SchedulerLoad;
import dev.vbench.result.Telemetry;
import dev.vbench.result.TrialHistograms;
import dev.vbench.result.TrialResult;
import dev.vbench.stats.Summaries;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * Deterministic, hand-built results for golden tests: a fixed environment with dummy strings and
 * trials generated from a seeded random source, so output is identical on every machine.
 */
public final class Fixtures {

    private Fixtures() {}

    public static Environment environment() {
        return new Environment(
                "0.0.0-test",
                "TestVendor",
                "21.0.0+0",
                "Test VM",
                List.of("-Xmx1g"),
                "TestOS",
                "1.0",
                "amd64",
                8,
                1L << 30,
                "testhost",
                "2026-01-01T00:00:00Z",
                "vbench run -w io -e fixed:threads=200 -e virtual");
    }

    public static ExecutorInfo fixed(int threads) {
        return new ExecutorInfo(
                "fixed:threads=" + threads,
                "fixed",
                Map.of("threads", String.valueOf(threads)),
                "platform",
                threads,
                null,
                null);
    }

    public static ExecutorInfo virtual() {
        return new ExecutorInfo("virtual", "virtual", Map.of(), "virtual", null, null, 8);
    }

    /**
     * A cell whose trials have makespans around {@code makespanMillis} (± {@code jitter} relative)
     * and per-task latencies around {@code taskMillis}.
     */
    public static CellResult cell(
            String id,
            String workload,
            Map<String, String> params,
            ExecutorInfo executor,
            long tasks,
            int trials,
            double makespanMillis,
            double jitter,
            double taskMillis,
            long seed) {
        return cell(
                id,
                CellConfig.closed(workload, params, executor, tasks, 0),
                trials,
                makespanMillis,
                jitter,
                taskMillis,
                seed);
    }

    /** A cell with exactly this configuration (concurrency, load shape) and fabricated trials. */
    public static CellResult cell(
            String id,
            CellConfig config,
            int trials,
            double makespanMillis,
            double jitter,
            double taskMillis,
            long seed) {
        long tasks = config.tasks();
        SplittableRandom random = new SplittableRandom(seed);
        List<TrialResult> list = new ArrayList<>();
        for (int t = 0; t < trials; t++) {
            long makespan = Math.round(makespanMillis * 1e6 * (1 + jitter * (random.nextDouble() * 2 - 1)));
            Histogram h = Histograms.newHistogram();
            for (int i = 0; i < 200; i++) {
                h.recordValue(Math.round(taskMillis * 1e6 * (1 + 0.1 * random.nextDouble())));
            }
            Histogram wait = Histograms.newHistogram();
            wait.recordValue(1000);
            TrialHistograms hs =
                    new TrialHistograms(Histograms.encode(wait), Histograms.encode(h), Histograms.encode(h));
            list.add(TrialResult.of(t, tasks, makespan, tasks / (makespan / 1e9))
                    .withLatency(Histograms.summarize(h), hs)
                    .withTelemetry(Telemetry.NONE
                            .withProcessCpuNanos(makespan / 2)
                            .withGc(1, 2)
                            .withAllocatedBytes(1000)
                            .withPeakThreads(20)));
        }
        return new CellResult(
                id, config, CellStatus.OK, list, Summaries.summarize(list), Summaries.notes(list, Metric.MAKESPAN));
    }

    /**
     * The three runs below, made once per test JVM: results are immutable records, and making them (histograms
     * encoded and summarized per trial) was a few seconds of the suite's CPU over its ~50 calls.
     */
    private static final class Made {
        static final RunResult IO = makeIoRun();
        static final RunResult JVM = makeJvmRun();
        static final RunResult PINNED_IO = makePinnedIoRun();
    }

    /** Seed 004's I/O experiment in miniature: fixed:threads=200 vs virtual at two durations. */
    public static RunResult ioRun() {
        return Made.IO;
    }

    private static RunResult makeIoRun() {
        List<CellResult> cells = List.of(
                cell("c1", "io", Map.of("duration", "100ms"), fixed(200), 10000, 6, 5050, 0.01, 100.5, 1),
                cell("c2", "io", Map.of("duration", "100ms"), virtual(), 10000, 6, 128, 0.05, 100.2, 2),
                cell("c3", "io", Map.of("duration", "200ms"), fixed(200), 10000, 6, 10100, 0.01, 200.5, 3),
                cell("c4", "io", Map.of("duration", "200ms"), virtual(), 10000, 6, 231, 0.05, 200.2, 4));
        return new RunResult(
                RunResult.SCHEMA, environment(), RunSettings.trials(1, 6).withSeed(42), cells);
    }

    /**
     * The JVM axis in miniature ({@code --jvm j21=… --jvm j25=… --jvm-args}): io on virtual and
     * fixed:threads=200, each on three JVMs — j21 (virtual threads 20% slower), j25, and j25/zgc —
     * every cell with its JVM label and probe.
     */
    public static RunResult jvmRun() {
        return Made.JVM;
    }

    private static RunResult makeJvmRun() {
        List<JvmInfo> jvms = List.of(
                new JvmInfo(
                        "j21",
                        "/opt/jdk-21",
                        List.of(),
                        "21.0.8",
                        "TestVendor",
                        "Test VM",
                        "21.0.8+9",
                        8,
                        "G1",
                        1L << 30),
                new JvmInfo(
                        "j25",
                        "/opt/jdk-25",
                        List.of(),
                        "25.0.3",
                        "TestVendor",
                        "Test VM",
                        "25.0.3+9",
                        8,
                        "G1",
                        1L << 30),
                new JvmInfo(
                        "j25/zgc",
                        "/opt/jdk-25",
                        List.of("-XX:+UseZGC"),
                        "25.0.3",
                        "TestVendor",
                        "Test VM",
                        "25.0.3+9",
                        8,
                        "ZGC",
                        1L << 30));
        double[][] makespans = {{5050, 5040, 5060}, {154, 128, 127}};
        List<ExecutorInfo> executors = List.of(fixed(200), virtual());
        List<CellResult> cells = new ArrayList<>();
        for (int e = 0; e < executors.size(); e++) {
            for (int j = 0; j < jvms.size(); j++) {
                CellConfig config = CellConfig.closed("io", Map.of("duration", "100ms"), executors.get(e), 10000, 0)
                        .withJvm(jvms.get(j).label());
                cells.add(cell(
                                "c" + (cells.size() + 1),
                                config,
                                6,
                                makespans[e][j],
                                e == 0 ? 0.01 : 0.03,
                                100.3,
                                11 + cells.size())
                        .withJvm(jvms.get(j)));
            }
        }
        return new RunResult(
                RunResult.SCHEMA,
                environment(),
                RunSettings.trials(1, 6).withForks(6).withSeed(42).withOrder("interleaved"),
                cells);
    }

    /**
     * {@link #ioRun()} with the telemetry the probes add: collector pauses and tasks in flight on every
     * trial, and on the virtual cells the scheduler settings, its sampled load and pinned parks with two distinct stacks (as
     * JDK 21 reports a {@code synchronized} block that sleeps).
     */
    public static RunResult pinnedIoRun() {
        return Made.PINNED_IO;
    }

    private static RunResult makePinnedIoRun() {
        RunResult run = makeIoRun();
        List<CellResult> cells = new ArrayList<>();
        for (CellResult c : run.cells()) {
            boolean virtual = "virtual".equals(c.config().executor().threadKind());
            List<TrialResult> trials = new ArrayList<>();
            for (TrialResult t : c.trials()) {
                Telemetry telemetry = t.telemetry()
                        .withGcPauses(new GcPauses(t.index() % 2, 3L * (t.index() % 2)))
                        .withInFlight(virtual ? new InFlight(9_800 + t.index(), 5_000.5) : new InFlight(200, 199.5));
                if (virtual) {
                    telemetry = telemetry
                            .withScheduler(new SchedulerInfo(
                                    8,
                                    256,
                                    4,
                                    9,
                                    Map.of("jdk.virtualThreadScheduler.parallelism", "8"),
                                    "mxbean",
                                    new SchedulerLoad(
                                            50,
                                            6.0 + t.index() / 10.0,
                                            8,
                                            0.5,
                                            12,
                                            List.of(4.0, 8.0, 8.0, 7.5, 2.0),
                                            "mxbean")))
                            .withPinning(
                                    70 + t.index(),
                                    List.of(
                                            new PinnedStack(
                                                    60 + t.index(),
                                                    6_000_000_000L,
                                                    "",
                                                    List.of("java.lang.Thread.sleep:540", "com.example.Dao.query:42")),
                                            new PinnedStack(
                                                    10,
                                                    150_000_000L,
                                                    "Native or VM frame on stack",
                                                    List.of("com.example.Native.call:7"))));
                }
                trials.add(t.withTelemetry(telemetry));
            }
            cells.add(new CellResult(
                    c.id(),
                    c.config(),
                    c.status(),
                    trials,
                    Summaries.summarize(trials),
                    Summaries.notes(trials, Metric.MAKESPAN)));
        }
        return run.withCells(cells);
    }

    /** Cell ids of every measured trial of {@code run} in the order of their start times ({@code --order}). */
    public static List<String> startOrder(RunResult run) {
        record Start(String cell, String time) {}
        List<Start> starts = new ArrayList<>();
        for (CellResult cell : run.cells()) {
            for (TrialResult t : cell.trials()) {
                if (t.startTime() == null) {
                    throw new AssertionError("trial " + t.index() + " of " + cell.id() + " has no start time");
                }
                starts.add(new Start(cell.id(), t.startTime()));
            }
        }
        return starts.stream()
                .sorted(Comparator.comparing(Start::time))
                .map(Start::cell)
                .toList();
    }
}
