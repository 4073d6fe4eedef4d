package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vbench.app.ShardOption;
import dev.vbench.app.UsageException;
import dev.vbench.result.CellResult;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code vbench run --shard} and {@code vbench merge}: shards of one plan come back together as
 * the unsharded plan's cells, each once, with the host that ran each; every wrong input is one
 * line, exit 2, and writes nothing.
 */
class ShardCliTest {

    /** Three rows (task counts) of two executors each. */
    private static final String[] MATRIX = {
        "run",
        "-w",
        "noop",
        "-e",
        "virtual",
        "-e",
        "fixed:threads=2",
        "--tasks",
        "10,20,30",
        "--trials",
        "2",
        "--warmup",
        "0",
        "--no-progress",
        "--pinning",
        "off"
    };

    @TempDir
    Path tmp;

    private static String[] args(String[] head, String... tail) {
        List<String> all = new ArrayList<>(List.of(head));
        all.addAll(List.of(tail));
        return all.toArray(String[]::new);
    }

    private Path shard(int k, int n) {
        Path file = tmp.resolve("shard-" + k + ".json");
        CliRun r = CliRun.of(args(MATRIX, "--shard", k + "/" + n, "-q", "-o", file.toString()));
        assertEquals(0, r.code(), r::toString);
        return file;
    }

    @Test
    void badShardsAreOneLineExitTwoAndWriteNothing() {
        Path out = tmp.resolve("r.json");
        CliRun.of(args(MATRIX, "--shard", "3/2", "-o", out.toString())).assertUsageError("--shard 3/2 is not a shard");
        CliRun.of(args(MATRIX, "--shard", "0/0", "-o", out.toString())).assertUsageError("--shard 0/0 is not a shard");
        CliRun.of(args(MATRIX, "--shard", "x", "-o", out.toString())).assertUsageError("--shard x is not K/N");
        if (System.getenv("SLURM_ARRAY_TASK_ID") == null && System.getenv("JOB_COMPLETION_INDEX") == null) {
            CliRun.of(args(MATRIX, "--shard", "auto", "-o", out.toString()))
                    .assertUsageError("--shard auto found no scheduler");
        }
        assertFalse(Files.exists(out));
    }

    @Test
    void autoReadsSlurmArraysAndKubernetesIndexedJobsAndSaysWhich() {
        ShardOption slurm =
                ShardOption.resolve("auto", Map.of("SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_COUNT", "3"));
        assertEquals("2/3", slurm.shard().toString());
        assertEquals("Slurm job array (SLURM_ARRAY_TASK_ID=1, SLURM_ARRAY_TASK_COUNT=3)", slurm.source());
        assertEquals(
                "3/3",
                ShardOption.resolve(
                                "auto",
                                Map.of(
                                        "SLURM_ARRAY_TASK_ID",
                                        "5",
                                        "SLURM_ARRAY_TASK_COUNT",
                                        "3",
                                        "SLURM_ARRAY_TASK_MIN",
                                        "1",
                                        "SLURM_ARRAY_TASK_MAX",
                                        "5",
                                        "SLURM_ARRAY_TASK_STEP",
                                        "2"))
                        .shard()
                        .toString());
        ShardOption k8s = ShardOption.resolve("auto", Map.of("JOB_COMPLETION_INDEX", "0", "VBENCH_SHARDS", "4"));
        assertEquals("1/4", k8s.shard().toString());
        assertTrue(k8s.source().startsWith("Kubernetes Indexed Job (JOB_COMPLETION_INDEX=0"), k8s.source());
        assertEquals("--shard 2/5", ShardOption.resolve("2/5", Map.of()).source());
        for (Map<String, String> bad : List.of(
                Map.of("JOB_COMPLETION_INDEX", "0"),
                Map.of("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_COUNT", "3"),
                Map.of("SLURM_ARRAY_TASK_ID", "one", "SLURM_ARRAY_TASK_COUNT", "3"),
                Map.of(
                        "SLURM_ARRAY_TASK_ID",
                        "2",
                        "SLURM_ARRAY_TASK_COUNT",
                        "3",
                        "SLURM_ARRAY_TASK_MIN",
                        "0",
                        "SLURM_ARRAY_TASK_MAX",
                        "5"))) { // --array=0,2,5
            UsageException e = org.junit.jupiter.api.Assertions.assertThrows(
                    UsageException.class, () -> ShardOption.resolve("auto", bad));
            assertTrue(e.getMessage().startsWith("--shard auto"), e.getMessage());
        }
    }

