package dev.vbench.cli;

import dev.vbench.history.GitInfo;
import dev.vbench.history.HistoryStore;
import dev.vbench.history.HistoryUrl;
import dev.vbench.history.Importer;
import dev.vbench.history.StoredRun;
import dev.vbench.history.Testbed;
import dev.vbench.result.CellResult;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --history[=URL]} and what a stored run carries ({@code --testbed}, {@code --branch},
 * {@code --commit}, {@code --label}): mixed into {@code run} (stores the run after its files are
 * written) and {@code history add}.
 */
public final class HistoryOptions {

    @Option(names = "--history", arity = "0..1", paramLabel = "URL", fallbackValue = "",
            description = "Also store the run in the results history: a JDBC URL (jdbc:postgresql://HOST/DB,"
                    + " jdbc:h2:file:/PATH), else $VBENCH_HISTORY, else an H2 store under $XDG_DATA_HOME/vbench"
                    + " (~/.local/share/vbench). Result files are written first; a store that is down exits 3.")
    String url;

    @Option(names = "--testbed", paramLabel = "NAME",
            description = "With --history: the machine's name in the history (default: the host name).")
    String testbed;

    @Option(names = "--branch", paramLabel = "BRANCH",
            description = "With --history: the git branch measured (default: that of the working directory, if a repository).")
    String branch;

    @Option(names = "--commit", paramLabel = "COMMIT",
            description = "With --history: the commit measured (default: that of the working directory, if a repository).")
    String commit;

    @Option(names = "--label", paramLabel = "KEY=VALUE",
            description = "With --history: a label stored with the run, repeatable (e.g. --label jdk=25 --label ci=nightly).")
    List<String> labels = new java.util.ArrayList<>();

    @Option(names = "--run-id", paramLabel = "ID",
            description = "With --history: the one run the shards of a plan (--shard, or their results in 'history add') store"
                    + " into (default: $VBENCH_RUN_ID, else a Slurm array's SLURM_ARRAY_JOB_ID); 'history runs' shows the"
                    + " shards as one run.")
    String runId;

    /** Whether {@code --history} was given. */
    boolean enabled() {
        return url != null;
    }

    /** The store's URL, resolved once ({@code --history}, {@code $VBENCH_HISTORY}, the default). */
    HistoryUrl resolve() {
        return HistoryVerb.resolve(url);
    }

    /** Fails before any measurement when the options are wrong (bad URL, bad label). */
    void validate() {
        validate(false, Map.of());
    }

    /**
     * Fails before any measurement when the options are wrong (bad URL, bad label, a shard stored
     * without a run id shared by the shards).
     *
     * @param sharded whether the run is one shard of a plan ({@code --shard})
     * @param env the environment the scheduler's job id is read from
     */
    void validate(boolean sharded, Map<String, String> env) {
        if (!enabled() && (testbed != null || branch != null || commit != null || !labels.isEmpty() || runId != null)) {
            throw new UsageException("--testbed, --branch, --commit, --label and --run-id describe a run stored in the"
                    + " history; add --history (or drop them)");
        }
        if (enabled()) {
            HistoryVerb.call(() -> {
                resolve();
                return 0;
            });
            labels();
            if (sharded && runId(env) == null) {
                throw new UsageException("--history with --shard needs the id of the run all shards store into; give"
                        + " --run-id ID (the same on every shard), or set VBENCH_RUN_ID (under Slurm, SLURM_ARRAY_JOB_ID"
                        + " is used)");
            }
        }
    }

    /** The run the shards store into: {@code --run-id}, {@code $VBENCH_RUN_ID}, a Slurm array's job id; else null. */
    String runId(Map<String, String> env) {
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

    Map<String, String> labels() {
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

    /** The run's metadata; git branch/commit of {@code workingDir} fill what is not given when {@code detectGit}. */
    Importer.Meta meta(boolean detectGit) {
        String b = branch;
        String c = commit;
        if (detectGit && (b == null || c == null)) {
            GitInfo git = GitInfo.of(Path.of("").toAbsolutePath());
            b = b == null ? git.branch() : b;
            c = c == null ? git.commit() : c;
        }
        return new Importer.Meta(testbed, b, c, labels(), runId(System.getenv()));
    }

    /**
     * After {@code run} wrote its files: stores the run when {@code --history} was given.
     *
     * @param code the run's exit code so far
     * @return the exit code: {@code code}, or 3 when the store could not take the run
     */
    int storeRun(RunResult result, int code, PrintWriter err, boolean quiet) {
        if (!enabled()) {
            return code;
        }
        boolean emptyShard = result.sharding() != null && result.sharding().ran().size() == 1
                && result.sharding().ran().get(0).cells().isEmpty(); // stored all the same: the run shows every shard
        if (code == ExitCodes.INTERRUPTED
                || !emptyShard && result.cells().stream().noneMatch(c -> CellResult.OK.equals(c.status()))) {
            err.println("vbench: not stored in the history: the run did not finish a cell");
            err.flush();
            return code;
        }
        return HistoryVerb.call(() -> {
            HistoryUrl where = resolve();
            StoredRun run = Importer.fromRun(result, ResultCodec.toJson(result), "run", meta(true),
                    Testbed.probe(testbed, result.environment().hostName()));
            try (HistoryStore store = HistoryStore.open(where, true)) {
                long id = store.add(run);
                if (!quiet) {
                    err.println("vbench: stored as run " + id + " (" + run.cells().size() + " series) in the history "
                            + where.shown());
                    err.flush();
                }
            }
            return code;
        }, "results written; not stored in the history: ");
    }
}
