package dev.vbench.cli;

import dev.vbench.app.HistoryTarget;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --history[=URL]} and what a stored run carries ({@code --testbed}, {@code --branch},
 * {@code --commit}, {@code --label}): mixed into {@code run} (stores the run after its files are
 * written) and {@code history add}.
 */
public final class HistoryOptions {

    @Option(
            names = "--history",
            arity = "0..1",
            paramLabel = "URL",
            fallbackValue = "",
            description = "Also store the run in the results history: a JDBC URL (jdbc:postgresql://HOST/DB,"
                    + " jdbc:h2:file:/PATH), else $VBENCH_HISTORY, else an H2 store under $XDG_DATA_HOME/vbench"
                    + " (~/.local/share/vbench). Result files are written first; a store that is down exits 3.")
    String url;

    @Option(
            names = "--testbed",
            paramLabel = "NAME",
            description = "With --history: the machine's name in the history (default: the host name).")
    String testbed;

    @Option(
            names = "--branch",
            paramLabel = "BRANCH",
            description =
                    "With --history: the git branch measured (run: default that of the working directory, if a repository; history add: none).")
    String branch;

    @Option(
            names = "--commit",
            paramLabel = "COMMIT",
            description =
                    "With --history: the commit measured (run: default that of the working directory, if a repository; history add: none).")
    String commit;

    @Option(
            names = "--label",
            paramLabel = "KEY=VALUE",
            description =
                    "With --history: a label stored with the run, repeatable (e.g. --label jdk=25 --label ci=nightly).")
    List<String> labels = new ArrayList<>();

    @Option(
            names = "--run-id",
            paramLabel = "ID",
            description =
                    "With --history: the one run the shards of a plan (--shard, or their results in 'history add') store"
                            + " into (default: $VBENCH_RUN_ID, else a Slurm array's SLURM_ARRAY_JOB_ID); 'history runs' shows the"
                            + " shards as one run.")
    String runId;

    /** The options as the use cases take them. */
    HistoryTarget target() {
        return new HistoryTarget(url, testbed, branch, commit, labels, runId);
    }
}