    /** Cell ids (with labels) a dry run prints. */
    private static List<String> dryRunCells(String out) {
        List<String> cells = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^  (\\S+)  (.+)$").matcher(out);
        while (m.find()) {
            cells.add(m.group(1) + " " + m.group(2));
        }
        return cells;
    }

    @Test
    void dryRunPrintsEachShardsCellsAndTheyMakeUpTheWholePlan() {
        CliRun whole = CliRun.of(args(MATRIX, "--dry-run"));
        assertEquals(0, whole.code(), whole::toString);
        assertTrue(whole.out().matches("(?s)plan [0-9a-f]{16}: 6 cell\\(s\\) in 3 row\\(s\\).*"), whole.out());
        List<String> union = new ArrayList<>();
        for (int k = 1; k <= 2; k++) {
            CliRun r = CliRun.of(args(MATRIX, "--dry-run", "--shard", k + "/2"));
            assertEquals(0, r.code(), r::toString);
            assertTrue(r.out().contains("shard " + k + "/2 (--shard " + k + "/2)"), r.out());
            union.addAll(dryRunCells(r.out()));
        }
        assertEquals(
                dryRunCells(whole.out()).stream().sorted().toList(),
                union.stream().sorted().toList());
    }

    @Test
    void mergedShardsHoldThePlansCellsOnceWithTheirHostsAndReadLikeAnyResult() throws Exception {
        Path one = shard(1, 2);
        Path two = shard(2, 2);
        // the second shard as if another host of the same kind had run it
        ObjectNode tree = (ObjectNode) ResultCodec.mapper().readTree(two.toFile());
        ((ObjectNode) tree.get("environment")).put("hostName", "node-b");
        ((ObjectNode) tree.get("sharding").get("ran").get(0)).put("host", "node-b");
        Files.writeString(two, ResultCodec.mapper().writeValueAsString(tree));

        Path all = tmp.resolve("all.json");
        CliRun merge = CliRun.of("merge", one.toString(), two.toString(), "-o", all.toString());
        assertEquals(0, merge.code(), merge::toString);
        assertTrue(merge.err().contains("merged 2 shard(s) of plan "), merge::toString);
        RunResult merged = ResultCodec.read(all);
        assertEquals(
                List.of("c1", "c2", "c3", "c4", "c5", "c6"),
                merged.cells().stream().map(CellResult::id).toList(),
                "the plan's cells, in plan order, each once");
        assertEquals(
                merged.sharding().cells(),
                merged.cells().stream().map(CellResult::id).toList());
        RunResult first = ResultCodec.read(one);
        assertEquals(first.sharding().plan(), merged.sharding().plan());
        assertEquals(2, merged.sharding().ran().size());
        Map<String, String> hosts = merged.sharding().hosts();
        assertEquals(6, hosts.size());
        assertEquals(2, hosts.values().stream().distinct().count(), hosts::toString);
        String otherCells =
                String.join(", ", ResultCodec.read(two).sharding().ran().get(0).cells());

        CliRun report = CliRun.of("report", all.toString());
        assertEquals(0, report.code(), report::toString);
        assertTrue(
                report.out()
                        .contains("measured on node-b (shard 2/2), not on "
                                + merged.environment().hostName() + " (the environment shown): " + otherCells),
                report.out());
        CliRun compare = CliRun.of("compare", all.toString(), all.toString());
        assertEquals(0, compare.code(), compare::toString);
        String url = "jdbc:h2:file:" + tmp.resolve("history").toAbsolutePath();
        CliRun add = CliRun.of("history", "add", "--history", url, all.toString());
        assertEquals(0, add.code(), add::toString);
        CliRun runs = CliRun.of("history", "runs", "--history", url);
        assertEquals(0, runs.code(), runs::toString);
    }

