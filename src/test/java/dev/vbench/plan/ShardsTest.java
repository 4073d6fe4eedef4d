package dev.vbench.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.engine.CellPlan;
import dev.vbench.engine.Engine;
import dev.vbench.loader.UserCode;
import dev.vbench.suite.Scale;
import dev.vbench.suite.SuiteLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Slices of a plan: every cell once, a table row never split, the same slices every time, balanced. */
class ShardsTest {

    static Stream<Path> suites() throws Exception {
        try (Stream<Path> files = Files.list(Path.of("workloads"))) {
            return files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList().stream();
        }
    }

    private static Plan suitePlan(Path file, Scale scale) {
        return SuitePlanner.plan(
                SuiteLoader.load(file), file.toString(), scale, TrialOptions.DEFAULTS, UserCode.builtIn());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("suites")
    void aComparisonRowIsNeverSplitAndEveryCellRunsOnce(Path file) {
        for (Scale scale : Scale.values()) {
            Plan whole = suitePlan(file, scale);
            for (int n = 2; n <= 5; n++) {
                Map<String, Integer> slice = Shards.slices(whole, n);
                List<String> union = new ArrayList<>();
                for (int k = 1; k <= n; k++) {
                    Plan mine = Shards.slice(whole, new Shards.Shard(k, n));
                    int index = k;
                    mine.cells().forEach(c -> assertEquals(index, slice.get(c.id()), c.id()));
                    union.addAll(mine.cells().stream().map(CellPlan::id).toList());
                }
                assertEquals(
                        whole.cells().stream().map(CellPlan::id).sorted().toList(),
                        union.stream().sorted().toList(),
                        file + " N=" + n + ": every cell in exactly one shard");
                for (Plan.Part part : whole.parts()) {
                    List<CellPlan> cells = part.run().cells();
                    for (int i = 1; i < cells.size(); i++) {
                        if (Engine.sameRow(cells.get(i - 1), cells.get(i))) {
                            assertEquals(
                                    slice.get(cells.get(i - 1).id()),
                                    slice.get(cells.get(i).id()),
                                    file + " N=" + n + ": row of "
                                            + cells.get(i).id() + " split across shards");
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("suites")
    void theSamePlanGivesTheSameFingerprintAndSlices(Path file) {
        Plan a = suitePlan(file, Scale.QUICK);
        Plan b = suitePlan(file, Scale.QUICK);
        assertEquals(a.fingerprint(), b.fingerprint());
        assertEquals(Shards.slices(a, 3), Shards.slices(b, 3));
        assertNotEquals(a.fingerprint(), suitePlan(file, Scale.FULL).fingerprint(), "the scale is part of the plan");
    }

    private static Plan ioSweep(String durations, long seed) {
        return Planner.plan(
                new PlanRequest(
                        null,
                        null,
                        MatrixRequest.closed(
                                "io",
                                Map.of("duration", List.of(durations.split(","))),
                                List.of("virtual", "fixed:threads=4"),
                                List.of(100L),
                                List.of()),
                        TrialOptions.DEFAULTS.withWarmup(0).withTrials(2).withSeed(seed)),
                UserCode.builtIn());
    }

    @Test
    void rowsAreBalancedByEstimatedTimeWhenEveryCellStatesIt() {
        Plan whole = ioSweep("1ms,2ms,5ms", 42);
        assertTrue(Shards.timedEstimate(whole));
        // rows: 1ms (0.4 s), 2ms (0.8 s), 5ms (2 s): 5ms alone, 1ms and 2ms together
        Map<String, Integer> slice = Shards.slices(whole, 2);
        assertEquals(Map.of("c1", 2, "c2", 2, "c3", 2, "c4", 2, "c5", 1, "c6", 1), slice);
        assertEquals(2, Shards.rows(whole).get(0).cells().size(), "a row holds the executors of one duration");
    }

    @Test
    void cellsWithoutAStatedCostAreBalancedByTrialCount() {
        Plan whole = Planner.plan(
                new PlanRequest(
                        null,
                        null,
                        MatrixRequest.closed(
                                "cpu",
                                Map.of("iterations", List.of("10", "20", "30", "40")),
                                List.of("virtual"),
                                List.of(10L),
                                List.of()),
                        TrialOptions.DEFAULTS),
                UserCode.builtIn());
        assertTrue(!Shards.timedEstimate(whole));
        Map<String, Integer> slice = Shards.slices(whole, 2);
        assertEquals(2, slice.values().stream().filter(s -> s == 1).count());
        assertEquals(2, slice.values().stream().filter(s -> s == 2).count());
    }

    @Test
    void moreShardsThanRowsLeavesSomeEmpty() {
        Plan whole = ioSweep("1ms", 42);
        assertEquals(2, Shards.slice(whole, new Shards.Shard(1, 3)).cells().size());
        assertEquals(0, Shards.slice(whole, new Shards.Shard(3, 3)).cells().size());
    }

    @Test
    void theFingerprintFollowsWhatIsMeasured() {
        assertEquals(
                ioSweep("1ms,2ms", 42).fingerprint(), ioSweep("1ms,2ms", 42).fingerprint());
        Set<String> prints = new HashSet<>(List.of(
                ioSweep("1ms,2ms", 42).fingerprint(),
                ioSweep("1ms,3ms", 42).fingerprint(),
                ioSweep("1ms,2ms", 7).fingerprint()));
        assertEquals(3, prints.size(), "parameters and seed change the plan");
        assertTrue(ioSweep("1ms", 42).fingerprint().matches("[0-9a-f]{16}"));
    }

    @Test
    void shardTextIsKOverNWithKFromOne() {
        assertEquals(new Shards.Shard(2, 3), Shards.Shard.parse("2/3"));
        for (String bad : List.of("3/2", "0/0", "0/3", "x", "1/", "/2", "1/2/3", "-1/2", "")) {
            PlanException e = assertThrows(PlanException.class, () -> Shards.Shard.parse(bad), bad);
            assertTrue(e.getMessage().startsWith("--shard "), e.getMessage());
        }
    }
}
