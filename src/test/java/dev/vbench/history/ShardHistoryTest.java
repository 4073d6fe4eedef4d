package dev.vbench.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.testing.CliRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A team history: the shards of one plan, stored at once by their own writers under one run id, are
 * one run in {@code history runs} with every shard and every cell; a shard stored without a run id
 * is refused before it runs.
 */
class ShardHistoryTest {

    private static final int SHARDS = 3;

    @TempDir
    static Path results;

    @TempDir
    Path tmp;

    private static final List<String> files = new ArrayList<>();

    @BeforeAll
    static void runTheShards() {
        for (int k = 1; k <= SHARDS; k++) {
            String file = results.resolve("shard-" + k + ".json").toString();
            CliRun r = CliRun.of(
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
                    "1",
                    "--warmup",
                    "0",
                    "--pinning",
                    "off",
                    "--shard",
                    k + "/" + SHARDS,
                    "-q",
                    "-o",
                    file);
            assertEquals(0, r.code(), r::toString);
            files.add(file);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(HistoryStores.NAMES)
    void concurrentShardWritersMakeOneRunAndLoseNoRow(String kind) throws Exception {
        String url = HistoryStores.url(kind, tmp);
        // the first shard creates the store (H2 lets one process at a time open its file, so shards on
        // several machines share a PostgreSQL store); the others then write at the same moment
        CliRun first = CliRun.of("history", "add", "--history", url, "--run-id", "nightly-7", files.get(0));
        assertEquals(0, first.code(), first::toString);
        ExecutorService pool = Executors.newFixedThreadPool(SHARDS);
        try {
            List<Future<CliRun>> adds = new ArrayList<>();
            for (String file : files.subList(1, files.size())) {
                adds.add(pool.submit(
                        () -> CliRun.of("history", "add", "--history", url, "--run-id", "nightly-7", file)));
            }
            for (Future<CliRun> add : adds) {
                CliRun r = add.get();
                assertEquals(0, r.code(), r::toString);
            }
        } finally {
            pool.shutdown();
        }
        CliRun runs = CliRun.of("history", "runs", "--history", url);
        assertEquals(0, runs.code(), runs::toString);
        List<String> lines = runs.out().strip().lines().toList();
        assertEquals(3, lines.size(), "header, rule and one line for the run: " + runs.out());
        String line = lines.get(2);
        assertTrue(line.contains("run=nightly-7"), line);
        assertTrue(line.contains("3 of 3 shards (1/3 2/3 3/3)"), line);
        assertTrue(line.matches(".*\\s6\\s.*"), "every cell of the plan: " + line);
        CliRun series = CliRun.of("history", "series", "--history", url);
        assertEquals(0, series.code(), series::toString);
        assertEquals(2 + 6, series.out().strip().lines().count(), "one series per cell: " + series.out());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(HistoryStores.NAMES)
    void aShardStoredWithoutARunIdIsRefusedBeforeItRuns(String kind) throws Exception {
        String url = HistoryStores.url(kind, tmp);
        if (System.getenv("VBENCH_RUN_ID") != null || System.getenv("SLURM_ARRAY_JOB_ID") != null) {
            return; // the environment gives one
        }
        CliRun.of("run", "-w", "noop", "--tasks", "5", "--shard", "1/2", "--history", url)
                .assertUsageError("--history with --shard needs the id of the run all shards store into");
        CliRun ok = CliRun.of(
                "run",
                "-w",
                "noop",
                "--tasks",
                "5",
                "--trials",
                "1",
                "--shard",
                "1/1",
                "--history",
                url,
                "--run-id",
                "r1",
                "-q");
        assertEquals(0, ok.code(), ok::toString);
        CliRun runs = CliRun.of("history", "runs", "--history", url);
        assertTrue(runs.out().contains("1 of 1 shards (1/1)"), runs.out());
    }
}
