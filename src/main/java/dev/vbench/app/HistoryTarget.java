package dev.vbench.app;

import dev.vbench.history.GitInfo;
import dev.vbench.history.HistoryStore;
import dev.vbench.history.HistoryUrl;
import dev.vbench.history.Importer;
import dev.vbench.history.StoredRun;
import dev.vbench.history.Testbed;
import dev.vbench.result.CellStatus;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a run is stored in the results history and what it carries: {@code run --history} (stored
 * after its files are written) and {@code history add}.
 *
 * @param url the {@code --history} value: null when not given (nothing is stored), empty for the default store
 * @param testbed the machine's name in the history; null: the host name
 * @param branch the git branch measured; null: the working directory's, when {@code meta(true)}
 * @param commit the commit measured; null: the working directory's, when {@code meta(true)}
 * @param labels {@code KEY=VALUE} labels, as given
 * @param runId the run the shards of a plan store into; null: {@code $VBENCH_RUN_ID}, a Slurm array's job id
 */
public record HistoryTarget(
        String url, String testbed, String branch, String commit, List<String> labels, String runId) {

    /** No history: nothing is stored. */
    public static final HistoryTarget NONE = new HistoryTarget(null, null, null, null, List.of(), null);

    public HistoryTarget {
        labels = List.copyOf(labels);
    }

    /** Whether {@code --history} was given. */
    public boolean enabled() {
        return url != null;
    }

    /** The store's URL, resolved once ({@code --history}, {@code $VBENCH_HISTORY}, the default). */
    public HistoryUrl resolve() {
        return HistoryAccess.resolve(url);
    }

    /**
     * Fails before any measurement when the options are wrong (bad URL, bad label, a shard stored
     * without a run id shared by the shards).
     *
     * @param sharded whether the run is one shard of a plan ({@code --shard})
     * @param env the environment the scheduler's job id is read from
     */
    public void validate(boolean sharded, Map<String, String> env) {
        if (!enabled() && (testbed != null || branch != null || commit != null || !labels.isEmpty() || runId != null)) {
            throw new UsageException("--testbed, --branch, --commit, --label and --run-id describe a run stored in the"
                    + " history; add --history (or drop them)");
        }
        if (enabled()) {
            HistoryAccess.call(() -> {
                resolve();
                meta(false); // lengths and characters the store can keep: refused now, not after the benchmark
                return 0;
            });
            labelMap();
            if (sharded && runId(env) == null) {
                throw new UsageException("--history with --shard needs the id of the run all shards store into; give"
                        + " --run-id ID (the same on every shard), or set VBENCH_RUN_ID (under Slurm, SLURM_ARRAY_JOB_ID"
                        + " is used)");
            }
        }
    }

    /** The run the shards store into: {@code --run-id}, {@code $VBENCH_RUN_ID}, a Slurm array's job id; else null. */
    public String runId(Map<String, String> env) {
        if (runId != null && !runId.isBlank()) {
            return runId.strip();
        }
        String given = env.get("VBENCH_RUN_ID");
        if (given != null && !given.isBlank()) {
            return given.strip();
        }
        String slurm = env.get("SLURM_ARRAY_JOB_ID");
        return slurm == null || slurm.isBlank() ? null : "slurm-" + slurm.strip();
    }

    /** The labels as a map, in order. */
    public Map<String, String> labelMap() {
        Map<String, String> out = new LinkedHashMap<>();
        for (String l : labels) {
            int eq = l.indexOf('=');
            if (eq <= 0) {
                throw new UsageException("--label '" + l + "' is not KEY=VALUE; write e.g. --label jdk=25");
            }
            out.put(l.substring(0, eq), l.substring(eq + 1));
        }
        return out;
    }

    /** The run's metadata; git branch/commit of the working directory fill what is not given when {@code detectGit}. */
    public Importer.Meta meta(boolean detectGit) {
        String b = branch;
        String c = commit;
        if (detectGit && (b == null || c == null)) {
            GitInfo git = GitInfo.of(Path.of("").toAbsolutePath());
            b = b == null ? git.branch() : b;
            c = c == null ? git.commit() : c;
        }
        return new Importer.Meta(testbed, b, c, labelMap(), runId(System.getenv()));
    }

    /**
     * After {@code run} wrote its files: stores the run when {@code --history} was given.
     *
     * @param code the run's exit code so far
     * @return the exit code: {@code code}, or 3 when the store could not take the run
     */
    public int storeRun(RunResult result, int code, PrintWriter err, boolean quiet) {
        if (!enabled()) {
            return code;
        }
        boolean emptyShard = result.sharding() != null
                && result.sharding().ran().size() == 1
                && result.sharding().ran().get(0).cells().isEmpty(); // stored all the same: the run shows every shard
        if (code == ExitCodes.INTERRUPTED
                || !emptyShard && result.cells().stream().noneMatch(c -> c.status() == CellStatus.OK)) {
            err.println("vbench: not stored in the history: the run did not finish a cell");
            err.flush();
            return code;
        }
        return HistoryAccess.call(
                () -> {
                    HistoryUrl where = resolve();
                    StoredRun run = Importer.fromRun(
                            result,
                            ResultCodec.toJson(result),
                            "run",
                            meta(true),
                            Testbed.probe(testbed, result.environment().hostName()));
                    try (HistoryStore store = HistoryStore.open(where, true)) {
                        long id = store.add(run);
                        if (!quiet) {
                            err.println("vbench: stored as run " + id + " ("
                                    + run.cells().size() + " series) in the history " + where.shown());
                            err.flush();
                        }
                    }
                    return code;
                },
                "results written; not stored in the history: ");
    }
}
