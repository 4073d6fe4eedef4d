package dev.vbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.vbench.executor.ExecutorStrategies;
import dev.vbench.measure.NanoClock;
import dev.vbench.result.CellResult;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.Params;
import dev.vbench.spi.WorkloadProvider;
import dev.vbench.testing.Fixtures;
import dev.vbench.workload.Workloads;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The order of a group's trials, as the trials' start times in the result show it. */
class TrialOrderTest {

    @TempDir
    Path dataRoot;

    @Test
    void schedulesRunShuffledRoundsGroupOrShuffle() {
        List<Integer> rounds = TrialOrder.INTERLEAVED.schedule(new int[] {4, 4, 4}, new Random(1));
        for (int r = 0; r < 4; r++) {
            assertEquals(
                    List.of(0, 1, 2),
                    rounds.subList(3 * r, 3 * r + 3).stream().sorted().toList(),
                    "round " + r + " runs every cell once: " + rounds);
        }
        assertNotEquals(List.of(0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2), rounds, "each round in a shuffled order");
        assertEquals(
                rounds, TrialOrder.INTERLEAVED.schedule(new int[] {4, 4, 4}, new Random(1)), "same seed, same rounds");
        List<Integer> uneven = TrialOrder.INTERLEAVED.schedule(new int[] {3, 2}, new Random(1));
        assertEquals(List.of(0, 1), uneven.subList(0, 2).stream().sorted().toList());
        assertEquals(List.of(0, 1), uneven.subList(2, 4).stream().sorted().toList());
        assertEquals(List.of(0), uneven.subList(4, 5));
        assertEquals(List.of(0, 0, 1, 1, 2, 2), TrialOrder.GROUPED.schedule(new int[] {2, 2, 2}, new Random(1)));
        List<Integer> random = TrialOrder.RANDOM.schedule(new int[] {3, 3, 3}, new Random(42));
        assertEquals(random, TrialOrder.RANDOM.schedule(new int[] {3, 3, 3}, new Random(42)), "same seed, same order");
        assertNotEquals(random, TrialOrder.RANDOM.schedule(new int[] {3, 3, 3}, new Random(43)));
        assertEquals(
                List.of(0, 0, 0, 1, 1, 1, 2, 2, 2), random.stream().sorted().toList(), "every unit once");
        assertEquals(TrialOrder.RANDOM, TrialOrder.parse(" Random"));
        assertEquals(null, TrialOrder.parse("zigzag"));
    }

    /**
     * Two executors × two parameter values: a group is one parameter value; within it the trials run in
     * rounds, each round one trial of each executor in the order the seed shuffles.
     */
    @Test
    void interleavedTrialsRunInShuffledRoundsWithinEachGroupByStartTime() throws Exception {
        RunResult run = run("interleaved", 3);
        List<String> expected = new ArrayList<>();
        Random random = new Random(42);
        for (String[] group : new String[][] {{"c1", "c2"}, {"c3", "c4"}}) {
            TrialOrder.round(new int[] {4, 4}, 0, random); // the warmup round keeps no trial
            for (int r = 1; r < 4; r++) {
                TrialOrder.round(new int[] {4, 4}, r, random).forEach(c -> expected.add(group[c]));
            }
        }
        assertEquals(expected, Fixtures.startOrder(run));
        assertEquals("interleaved", run.settings().order());
        for (CellResult cell : run.cells()) {
            assertEquals(
                    List.of(0, 1, 2),
                    cell.trials().stream().map(TrialResult::index).toList());
        }
    }

    @Test
    void groupedTrialsRunCellByCell() throws Exception {
        assertEquals(
                List.of("c1", "c1", "c1", "c2", "c2", "c2", "c3", "c3", "c3", "c4", "c4", "c4"),
                Fixtures.startOrder(run("grouped", 3)));
    }

    @Test
    void randomOrderFollowsTheSeed() throws Exception {
        List<String> expected = new ArrayList<>();
        Random random = new Random(42);
        int[] units = {1 + 3, 1 + 3}; // one warmup + three measured trials per cell
        for (String[] row : new String[][] {{"c1", "c2"}, {"c3", "c4"}}) {
            int[] seen = new int[2];
            for (int c : TrialOrder.RANDOM.schedule(units, random)) {
                if (seen[c]++ >= 1) { // the first unit of each cell is its warmup, which keeps no trial
                    expected.add(row[c]);
                }
            }
        }
        assertEquals(expected, Fixtures.startOrder(run("random", 3)));
    }

    private RunResult run(String order, int trials) throws Exception {
        WorkloadProvider cpu = Workloads.byName("cpu");
        List<CellPlan> cells = new ArrayList<>();
        int id = 1;
        for (String iterations : List.of("1000", "2000")) {
            for (String executor : List.of("fixed:threads=1", "virtual")) {
                cells.add(new CellPlan(
                        "c" + id++,
                        cpu,
                        Params.resolve("cpu", cpu.params(), Map.of("iterations", iterations)),
                        ExecutorStrategies.parse(executor),
                        4,
                        0));
            }
        }
        RunPlan plan =
                new RunPlan(cells, RunSettings.trials(1, trials).withSeed(42).withOrder(order), dataRoot);
        return new Engine(NanoClock.SYSTEM).run(plan, Fixtures.environment(), RunListener.NONE);
    }
}
