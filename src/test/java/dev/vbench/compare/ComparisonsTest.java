package dev.vbench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.JmhReader;
import dev.vbench.result.Metric;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.stats.Geomean;
import dev.vbench.stats.MannWhitney;
import dev.vbench.stats.Verdict;
import dev.vbench.testing.CompareFixtures;
import dev.vbench.testing.Fixtures;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ComparisonsTest {

    private static Dataset data(RunResult run, String label, Metric metric) {
        return Inputs.fromRun(run, label, label + ".json", metric);
    }

    private static Comparison beforeAfter(Metric metric) {
        return Comparisons.compute(
                List.of(data(CompareFixtures.before(), "a", metric), data(CompareFixtures.after(), "b", metric)),
                CompareOptions.defaults(Layout.CHANGE));
    }

    @Test
    void matchesRowsByConfigurationAndReportsTheRest() {
        Comparison c = beforeAfter(Metric.MAKESPAN);
        assertEquals(4, c.rows().size());
        assertEquals(
                List.of(
                        "duration=100ms fixed:threads=200",
                        "duration=100ms virtual",
                        "duration=200ms fixed:threads=200",
                        "duration=200ms virtual"),
                c.rows().stream().map(Row::label).toList());
        assertEquals("io tasks=10000 · makespan (ms)", c.title());
        assertTrue(c.notes().contains("only in b: io duration=300ms virtual tasks=10000"), c.notes()::toString);
        List<Verdict> verdicts =
                c.rows().stream().map(r -> r.changes().get(0).verdict()).toList();
        assertEquals(
                List.of(Verdict.SLOWER, Verdict.WITHIN_VARIANCE, Verdict.FASTER, Verdict.WITHIN_VARIANCE), verdicts);
    }

    @Test
    void holmMultipliesTheSmallestPByTheNumberOfRows() {
        Change first = beforeAfter(Metric.MAKESPAN).rows().get(0).changes().get(0);
        assertEquals(MannWhitney.minimumP(6, 6), first.p(), 1e-12, "fully separated 6+6");
        assertEquals(4 * first.p(), first.pAdjusted(), 1e-12, "smallest of 4 p-values × 4");
    }

    @Test
    void geomeanRowIsGeomeanOfCentresAndOfRatios() {
        Comparison c = beforeAfter(Metric.MAKESPAN);
        double[] before =
                c.rows().stream().mapToDouble(r -> r.columns().get(0).median()).toArray();
        double[] ratios =
                c.rows().stream().mapToDouble(r -> r.changes().get(0).ratio()).toArray();
        assertEquals(Geomean.of(before), c.geomean().centres().get(0), 1e-9);
        assertEquals(Geomean.of(ratios), c.geomean().ratios().get(0), 1e-12);
        assertEquals("ms", c.geomean().unit());
    }

    @Test
    void regressionsRespectThresholdAndDirection() {
        Comparison makespan = beforeAfter(Metric.MAKESPAN);
        assertEquals(1, makespan.regressions(0.05).size(), "+5.6% is beyond 5%");
        assertEquals(
                "duration=100ms fixed:threads=200",
                makespan.regressions(0.05).get(0).row().label());
        assertEquals(0, makespan.regressions(0.06).size());
        Comparison throughput = beforeAfter(Metric.THROUGHPUT);
        assertEquals(Verdict.SLOWER, throughput.rows().get(0).changes().get(0).verdict(), "less throughput is slower");
        assertEquals(Verdict.FASTER, throughput.rows().get(2).changes().get(0).verdict());
        assertEquals(1, throughput.regressions(0.05).size());
    }

    @Test
    void noiseBandTurnsSmallSignificantChangesIntoWithinVariance() {
        List<Dataset> files = List.of(
                data(CompareFixtures.before(), "a", Metric.MAKESPAN),
                data(CompareFixtures.after(), "b", Metric.MAKESPAN));
        Comparison wide = Comparisons.compute(files, new CompareOptions(Layout.CHANGE, 0.06, 0.05, Set.of()));
        assertTrue(wide.rows().stream().allMatch(r -> r.changes().get(0).verdict() == Verdict.WITHIN_VARIANCE));
    }

    @Test
    void matchIgnoreMatchesAcrossAParameterAndSaysSo() {
        RunResult a = run(cell("io", "20ms", 6, 20, 1));
        RunResult b = run(cell("io", "25ms", 6, 25, 2));
        List<Dataset> files = List.of(data(a, "a", Metric.MAKESPAN), data(b, "b", Metric.MAKESPAN));
        IllegalArgumentException none = assertThrows(
                IllegalArgumentException.class,
                () -> Comparisons.compute(files, CompareOptions.defaults(Layout.CHANGE)));
        assertEquals(
                "no cells match between a.json and b.json: a.json has io duration=20ms virtual tasks=100; b.json has"
                        + " io duration=25ms virtual tasks=100; they differ in duration: add --match-ignore duration to match across it",
                none.getMessage());
        Comparison c = Comparisons.compute(files, new CompareOptions(Layout.CHANGE, 0.01, 0.05, Set.of("duration")));
        assertEquals(1, c.rows().size());
        assertEquals(Verdict.SLOWER, c.rows().get(0).changes().get(0).verdict());
        assertTrue(
                c.notes().contains("matched ignoring duration: a has duration=20ms, b has duration=25ms"),
                c.notes()::toString);
        assertNull(c.geomean(), "one row: no geomean");
    }

    @Test
    void ambiguousOrUnknownIgnoresAreErrors() {
        RunResult a = run(cell("io", "20ms", 6, 20, 1), cell("io", "25ms", 6, 25, 2));
        List<Dataset> files = List.of(data(a, "a", Metric.MAKESPAN), data(a, "b", Metric.MAKESPAN));
        IllegalArgumentException twice = assertThrows(
                IllegalArgumentException.class,
                () -> Comparisons.compute(files, new CompareOptions(Layout.CHANGE, 0.01, 0.05, Set.of("duration"))));
        assertTrue(
                twice.getMessage()
                        .contains("a.json has two cells that match as io virtual tasks=100 once duration is"
                                + " ignored; ignore fewer names in --match-ignore"),
                twice.getMessage());
        IllegalArgumentException unknown = assertThrows(
                IllegalArgumentException.class,
                () -> Comparisons.compute(files, new CompareOptions(Layout.CHANGE, 0.01, 0.05, Set.of("durtion"))));
        assertEquals(
                "--match-ignore durtion names nothing in the inputs; they have workload, duration, executor, tasks",
                unknown.getMessage());
    }

    @Test
    void layoutsPairFilesAsTheirSeeds() {
        assertEquals("[[0, 1]]", pairs(Layout.CHANGE, 2));
        assertEquals("[[0, 1], [0, 2], [0, 3]]", pairs(Layout.BASELINE, 4));
        assertEquals("[[0, 1], [1, 2], [2, 3]]", pairs(Layout.CHAIN, 4));
        assertThrows(IllegalArgumentException.class, () -> Layout.CHANGE.pairs(3));
        assertEquals(Layout.CHANGE, Layout.defaultFor(2));
        assertEquals(Layout.BASELINE, Layout.defaultFor(3));
    }

    @Test
    void keyHoldsEveryConfigurationFieldThatHasAValue() {
        CellConfig unlimited = CellConfig.closed("io", Map.of("duration", "1ms"), Fixtures.virtual(), 10, 0);
        CellConfig limited = CellConfig.closed("io", Map.of("duration", "1ms"), Fixtures.fixed(4), 10, 5);
        assertEquals("io duration=1ms virtual tasks=10", text(Inputs.key(unlimited)));
        assertEquals("io duration=1ms fixed:threads=4 tasks=10 concurrency=5", text(Inputs.key(limited)));
    }

    @Test
    void jmhEntriesWithoutRawDataAreLeftOutWithANote() {
        String json = """
                [ {"jmhVersion": "1.37", "benchmark": "org.x.Bench.sampled", "mode": "sample", "threads": 1,
                   "primaryMetric": {"score": 1.5, "scoreUnit": "us/op", "rawDataHistogram": [[[[1.0, 3], [2.0, 1]]]]}},
                  {"jmhVersion": "1.37", "benchmark": "org.x.Bench.timed", "mode": "avgt", "threads": 4,
                   "primaryMetric": {"score": 2.5, "scoreUnit": "us/op", "rawData": [[2, 3], [2.5, 2.5]]}} ]""";
        Dataset d = Inputs.fromJmh(JmhReader.fromJson(json, "x.json"), "x", "x.json");
        assertEquals(1, d.series().size());
        assertEquals("org.x.Bench.timed mode=avgt threads=4", d.series().get(0).fullLabel());
        assertEquals(4, d.series().get(0).values().length, "2 forks × 2 iterations");
        assertEquals(
                List.of("x: org.x.Bench.sampled mode=sample has no rawData (JMH sample mode writes a histogram"
                        + " instead); left out"),
                d.notes());
    }

    private static String text(List<Dim> key) {
        return String.join(" ", key.stream().map(Dim::text).toList());
    }

    private static String pairs(Layout layout, int files) {
        return layout.pairs(files).stream().map(Arrays::toString).toList().toString();
    }

    private static CellResult cell(String workload, String duration, int trials, double makespanMillis, long seed) {
        return Fixtures.cell(
                "c" + seed,
                workload,
                Map.of("duration", duration),
                Fixtures.virtual(),
                100,
                trials,
                makespanMillis,
                0.01,
                makespanMillis,
                seed);
    }

    private static RunResult run(CellResult... cells) {
        return new RunResult(
                RunResult.SCHEMA,
                Fixtures.environment(),
                RunSettings.trials(0, 6).withSeed(1),
                List.of(cells));
    }
}
