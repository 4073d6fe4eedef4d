package dev.vbench.engine;

import dev.vbench.result.RunSettings;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything needed to run: the cells in order and the run-wide settings.
 *
 * @param cells cells in the order they run (executors of one row are adjacent)
 * @param settings warmup, trials, forks, seed
 * @param dataRoot root of the per-workload input cache ({@code ~/.cache/vbench} by default)
 */
public record RunPlan(List<CellPlan> cells, RunSettings settings, Path dataRoot) {

    public RunPlan {
        cells = List.copyOf(cells);
    }
}