    @Test
    void mergeRefusesWhatWouldNotBeOnePlanAndWritesNothing() throws Exception {
        Path one = shard(1, 2);
        Path two = shard(2, 2);
        Path out = tmp.resolve("all.json");
        CliRun.of("merge", one.toString(), "-o", out.toString())
                .assertUsageError("shard 2/2 is missing (1 of 2 given)");
        Path copy = Files.copy(one, tmp.resolve("copy.json"));
        CliRun.of("merge", one.toString(), copy.toString(), two.toString(), "-o", out.toString())
                .assertUsageError("shard 1/2 is given twice: " + one + " and " + copy);
        CliRun.of("merge", one.toString(), one.toString(), two.toString(), "-o", out.toString())
                .assertUsageError(one + " is named twice");

        Path other = tmp.resolve("other.json");
        CliRun r = CliRun.of(
                "run",
                "-w",
                "noop",
                "--tasks",
                "5",
                "--trials",
                "1",
                "--warmup",
                "0",
                "--shard",
                "2/2",
                "-q",
                "--pinning",
                "off",
                "-o",
                other.toString());
        assertEquals(0, r.code(), r::toString);
        CliRun.of("merge", one.toString(), other.toString(), "-o", out.toString())
                .assertUsageError(other + " is a shard of plan ");

        Path three = tmp.resolve("three.json");
        assertEquals(
                0,
                CliRun.of(args(MATRIX, "--shard", "3/3", "-q", "-o", three.toString()))
                        .code());
        CliRun.of("merge", one.toString(), three.toString(), "-o", out.toString())
                .assertUsageError("is shard 3/3");

        Path plain = tmp.resolve("plain.json");
        assertEquals(
                0,
                CliRun.of("run", "-w", "noop", "--tasks", "5", "--trials", "1", "-q", "-o", plain.toString())
                        .code());
        CliRun.of("merge", plain.toString(), "-o", out.toString()).assertUsageError(plain + " is not a shard's result");

        ObjectNode tree = (ObjectNode) ResultCodec.mapper().readTree(two.toFile());
        ((ObjectNode) tree.get("environment")).put("availableProcessors", 64);
        Path bigger = Files.writeString(
                tmp.resolve("bigger.json"), ResultCodec.mapper().writeValueAsString(tree));
        CliRun.of("merge", one.toString(), bigger.toString(), "-o", out.toString())
                .assertUsageError(bigger + " ran on another testbed than " + one + " (CPUs ");
        assertFalse(Files.exists(out), "nothing is written when a check fails");

        CliRun mixed = CliRun.of(
                "merge", one.toString(), bigger.toString(), "-o", out.toString(), "--allow-mixed-testbeds", "-q");
        assertEquals(0, mixed.code(), mixed::toString);
        assertNotNull(ResultCodec.read(out).sharding());

        tree = (ObjectNode) ResultCodec.mapper().readTree(two.toFile());
        ((com.fasterxml.jackson.databind.node.ArrayNode) tree.get("cells")).remove(0);
        Path cut =
                Files.writeString(tmp.resolve("cut.json"), ResultCodec.mapper().writeValueAsString(tree));
        CliRun.of(
                        "merge",
                        one.toString(),
                        cut.toString(),
                        "-o",
                        tmp.resolve("x.json").toString())
                .assertUsageError("(shard 2/2) holds ");
    }
}
