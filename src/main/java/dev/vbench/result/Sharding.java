package dev.vbench.result;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a run was split over machines ({@code vbench run --shard K/N}) and, after {@code vbench merge},
 * which host ran which cell. Optional in {@code vbench-result/1}: absent from a run that was not
 * sharded, so older readers and files are unaffected.
 *
 * @param plan the fingerprint of the whole plan (the same in every shard of one plan)
 * @param shards N, how many slices the plan was split into
 * @param cells the id of every cell of the whole plan, in plan order (what a merge must give back,
 *     each once)
 * @param ran one entry per shard this result holds: one in a shard's own result, all N once merged
 */
public record Sharding(String plan, int shards, List<String> cells, List<Shard> ran) {

    public Sharding {
        cells = cells == null ? List.of() : List.copyOf(cells);
        ran = ran == null ? List.of() : List.copyOf(ran);
    }

    /**
     * One shard as it ran.
     *
     * @param index K, counted from 1
     * @param host the host it ran on ({@link Environment#hostName()})
     * @param startTime when it started ({@link Environment#startTime()})
     * @param cells the ids of the cells the plan gave it, in plan order (those it finished are in the
     *     result's cells)
     */
    public record Shard(int index, String host, String startTime, List<String> cells) {
        public Shard {
            cells = cells == null ? List.of() : List.copyOf(cells);
        }
    }

    /** The host that ran each cell, by cell id. */
    public Map<String, String> hosts() {
        Map<String, String> out = new LinkedHashMap<>();
        ran.forEach(s -> s.cells().forEach(id -> out.put(id, s.host())));
        return out;
    }

    /** The shard that ran cell {@code id}, or null. */
    public Shard shardOf(String id) {
        return ran.stream().filter(s -> s.cells().contains(id)).findFirst().orElse(null);
    }
}
