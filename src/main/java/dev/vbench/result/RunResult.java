package dev.vbench.result;

import java.util.List;

/**
 * One run of vbench: where it ran and every cell it measured.
 *
 * @param schema always {@link #SCHEMA} when written by this version
 * @param environment machine, JVM and command line
 * @param settings run-wide settings (warmup, trials, forks, seed)
 * @param cells measured cells in the order they ran
 */
public record RunResult(String schema, Environment environment, RunSettings settings, List<CellResult> cells) {

    /** Schema id written into every result file; bump the number on incompatible changes. */
    public static final String SCHEMA = "vbench-result/1";

    public RunResult {
        cells = List.copyOf(cells);
    }

    public RunResult withCells(List<CellResult> newCells) {
        return new RunResult(schema, environment, settings, newCells);
    }
}
