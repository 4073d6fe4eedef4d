package dev.vbench.result;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One result from the shards of one plan ({@code vbench merge}): the cells of every shard in plan
 * order, the environment and settings of shard 1, and a {@link Sharding} that records every shard
 * with its host and cells. It refuses, one sentence each ({@link ResultFormatException}, exit 2),
 * a file that is not a shard, shards of different plans or of different splits, a shard given twice
 * or missing, a shard that did not finish its cells, and shards whose testbeds differ
 * ({@link Environment#testbedDifferences}) unless mixed testbeds are allowed.
 *
 * <pre>{@code
 * Map<String, RunResult> shards = new LinkedHashMap<>();
 * shards.put("shard-0.json", r0);
 * shards.put("shard-1.json", r1);
 * RunResult all = ShardMerge.merge(shards, false);
 * }</pre>
 */
public final class ShardMerge {

    private ShardMerge() {}

    /** A shard's result and where it came from (its file name), for messages. */
    private static final class Input {
        private final String source;
        private final RunResult result;

        Input(String source, RunResult result) {
            this.source = source;
            this.result = result;
        }

        String source() {
            return source;
        }

        RunResult result() {
            return result;
        }
    }

    /**
     * @param shards each shard's result by its file name, in the order given
     * @param allowMixedTestbeds merge shards from machines that differ (tables footnote each cell's host)
     * @throws ResultFormatException naming the file and the fix
     */
    public static RunResult merge(Map<String, RunResult> shards, boolean allowMixedTestbeds) {
        List<Input> inputs = shards.entrySet().stream()
                .map(e -> new Input(e.getKey(), e.getValue()))
                .toList();
        if (inputs.isEmpty()) {
            throw new ResultFormatException("no shard results given; name every shard's JSON result (vbench merge"
                    + " shard-*.json -o all.json)");
        }
        for (Input in : inputs) {
            checkIsShard(in);
        }
        Input first = inputs.get(0);
        Sharding plan = first.result().sharding();
        Map<Integer, Input> byIndex = new HashMap<>();
        for (Input in : inputs) {
            Sharding s = in.result().sharding();
            if (!s.plan().equals(plan.plan()) || !s.cells().equals(plan.cells())) {
                throw new ResultFormatException(in.source() + " is a shard of plan " + s.plan() + ", " + first.source()
                        + " of plan " + plan.plan()
                        + "; merge the shards of one plan (the same suite or options, scale,"
                        + " trials and seed)");
            }
            if (s.shards() != plan.shards()) {
                throw new ResultFormatException(in.source() + " is shard " + shardName(s) + ", " + first.source()
                        + " shard " + shardName(plan) + "; merge the shards of one split (the same N in --shard K/N)");
            }
            Input twice = byIndex.putIfAbsent(s.ran().get(0).index(), in);
            if (twice != null) {
                throw new ResultFormatException("shard " + shardName(s) + " is given twice: " + twice.source() + " and "
                        + in.source() + "; give each shard's result once");
            }
        }
        for (int k = 1; k <= plan.shards(); k++) {
            if (!byIndex.containsKey(k)) {
                throw new ResultFormatException("shard " + k + "/" + plan.shards() + " is missing (" + byIndex.size()
                        + " of " + plan.shards() + " given); add its result, or run it with --shard " + k + "/"
                        + plan.shards());
            }
        }
        List<Input> ordered = byIndex.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(Map.Entry::getValue)
                .toList();
        checkTestbeds(ordered, allowMixedTestbeds);
        return merged(ordered, plan);
    }

    private static void checkIsShard(Input in) {
        Sharding s = in.result().sharding();
        if (s == null) {
            throw new ResultFormatException(in.source() + " is not a shard's result; merge the results of"
                    + " 'vbench run … --shard K/N -o FILE.json'");
        }
        if (s.ran().size() != 1) {
            throw new ResultFormatException(in.source() + " is already a merge of "
                    + s.ran().size() + " shards;" + " merge the shards' own results");
        }
        Sharding.Shard shard = s.ran().get(0);
        List<String> got = in.result().cells().stream().map(CellResult::id).toList();
        if (!got.equals(shard.cells())) {
            throw new ResultFormatException(in.source() + " (shard " + shardName(s) + ") holds " + got.size()
                    + " of its "
                    + shard.cells().size() + " cells (it was interrupted or a cell failed); rerun it with --shard "
                    + shardName(s));
        }
    }

    private static void checkTestbeds(List<Input> ordered, boolean allowMixed) {
        Input first = ordered.get(0);
        for (Input in : ordered.subList(1, ordered.size())) {
            List<String> differences =
                    first.result().environment().testbedDifferences(in.result().environment());
            if (!differences.isEmpty() && !allowMixed) {
                throw new ResultFormatException(in.source() + " ran on another testbed than " + first.source() + " ("
                        + String.join("; ", differences) + "); merge shards from identical machines, or add"
                        + " --allow-mixed-testbeds (tables then footnote the cells of other hosts)");
            }
        }
    }

    /** The shards' cells in plan order under shard 1's environment and settings. */
    private static RunResult merged(List<Input> ordered, Sharding plan) {
        Map<String, CellResult> cells = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        List<Sharding.Shard> ran = new ArrayList<>();
        for (Input in : ordered) {
            for (CellResult c : in.result().cells()) {
                if (!seen.add(c.id())) {
                    throw new ResultFormatException("cell " + c.id() + " is in more than one shard (" + in.source()
                            + "); merge the results of one split");
                }
                cells.put(c.id(), c);
            }
            ran.add(in.result().sharding().ran().get(0));
        }
        if (!seen.equals(new HashSet<>(plan.cells()))) {
            throw new ResultFormatException("the shards hold " + seen.size() + " cells, the plan "
                    + plan.cells().size() + "; merge the results of one split");
        }
        List<CellResult> inPlanOrder = plan.cells().stream().map(cells::get).toList();
        ran.sort(Comparator.comparingInt(Sharding.Shard::index));
        RunResult base = ordered.get(0).result();
        return base.withCells(inPlanOrder).withSharding(new Sharding(plan.plan(), plan.shards(), plan.cells(), ran));
    }

    private static String shardName(Sharding s) {
        return s.ran().get(0).index() + "/" + s.shards();
    }
}
