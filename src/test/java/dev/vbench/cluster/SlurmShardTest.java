package dev.vbench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.history.HistoryStores;
import dev.vbench.result.CellStatus;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.SystemOutput;
import dev.vbench.testing.VbenchProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real cluster engine: seed 004 at quick scale (two trials a cell) submitted as a Slurm job array of three shards
 * ({@code --shard auto}), merged, and checked against the unsharded plan — the same cells with the
 * same configuration, each exactly once, every shard's host recorded, one plan fingerprint. Runs
 * against the one-node cluster of {@code .ci/slurm.sh} ({@code SLURM_CONF}); skipped, saying why,
 * where there is none. The shards start on C1 alone ({@link VbenchProcess#QUICK_START}): their speed is not
 * what is checked.
 */
class SlurmShardTest {

    private static final String SUITE = "workloads/seed-004-virtual-vs-platform.yaml";
    private static final int SHARDS = 3;
    /**
     * The suite's trials for the shards and the unsharded plan alike: the sharding is what is checked, not the
     * cells' figures, and each shard's trials were most of its CPU.
     */
    private static final List<String> TRIALS = List.of("--trials", "2");

    @TempDir
    Path tmp;

    /** Skips the test, saying why, unless a Slurm cluster answers. */
    private static void assumeCluster() throws Exception {
        String why = null;
        if (System.getenv("SLURM_CONF") == null) {
            why = "SLURM_CONF is not set";
        } else {
            try {
                Process p = new ProcessBuilder("sinfo", "-h", "-o", "%a")
                        .redirectErrorStream(true)
                        .start();
                if (!p.waitFor(20, TimeUnit.SECONDS) || p.exitValue() != 0) {
                    p.destroyForcibly();
                    why = "sinfo did not answer for SLURM_CONF=" + System.getenv("SLURM_CONF");
                }
            } catch (IOException e) {
                why = "sinfo is not installed (" + e.getMessage() + ")";
            }
        }
        if (why != null) {
            String message = "skipped: no Slurm cluster (" + why + "; .ci/run starts one with .ci/slurm.sh)";
            SystemOutput.println(message);
            Assumptions.assumeTrue(false, message);
        }
    }

    @Test
    void aJobArrayOfShardsMergesIntoTheUnshardedPlan() throws Exception {
        assumeCluster();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        // with the CI PostgreSQL server, every shard also stores into one team history, under the array's job id
        String history = HistoryStores.postgresUrl() == null ? null : HistoryStores.url(HistoryStores.POSTGRESQL, tmp);
        Path script = tmp.resolve("shard.sh");
        Files.writeString(
                script,
                "#!/bin/sh\n"
                        + "exec '" + java + "' --enable-native-access=ALL-UNNAMED "
                        + String.join(" ", VbenchProcess.QUICK_START) + " -cp '" + classpath
                        + "' dev.vbench.Main run "
                        + SUITE + " --scale quick " + String.join(" ", TRIALS)
                        + " --shard auto --no-progress --data-dir '"
                        + tmp.resolve("data")
                        + "' -o '" + tmp + "'/shard-\"$SLURM_ARRAY_TASK_ID\".json"
                        + (history == null ? "" : " --history '" + history + "'") + "\n");
        // --exclusive: one shard at a time on the one node, as on a cluster of quiet machines
        Process sbatch = new ProcessBuilder(
                        "sbatch",
                        "--wait",
                        "--array=0-" + (SHARDS - 1),
                        "--exclusive",
                        "--job-name=vbench-shard-test",
                        "--chdir=" + Path.of("").toAbsolutePath(),
                        "--output=" + tmp + "/shard-%a.log",
                        script.toString())
                .redirectErrorStream(true)
                .redirectOutput(tmp.resolve("sbatch.log").toFile())
                .start();
        if (!sbatch.waitFor(5, TimeUnit.MINUTES)) {
            sbatch.destroyForcibly();
            throw new AssertionError("the job array did not finish within 5 minutes");
        }
        StringBuilder logs = new StringBuilder(Files.readString(tmp.resolve("sbatch.log")));
        for (int k = 0; k < SHARDS; k++) {
            Path log = tmp.resolve("shard-" + k + ".log");
            logs.append("\n--- shard ")
                    .append(k)
                    .append(":\n")
                    .append(Files.exists(log) ? Files.readString(log) : "(no log)");
        }
        assertEquals(0, sbatch.exitValue(), logs::toString);
        for (int k = 0; k < SHARDS; k++) {
            String log = Files.readString(tmp.resolve("shard-" + k + ".log"));
            assertTrue(
                    log.contains(
                            "vbench: shard " + (k + 1) + "/" + SHARDS + " from Slurm job array (SLURM_ARRAY_TASK_ID="
                                    + k + ", SLURM_ARRAY_TASK_COUNT=" + SHARDS + ")"),
                    log);
        }

        List<String> files = new ArrayList<>(List.of("merge"));
        for (int k = 0; k < SHARDS; k++) {
            files.add(tmp.resolve("shard-" + k + ".json").toString());
        }
        Path all = tmp.resolve("all.json");
        files.addAll(List.of("-o", all.toString()));
        CliRun merge = CliRun.of(files.toArray(String[]::new));
        assertEquals(0, merge.code(), merge::toString);
        RunResult merged = ResultCodec.read(all);

        List<String> dryRun = new ArrayList<>(List.of("run", SUITE, "--scale", "quick"));
        dryRun.addAll(TRIALS);
        dryRun.add("--dry-run");
        CliRun plan = CliRun.of(dryRun.toArray(String[]::new));
        assertEquals(0, plan.code(), plan::toString);
        List<String> planned = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^  (\\S+)  (.+)$").matcher(plan.out());
        while (m.find()) {
            planned.add(m.group(1) + "  " + m.group(2));
        }
        List<String> got = merged.cells().stream()
                .map(c -> c.id() + "  " + c.config().label())
                .toList();
        assertEquals(
                planned, got, "the merged cells are the unsharded plan's, with the same configuration, in plan order");
        assertEquals(got.size(), new HashSet<>(got).size(), "each cell once");
        assertTrue(merged.cells().stream().allMatch(c -> c.status() == CellStatus.OK));
        assertTrue(
                plan.out().startsWith("plan " + merged.sharding().plan() + ":"), "one plan fingerprint: " + plan.out());
        assertEquals(SHARDS, merged.sharding().ran().size());
        assertEquals(merged.cells().size(), merged.sharding().hosts().size(), "every cell's host is recorded");
        CliRun report = CliRun.of("report", all.toString());
        assertEquals(0, report.code(), report::toString);
        assertTrue(report.out().contains("I/O-intensive"), report.out());

        if (history == null) {
            SystemOutput.println(
                    "SlurmShardTest: the history part skipped: no PostgreSQL server (VBENCH_TEST_PG_URL; .ci/run starts one)");
            return;
        }
        CliRun runs = CliRun.of("history", "runs", "--history", history);
        assertEquals(0, runs.code(), runs::toString);
        List<String> lines = runs.out().strip().lines().toList();
        assertEquals(3, lines.size(), "one run: " + runs.out());
        assertTrue(lines.get(2).contains("3 of 3 shards (1/3 2/3 3/3)"), runs.out());
        assertTrue(lines.get(2).contains("run=slurm-"), "the array's job id names the run: " + runs.out());
        assertTrue(lines.get(2).contains("plan=" + merged.sharding().plan()), runs.out());
    }
}
