package dev.vbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One run of vbench: where it ran and every cell it measured.
 *
 * @param schema always {@link #SCHEMA} when written by this version
 * @param environment machine, JVM and command line
 * @param settings run-wide settings (warmup, trials, forks, seed)
 * @param suite the tables of a suite run ({@code vbench run SUITE.yaml}); null (absent) otherwise
 * @param cells measured cells in the order they ran
 * @param sharding the plan's fingerprint and the shards this result holds, when the run was one
 *     shard of a plan ({@code --shard K/N}) or the merge of its shards; null (absent) otherwise
 */
public record RunResult(
        String schema,
        Environment environment,
        RunSettings settings,
        @JsonInclude(JsonInclude.Include.NON_NULL) SuiteLayout suite,
        List<CellResult> cells,
        @JsonInclude(JsonInclude.Include.NON_NULL) Sharding sharding) {

    /** Schema id written into every result file; bump the number on incompatible changes. */
    public static final String SCHEMA = "vbench-result/1";

    public RunResult {
        cells = List.copyOf(cells);
    }

    /** The result of a run that is not a suite's. */
    public RunResult(String schema, Environment environment, RunSettings settings, List<CellResult> cells) {
        this(schema, environment, settings, null, cells, null);
    }

    /** The result of a run that was not sharded. */
    public RunResult(
            String schema, Environment environment, RunSettings settings, SuiteLayout suite, List<CellResult> cells) {
        this(schema, environment, settings, suite, cells, null);
    }

    public RunResult withCells(List<CellResult> newCells) {
        return new RunResult(schema, environment, settings, suite, newCells, sharding);
    }

    /** This result as a suite run's, whose tables {@code layout} describes (null: not a suite's). */
    public RunResult withSuite(SuiteLayout layout) {
        return new RunResult(schema, environment, settings, layout, cells, sharding);
    }

    /** This result as (a merge of) shards of a plan ({@code null}: not sharded). */
    public RunResult withSharding(Sharding newSharding) {
        return new RunResult(schema, environment, settings, suite, cells, newSharding);
    }
}
