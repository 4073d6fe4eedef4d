package dev.vbench.app;

import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.result.ShardMerge;
import dev.vbench.result.Sharding;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code vbench merge} use case: the shards' results of one plan read, checked ({@link ShardMerge}) and
 * written as one result, atomically; nothing is written when a check fails.
 *
 * <pre>{@code
 * MergeUseCase.Outcome o = MergeUseCase.merge(new MergeUseCase.Request(List.of(a, b), Path.of("all.json"), false));
 * o.lines().forEach(line -> err.println("vbench: " + line));
 * }</pre>
 */
public final class MergeUseCase {

    private MergeUseCase() {}

    /**
     * @param inputs each shard's result file
     * @param output where the merged JSON result goes
     * @param allowMixedTestbeds merge shards from machines that differ
     */
    public record Request(List<Path> inputs, Path output, boolean allowMixedTestbeds) {
        public Request {
            inputs = List.copyOf(inputs);
        }
    }

    /**
     * @param merged the merged result, as written
     * @param lines what was merged: one line for the plan, one per shard (host, start, cells)
     */
    public record Outcome(RunResult merged, List<String> lines) {}

    /**
     * @throws UsageException for a file named twice, or shards {@link ShardMerge} refuses
     * @throws EnvironmentException when the output cannot be written
     */
    public static Outcome merge(Request request) {
        OutputFiles.checkWritable(request.output());
        Map<String, RunResult> shards = new LinkedHashMap<>();
        for (Path p : request.inputs()) {
            RunResult previous = shards.put(p.toString(), ResultCodec.read(p));
            if (previous != null) {
                throw new UsageException(p + " is named twice; give each shard's result once");
            }
        }
        RunResult merged = ShardMerge.merge(shards, request.allowMixedTestbeds());
        try {
            OutputFiles.writeAtomically(request.output(), ResultCodec.toJson(merged));
        } catch (IOException e) {
            throw new EnvironmentException(
                    "cannot write " + request.output() + ": " + e.getMessage() + "; check free space and permissions",
                    e);
        }
        Sharding s = merged.sharding();
        List<String> lines = new ArrayList<>();
        lines.add("merged " + s.shards() + " shard(s) of plan " + s.plan() + ": "
                + merged.cells().size() + " cell(s) into " + request.output());
        for (Sharding.Shard shard : s.ran()) {
            lines.add("  shard " + shard.index() + "/" + s.shards() + " on " + shard.host() + " at " + shard.startTime()
                    + ": " + (shard.cells().isEmpty() ? "no cells" : String.join(" ", shard.cells())));
        }
        return new Outcome(merged, lines);
    }
}
